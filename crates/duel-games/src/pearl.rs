//! Pearl's game (Delattre & Fournier, Remark 24 and section 8.4): the `d`-regular tree of depth
//! `K` whose leaves carry i.i.d. Bernoulli(`p`) outcomes (1 = the first player wins).
//!
//! Leaves are not stored: the outcome of a leaf is a deterministic function of the seed and of
//! the path from the root (an incremental 64-bit mix, see [`Pearl::key`]), so two agents given
//! the same seed play the same realization and a tree of depth 32 costs no memory.
//!
//! Moves are child indices, written from 1 (`1`..=`d`), as in the paper's words `111`, `121`.
//! A move list is a string of digits when `d ≤ 9` (`121`), or indices separated by `.`, `,`
//! or spaces (`1.10.3`) for any `d`.

use duel_core::game::{Game, GameError, Outcome, Player};

use crate::mix64;

/// The largest degree accepted (moves are `u16`; larger trees are not useful here).
pub const MAX_DEGREE: u32 = 1000;
/// The largest depth accepted.
pub const MAX_DEPTH: u32 = 4096;

/// A position of Pearl's game: the tree parameters, the realization (seed) and the path played.
#[derive(Clone, Debug)]
pub struct Pearl {
    degree: u16,
    max_depth: u16,
    p: f64,
    p_given: bool,
    /// A leaf is a first-player win iff its 53-bit uniform is below this.
    threshold: u64,
    seed: u64,
    depth: u16,
    hash: u64,
}

/// The hash of the child `index` of a node whose hash is `hash`.
#[inline]
pub fn child_hash(hash: u64, index: u64) -> u64 {
    mix64(hash ^ (index.wrapping_add(1)).wrapping_mul(0xD6E8_FEB8_6659_FD93))
}

/// A uniform number in [0, 1) with 53 bits, as an integer below 2^53, attached to a node hash.
#[inline]
pub(crate) fn node_uniform53(hash: u64, salt: u64) -> u64 {
    mix64(hash ^ salt) >> 11
}

pub(crate) const LEAF_SALT: u64 = 0x5EED_1EAF_0F0F_1234;

/// `p` as a threshold on 53-bit uniforms.
pub(crate) fn threshold53(p: f64) -> u64 {
    (p * (1u64 << 53) as f64).round() as u64
}

/// E[R(r)] for Pearl's tree of degree `d`, depth `k`, leaf probability `p`: the backward
/// induction 𝔪 of Remark 24 (𝔪(K) = p; 𝔪(j) = 𝔪(j+1)^d at odd j, 1 − (1 − 𝔪(j+1))^d at even j).
pub fn expected_root_value(d: u32, k: u32, p: f64) -> f64 {
    let mut m = p;
    for j in (0..k).rev() {
        m = if j % 2 == 1 {
            m.powi(d as i32)
        } else {
            1.0 - (1.0 - m).powi(d as i32)
        };
    }
    m
}

/// The leaf probability `p` that makes E[R(r)] = 1/2 (section 8.4), by bisection on the
/// increasing map p ↦ 𝔪(0) of Remark 24.
pub fn fair_leaf_probability(d: u32, k: u32) -> f64 {
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if expected_root_value(d, k, mid) < 0.5 {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi - lo <= f64::EPSILON * hi {
            break;
        }
    }
    0.5 * (lo + hi)
}

use crate::spec_parts::bad_spec as bad;
use duel_core::text::quote;

impl Pearl {
    /// Pearl's game of degree `d` and depth `k`; `p` is the leaf probability (`None`: the fair
    /// value of section 8.4), `seed` picks the realization.
    pub fn new(d: u32, k: u32, p: Option<f64>, seed: u64) -> Result<Pearl, GameError> {
        let spec = match p {
            Some(p) => format!("pearl:{d}:{k}:{p}"),
            None => format!("pearl:{d}:{k}"),
        };
        if !(2..=MAX_DEGREE).contains(&d) {
            return Err(bad(
                &spec,
                format!("the degree D must be in 2..={MAX_DEGREE}"),
            ));
        }
        if !(1..=MAX_DEPTH).contains(&k) {
            return Err(bad(
                &spec,
                format!("the depth K must be in 1..={MAX_DEPTH}"),
            ));
        }
        if let Some(p) = p {
            if !(0.0..=1.0).contains(&p) {
                return Err(bad(&spec, "the leaf probability P must be in [0, 1]"));
            }
        }
        let prob = p.unwrap_or_else(|| fair_leaf_probability(d, k));
        Ok(Pearl {
            degree: d as u16,
            max_depth: k as u16,
            p: prob,
            p_given: p.is_some(),
            threshold: threshold53(prob),
            seed,
            depth: 0,
            hash: mix64(seed ^ 0x0050_4541_524C_0000),
        })
    }

