//! Section 4 of Develin & Payne: Tug o' War (section 4.1, Proposition 4.1 and its
//! corollary) and Ultimatum (Propositions 4.5 and 4.6, Corollary 4.7), and the aperiodic
//! wedge of Proposition 4.8.

use super::part::{cited, holds};
use super::solve::{alice_wins, graph};
use crate::{Check, Claim, ReportOptions, Status};
use duel_bidding::games::parse_game;
use duel_bidding::richman::Richman;
use duel_bidding::BiddingError;

/// Section 4.1 (quoting [LLP+99]): the Richman values of Tug^4, with its orientation
/// misprint.
pub(super) fn section_4_1() -> Result<Vec<Check>, BiddingError> {
    let n = 4i64;
    let built = parse_game("tug:4")?.build()?;
    let r = Richman::solve(&built.graph)?;
    let mut values = Vec::new();
    for k in -n..=n {
        let v = built.parse_position(&k.to_string())?;
        values.push(format!("{k}: {}", r.value(v)));
    }
    let v1 = built.parse_position("1")?;
    Ok(vec![Claim {
        item: "Richman value of Tug^4 at vertex 1",
        source: &cited("section 4.1 (quoting [LLP+99])"),
        published: "(k+n)/2n = 5/8",
        computed: &r.value(v1).to_string(),
        note: &format!(
            "Orientation misprint: with Alice winning at +n the value is (n-k)/2n. All vertices: {}",
            values.join(", ")
        ),
    }
    .judged(Status::of(r.value(v1).to_string() == "5/8"))])
}

/// Proposition 4.1 and Corollary 4.2: who wins Tug^n with how many chips.
pub(super) fn proposition_4_1() -> Result<Vec<Check>, BiddingError> {
    let mut ok = true;
    for n in 1..=4u64 {
        let g = graph(&format!("tug:{n}"))?;
        for k in 0..4 {
            for kp in 0..4 {
                for a in 0..n {
                    for b in 0..n {
                        let (x, y) = (k * n + a, kp * n + b);
                        ok &= alice_wins(&g, x, y, false)? == (k > kp);
                        ok &= alice_wins(&g, x, y, true)? == (k > kp || (k == kp && a == n - 1));
                    }
                }
            }
        }
    }
    Ok(vec![Claim {
        item: "Tug^n outcomes (Proposition 4.1 and its corollary)",
        source: &cited("Proposition 4.1, Corollary 4.2"),
        published: "holds",
        computed: holds(ok),
        note: "n = 1..4, k, k' = 0..3, all a, b < n, both holders of the advantage",
    }
    .judged(Status::of(ok))])
}

/// Propositions 4.5 and 4.6, Corollary 4.7: who wins Ult^n with how many chips.
pub(super) fn propositions_4_5_4_6(opts: &ReportOptions) -> Result<Vec<Check>, BiddingError> {
    let mut ok = true;
    let max_n = if opts.quick { 3 } else { 5 };
    for n in 1..=max_n {
        let g = graph(&format!("ultimatum:{n}"))?;
        let p = 1u64 << n;
        let half = 1u64 << (n - 1);
        for a in 0..=2 * p + 3 {
            for b in 0..=2 * p + 3 {
                ok &= alice_wins(&g, a, b, true)? == (a > b || (a == b && a % p != half - 1));
                ok &= alice_wins(&g, a, b, false)? == (a > b + 1 || (a == b + 1 && a % p != half));
            }
        }
    }
    Ok(vec![Claim {
        item: "Ult^n outcomes",
        source: &cited("Propositions 4.5, 4.6, Corollary 4.7"),
        published: "holds",
        computed: holds(ok),
        note: &format!("n = 1..{max_n}, a, b = 0..2^(n+1)+3 (discrete calculus on the cyclic graph, by truncations to a fixed point)"),
    }
    .judged(Status::of(ok))])
}

/// Proposition 4.8: the wedge of Ult^1, Ult^3, Ult^5, Ult^7 is aperiodic.
pub(super) fn proposition_4_8(opts: &ReportOptions) -> Result<Vec<Check>, BiddingError> {
    let g = graph("prop4.8:4")?;
    let limit = if opts.quick { 40 } else { 200 };
    let mut ok = true;
    let mut draws = Vec::new();
    for k in 0..=limit {
        let draw = [1u32, 3, 5, 7]
            .iter()
            .any(|&n| k % (1 << n) == (1 << (n - 1)) - 1);
        let wins = alice_wins(&g, k, k, true)?;
        ok &= wins != draw;
        if !wins {
            draws.push(k);
        }
    }
    Ok(vec![Claim {
        item: "G(k*, k) not won by Alice exactly when k ≡ 2^(n-1)-1 mod 2^n for an odd n",
        source: &cited("Proposition 4.8"),
        published: "holds (aperiodic)",
        computed: holds(ok),
        note: &format!("wedge of Ult^1, Ult^3, Ult^5, Ult^7 (exact for k < 255), k = 0..{limit}; draws at {draws:?}"),
    }
    .judged(Status::of(ok))])
}
