//! Remark 17 of Delattre & Fournier, exactly: 𝔪, 𝔰, R_1(r) and the mean squared errors of
//! Algorithm 13 and of the alternative strategy on the binary tree of depth 3 with
//! Bernoulli(1/2) leaves, in exact rationals.

use num_rational::BigRational;

use crate::{Check, Claim};
use duel_search::experiments::remark17;

const SOURCE: &str = "Delattre & Fournier, proof of Remark 17";

fn frac(x: &BigRational) -> String {
    format!("{}/{}", x.numer(), x.denom())
}

/// x written over 256, as the paper prints R_n(r).
fn over256(x: &BigRational) -> String {
    let scaled = x * BigRational::from_integer(256.into());
    if scaled.is_integer() {
        format!("{}/256", scaled.numer())
    } else {
        frac(x)
    }
}

/// The proof of Remark 17: every value it prints.
pub(super) fn remark_17() -> Vec<Check> {
    let r = remark17();
    let exact = "Example 23 recursion in exact rationals";
    let mut checks = Vec::new();
    for (k, p) in ["207/256", "9/16", "3/4", "1/2"].iter().enumerate() {
        let claim = Claim {
            item: &format!("𝔪({k}), binary tree of depth 3, Bernoulli(1/2) leaves"),
            source: SOURCE,
            published: p,
            computed: &frac(&r.m[k]),
            note: exact,
        };
        checks.push(claim.compared());
    }
    for (k, p) in ["9/256", "1/16", "1/4"].iter().enumerate() {
        let claim = Claim {
            item: &format!("𝔰({})", k + 1),
            source: SOURCE,
            published: p,
            computed: &frac(&r.s[k + 1]),
            note: exact,
        };
        checks.push(claim.compared());
    }
    let claim = Claim {
        item: "R_1(r) after R(111) = 1 / = 0",
        source: SOURCE,
        published: "228/256, 186/256",
        computed: &format!("{}, {}", over256(&r.r1.0), over256(&r.r1.1)),
        note: "duel's Algorithm 13 picks the leaves; R_n evaluated exactly",
    };
    checks.push(claim.compared());
    for (n, p) in ["4851/32768", "2107/16384", "859/8192"].iter().enumerate() {
        let claim = Claim {
            item: &format!("E[(R_{}(r) − R(r))²], Algorithm 13", n + 1),
            source: SOURCE,
            published: p,
            computed: &frac(&r.algorithm13[n]),
            note: "all 256 outcomes enumerated; leaves chosen by duel's implementation",
        };
        checks.push(claim.compared());
    }
    for (n, p) in ["4851/32768", "2215/16384", "847/8192"].iter().enumerate() {
        let claim = Claim {
            item: &format!("E[(R̃_{}(r) − R(r))²], the alternative strategy", n + 1),
            source: SOURCE,
            published: p,
            computed: &frac(&r.alternative[n]),
            note: "worse than Algorithm 13 after 2 steps, better after 3",
        };
        checks.push(claim.compared());
    }
    checks
}
