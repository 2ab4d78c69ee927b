//! Section 5 of Develin & Payne: the partial order G ≤ G′ when f(G, k) ≤ f(G′, k) for every
//! total k. Example 5.1 (A ≤ G ≤ B) and Example 5.2 (the chain of sudden-death games, with A¹
//! and B¹ equivalent to E), on the threshold tables of Theorem 3.7.

use super::part::{cited, holds};
use super::solve::table_of;
use crate::{Check, Claim, ReportOptions, Status};
use duel_bidding::BiddingError;

/// Example 5.2's chain, from Alice's best game to Bob's: A < … < A³ < A² < E < B² < B³ < … < B.
const CHAIN: &[&str] = &["A", "A:4", "A:3", "A:2", "E", "B:2", "B:3", "B:4", "B"];

/// Examples 5.1 and 5.2 for the totals k ≤ 64 (quick) or 512.
pub(super) fn examples_5_1_5_2(opts: &ReportOptions) -> Result<Vec<Check>, BiddingError> {
    let max_k = if opts.quick { 64 } else { 512 };
    let tables = CHAIN
        .iter()
        .map(|g| table_of(g, max_k))
        .collect::<Result<Vec<_>, _>>()?;
    // G < G′: f(G, k) ≤ f(G′, k) at every k, and < at some k.
    let below = |x: usize, y: usize| {
        tables[x].iter().zip(&tables[y]).all(|(a, b)| a <= b)
            && tables[x].iter().zip(&tables[y]).any(|(a, b)| a < b)
    };
    let steps: Vec<String> = (1..CHAIN.len())
        .filter(|&i| !below(i - 1, i))
        .map(|i| format!("{} < {}", CHAIN[i - 1], CHAIN[i]))
        .collect();
    let e = CHAIN.iter().position(|g| *g == "E").unwrap_or_default();
    // E is built as A¹ (the first player to move wins), so B¹ is the one to compare.
    let b1_is_e = table_of("B:1", max_k)? == tables[e];
    let last = CHAIN.len() - 1;
    let bounds = (1..last).all(|i| {
        tables[0].iter().zip(&tables[i]).all(|(a, b)| a <= b)
            && tables[i].iter().zip(&tables[last]).all(|(a, b)| a <= b)
    });
    let chain_ok = steps.is_empty() && b1_is_e;
    Ok(vec![
        Claim {
            item: &format!("A ≤ G ≤ B for every game of Example 5.2's chain, k ≤ {max_k}"),
            source: &cited("Example 5.1"),
            published: "holds",
            computed: holds(bounds),
            note: "f(A, k) = 0 and f(B, k) = k + 1 bound every table",
        }
        .judged(Status::of(bounds)),
        Claim {
            item: &format!("A < A^4 < A^3 < A^2 < E < B^2 < B^3 < B^4 < B, A^1 ≡ B^1 ≡ E, k ≤ {max_k}"),
            source: &cited("Example 5.2"),
            published: "holds",
            computed: &if chain_ok {
                "holds".to_string()
            } else {
                let b1 = if b1_is_e { "" } else { "; B^1 is not E" };
                format!("fails: {}{b1}", steps.join(", "))
            },
            note: "G < G′: f(G, k) ≤ f(G′, k) at every total, < at one at least (Theorem 3.7's tables); E is built as A^1, B^1 compared with it",
        }
        .judged(Status::of(chain_ok)),
    ])
}
