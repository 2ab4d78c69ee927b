//! Section 4 of Develin & Payne: Tug o' War (section 4.1, Proposition 4.1 and its
//! corollary) and Ultimatum (Propositions 4.5 and 4.6, Corollary 4.7), and the aperiodic
//! wedge of Proposition 4.8; Proposition 4.4, a game of tugs that is not stable.

use super::part::{cited, holds};
use super::solve::{alice_wins, graph};
use crate::{Check, Claim, ReportOptions, Status};
use duel_bidding::games::parse_game;
use duel_bidding::graph::{GameGraph, GraphBuilder};
use duel_bidding::richman::Richman;
use duel_bidding::BiddingError;
use duel_core::exact::Rational;
use duel_core::game::{Outcome, Player};

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

/// Proposition 4.3's game up to Tug^`most`: the first player to move picks the start of
/// Tug^n, 1 ≤ n ≤ `most` (the paper's game has every n; Bob's draw needs n > 4a + 1).
fn tug_wedge(most: u64) -> Result<GameGraph, BiddingError> {
    let mut b = GraphBuilder::new();
    let start = b.vertex("choose Tug^n", None);
    for n in 1..=most {
        let tug = graph(&format!("tug:{n}"))?;
        let s = b.embed_prefixed(&tug, &format!("Tug^{n} "));
        b.both(start, s);
    }
    b.finish(start)
}

/// Proposition 4.3: R(G) = 1/2, but G(3a, a*) is a draw (neither player can force a win).
pub(super) fn proposition_4_3() -> Result<Vec<Check>, BiddingError> {
    let most_a = 5u64;
    let g = tug_wedge(4 * most_a + 4)?;
    // R(G): the truncation iteration settles exactly on the choice up to Tug^6 (longer tugs
    // converge slowly; each has R = 1/2 by symmetry, so the choice's value is theirs).
    let small = tug_wedge(6)?;
    let r = Richman::solve(&small)?;
    let half = r.exact && *r.value(small.start()) == Rational::new(1.into(), 2.into());
    let bar = g.swapped();
    let mut draws = Vec::new();
    for a in 2..=most_a {
        let alice = alice_wins(&g, 3 * a, a, false)?;
        // Bob wins G(3a, a*) when Alice, in his role, wins Ḡ(a*, 3a).
        let bob = alice_wins(&bar, a, 3 * a, true)?;
        draws.push(!alice && !bob);
    }
    let all = draws.iter().all(|&d| d);
    Ok(vec![Claim {
        item: "Proposition 4.3: R(G) = 1/2 but G(3a, a*) is a draw, G the choice of any Tug^n",
        source: &cited("Proposition 4.3"),
        published: "R(G) = 1/2; a draw for every a > 1",
        computed: &format!(
            "R(G) = {} (Tug^n up to n = 6); {} for a = 2..{most_a} (Tug^n up to n = {})",
            r.value(small.start()),
            if all { "a draw" } else { "not always a draw" },
            4 * most_a + 4
        ),
        note: "neither Alice nor Bob (in Ḡ) wins in finitely many moves: the search of Theorem 3.7 on the graph with cycles",
    }
    .judged(Status::of(half && all))])
}

/// Tug^n in `b`, its vertices -n..=n (Alice winning at +n) at indices k + n; with
/// `stable_bob`, Bob moves only towards -n, where the Richman value (n - k)/2n grows.
fn add_tug(b: &mut GraphBuilder, n: i64, prefix: &str, stable_bob: bool) -> Vec<u32> {
    let ids: Vec<u32> = (-n..=n)
        .map(|k| {
            let outcome = (k.abs() == n).then_some(Outcome::Win(if k == n {
                Player::ALICE
            } else {
                Player::BOB
            }));
            b.vertex(format!("{prefix}{k}"), outcome)
        })
        .collect();
    for i in 1..ids.len() - 1 {
        b.edge(Player::ALICE, ids[i], ids[i + 1]);
        b.edge(Player::ALICE, ids[i], ids[i - 1]);
        b.edge(Player::BOB, ids[i], ids[i - 1]);
        if !stable_bob {
            b.edge(Player::BOB, ids[i], ids[i + 1]);
        }
    }
    ids
}

/// Proposition 4.4's game: the first mover picks Tug^1, or Tug^n for 10 ≤ n ≤ `most` one step
/// from Alice's side (the paper's node -1, in the orientation of its misprint of section 4.1).
/// With `stable_bob`, Bob keeps only his stable moves: Tug^1 (R = 1/2, against (n - 1)/2n for
/// the others), then towards -n.
fn proposition_4_4_game(most: i64, stable_bob: bool) -> Result<GameGraph, BiddingError> {
    let mut b = GraphBuilder::new();
    let start = b.vertex("choose", None);
    let one = add_tug(&mut b, 1, "Tug^1 ", stable_bob);
    b.both(start, one[1]);
    for n in 10..=most {
        let ids = add_tug(&mut b, n, &format!("Tug^{n} "), stable_bob);
        let near = ids[n as usize + 1];
        b.edge(Player::ALICE, start, near);
        if !stable_bob {
            b.edge(Player::BOB, start, near);
        }
    }
    b.finish(start)
}

/// Proposition 4.4: G(3a*, 2a) is not stable: Alice wins it against Bob's stable moves only,
/// but not against all of his moves (nor does Bob win it: a draw).
pub(super) fn proposition_4_4() -> Result<Vec<Check>, BiddingError> {
    let most_a = 4u64;
    let most_n = 5 * most_a as i64 + 6;
    let g = proposition_4_4_game(most_n, false)?;
    let stable = proposition_4_4_game(most_n, true)?;
    let bar = g.swapped();
    let mut unstable = Vec::new();
    let mut draws = true;
    for a in 1..=most_a {
        let free = alice_wins(&g, 3 * a, 2 * a, true)?;
        let against_stable = alice_wins(&stable, 3 * a, 2 * a, true)?;
        unstable.push(!free && against_stable);
        // Bob wins G(3a*, 2a) when Alice, in his role, wins Ḡ(2a, 3a*).
        draws &= !free && !alice_wins(&bar, 2 * a, 3 * a, false)?;
    }
    let all = unstable.iter().all(|&u| u);
    Ok(vec![Claim {
        item: "Proposition 4.4: G(3a*, 2a) not stable, G the choice of Tug^1 or Tug^n from -1",
        source: &cited("Proposition 4.4"),
        published: "not stable for every a",
        computed: &format!(
            "{} for a = 1..{most_a} (Tug^n for 10 ≤ n ≤ {most_n}){}",
            if all { "not stable" } else { "stable for some a" },
            if draws { "; a draw" } else { "" }
        ),
        note: "Alice wins against Bob's stable moves only (Tug^1, then towards his end), not against all of them: the search of Theorem 3.7 on the graph with cycles; -1 is one step from Alice's end, as section 4.1 orients Tug^n",
    }
    .judged(Status::of(all))])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn with_every_chip_alice_wins_and_with_6_against_2_no_one_does() {
        let g = tug_wedge(12).unwrap();
        let bar = g.swapped();
        // 20 chips against 0*: Alice takes the first bid for 1, picks Tug^1, takes the next.
        let one = (
            alice_wins(&g, 20, 0, false).unwrap(),
            alice_wins(&bar, 0, 20, true).unwrap(),
        );
        let two = (
            alice_wins(&g, 6, 2, false).unwrap(),
            alice_wins(&bar, 2, 6, true).unwrap(),
        );
        assert_eq!(one, (true, false), "Alice wins with every chip");
        assert_eq!(two, (false, false), "a = 2 is a draw");
    }
}