    /// Reads `pearl:D:K[:P][:seed=S]`.
    pub fn from_spec(spec: &str) -> Result<Pearl, GameError> {
        let rest = spec
            .strip_prefix("pearl:")
            .ok_or_else(|| GameError::UnknownGame(spec.to_string()))?;
        let parts: Vec<&str> = rest.split(':').collect();
        let shape = "expected pearl:D:K[:P][:seed=S]";
        if parts.len() < 2 {
            return Err(bad(spec, shape));
        }
        if let Some(extra) = parts.get(4) {
            return Err(bad(
                spec,
                format!("{} is a part too many; {shape}", quote(extra)),
            ));
        }
        let d: u32 = parts[0].parse().map_err(|_| {
            bad(
                spec,
                format!("degree {} is not a whole number", quote(parts[0])),
            )
        })?;
        let k: u32 = parts[1].parse().map_err(|_| {
            bad(
                spec,
                format!("depth {} is not a whole number", quote(parts[1])),
            )
        })?;
        let (p, seed) = crate::spec_parts::parse_leaf_and_seed(spec, &parts[2..])?;
        let mut g = Pearl::new(d, k, p, seed)?;
        g.p_given = p.is_some();
        Ok(g)
    }

    /// The same tree parameters with another realization, at the root.
    pub fn with_seed(&self, seed: u64) -> Pearl {
        let mut g = self.clone();
        g.seed = seed;
        g.depth = 0;
        g.hash = mix64(seed ^ 0x0050_4541_524C_0000);
        g
    }

    /// The degree d.
    pub fn degree(&self) -> u32 {
        self.degree as u32
    }

    /// The depth K of the tree.
    pub fn max_depth(&self) -> u32 {
        self.max_depth as u32
    }

    /// The leaf probability p.
    pub fn leaf_probability(&self) -> f64 {
        self.p
    }

    /// The seed of the realization.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The depth of this position (moves played from the root).
    pub fn depth(&self) -> u32 {
        self.depth as u32
    }

    fn leaf_wins_first(&self) -> bool {
        node_uniform53(self.hash, LEAF_SALT) < self.threshold
    }
}

impl Game for Pearl {
    type Move = u16;

    fn spec(&self) -> String {
        let mut s = format!("pearl:{}:{}", self.degree, self.max_depth);
        if self.p_given {
            s.push_str(&format!(":{}", self.p));
        }
        if self.seed != 0 {
            s.push_str(&format!(":seed={}", self.seed));
        }
        s
    }

    fn to_move(&self) -> Player {
        Player::after_plies(u64::from(self.depth))
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if self.depth < self.max_depth {
            return None;
        }
        Some(if self.leaf_wins_first() {
            Outcome::Win(Player::First)
        } else {
            Outcome::Win(Player::Second)
        })
    }

    #[inline]
    fn legal_moves(&self, moves: &mut Vec<u16>) {
        moves.clear();
        if self.depth < self.max_depth {
            moves.extend(0..self.degree);
        }
    }

    /// The moves are 0..d: no list.
    #[inline]
    fn draw_move(
        &self,
        _scratch: &mut Vec<u16>,
        draw: impl FnOnce(usize) -> usize,
    ) -> (usize, usize, u16) {
        debug_assert!(self.depth < self.max_depth);
        let d = usize::from(self.degree);
        let i = draw(d);
        (d, i, i as u16)
    }

    #[inline]
    fn play(&mut self, mv: u16) {
        debug_assert!(self.depth < self.max_depth && mv < self.degree);
        self.hash = child_hash(self.hash, mv as u64);
        self.depth += 1;
    }

    fn key(&self) -> u64 {
        self.hash
    }

    fn format_move(&self, mv: u16) -> String {
        (mv as u32 + 1).to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u16, GameError> {
        let why = format!("a child index from 1 to {}", self.degree);
        let v: u32 = text.trim().parse().map_err(|_| GameError::BadMove {
            text: text.to_string(),
            why: why.clone(),
        })?;
        if v == 0 || v > self.degree as u32 {
            return Err(GameError::BadMove {
                text: text.to_string(),
                why,
            });
        }
        Ok((v - 1) as u16)
    }

    fn format_moves(&self, moves: &[u16]) -> String {
        let parts: Vec<String> = moves.iter().map(|&m| self.format_move(m)).collect();
        if self.degree <= 9 {
            parts.concat()
        } else {
            parts.join(".")
        }
    }

    fn parse_moves(&self, text: &str) -> Result<Vec<u16>, GameError> {
        // With d ≥ 10 a bare number is a single move.
        crate::move_text::parse_child_moves(text, self.degree <= 9, |s| self.parse_move(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden_ratio_is_the_fixed_point_for_even_depth() {
        // Delattre & Fournier 8.11 (after Pearl): with d = 2, K even, p = (√5−1)/2, E[R(r)] = p.
        let g = (5f64.sqrt() - 1.0) / 2.0;
        for k in [2, 4, 8, 16, 32] {
            assert!((expected_root_value(2, k, g) - g).abs() < 1e-12);
        }
    }

    #[test]
    fn fair_probability_gives_one_half() {
        for (d, k) in [(2, 32), (2, 16), (3, 5), (7, 6)] {
            let p = fair_leaf_probability(d, k);
            assert!(
                (expected_root_value(d, k, p) - 0.5).abs() < 1e-9,
                "{d} {k} {p}"
            );
        }
    }
}
