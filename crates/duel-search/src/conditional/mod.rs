//! The conditional law of the minimax values on small random game trees, computed exactly by
//! enumeration: the ground truth that Delattre & Fournier's formulas are checked against.
//!
//! - `pearl.rs`: Pearl's model (a complete tree, i.i.d. Bernoulli leaves) given the leaves seen:
//!   R_n by Proposition 9 against the law itself, the descent of Theorem 11 against the boundary
//!   node that minimises the expected error (L² and L¹, Remark 12), Proposition 21's Δ, and
//!   Remark 14 (ii) on duel's Algorithm 13.
//! - `galton_watson.rs`: inhomogeneous Galton–Watson trees (of order one and two): 𝔪 and 𝔰 of
//!   Examples 23 and 25 against Definition 7, and Lemma 16.

pub mod galton_watson;
pub mod pearl;

use num_bigint::BigInt;
use num_rational::BigRational;

/// An exact rational from two integers.
pub(crate) fn ratio(n: u128, d: u128) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}
