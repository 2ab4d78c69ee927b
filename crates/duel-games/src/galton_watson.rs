//! The inhomogeneous Galton–Watson game of Delattre & Fournier, Example 23: the number of
//! children of a node at depth k follows μ_k (μ_K = δ_0), and a leaf at depth k is a win of
//! the first player with probability q_k. The tree is not stored: the degree and the outcome
//! of a node are deterministic functions of the seed and of the path (as for
//! [`crate::pearl`]), so agents given the same seed play the same realization.
//!
//! Spec: `galton-watson:K:W0/W1/W2/...[:Q][:seed=S]`: the same law μ (weights of 0, 1, 2, ...
//! children, normalised) at every depth below K, leaves won by the first player with
//! probability Q (default 1/2). Depth-dependent laws: [`GaltonWatson::new`].

use std::sync::Arc;

use duel_core::game::{Game, GameError, Outcome, Player};

use super::pearl::{child_hash, node_uniform53, threshold53, LEAF_SALT};
use crate::mix64;

const DEGREE_SALT: u64 = 0xDE6E_EEEE_0123_4567;

/// The laws of the model.
#[derive(Clone, Debug, PartialEq)]
pub struct GaltonWatsonModel {
    /// cumulative[k][ℓ] = μ_k({0..=ℓ}) as 53-bit thresholds, k < K.
    cumulative: Vec<Vec<u64>>,
    /// q_k as 53-bit thresholds, k ≤ K.
    q: Vec<u64>,
    laws: Vec<Vec<f64>>,
    q_float: Vec<f64>,
    spec: String,
}

/// A position of the Galton–Watson game.
#[derive(Clone, Debug)]
pub struct GaltonWatson {
    model: Arc<GaltonWatsonModel>,
    seed: u64,
    depth: u32,
    hash: u64,
    degree: u32,
}

use crate::spec_parts::bad_spec as bad;
use duel_core::text::quote;

impl GaltonWatson {
    /// The model with laws μ_0..μ_{K−1} (`laws[k][ℓ]` = weight of ℓ children; normalised) and
    /// leaf probabilities q_0..q_K; the depth K is `laws.len()`.
    pub fn new(laws: Vec<Vec<f64>>, q: Vec<f64>, seed: u64) -> Result<GaltonWatson, GameError> {
        let spec = "galton-watson";
        if laws.is_empty() || laws.len() > 4096 {
            return Err(bad(spec, "the depth K must be in 1..=4096"));
        }
        if q.len() != laws.len() + 1 {
            return Err(bad(spec, "give one leaf probability per depth 0..=K"));
        }
        if q.iter().any(|x| !(0.0..=1.0).contains(x)) {
            return Err(bad(spec, "leaf probabilities must be in [0, 1]"));
        }
        let mut cumulative = Vec::new();
        for law in &laws {
            if law.len() > 1001 {
                return Err(bad(spec, "at most 1000 children"));
            }
            let total: f64 = law.iter().sum();
            if law.iter().any(|w| !w.is_finite() || *w < 0.0) || total <= 0.0 {
                return Err(bad(
                    spec,
                    "weights must be non-negative with a positive sum",
                ));
            }
            let mut acc = 0.0;
            let mut cum: Vec<u64> = law
                .iter()
                .map(|w| {
                    acc += w / total;
                    threshold53(acc.min(1.0))
                })
                .collect();
            if let Some(last) = cum.last_mut() {
                *last = 1u64 << 53;
            }
            cumulative.push(cum);
        }
        let model = GaltonWatsonModel {
            cumulative,
            q: q.iter().map(|&x| threshold53(x)).collect(),
            laws,
            q_float: q,
            spec: String::new(),
        };
        Ok(GaltonWatson::root_of(Arc::new(model), seed))
    }

    fn root_of(model: Arc<GaltonWatsonModel>, seed: u64) -> GaltonWatson {
        let hash = mix64(seed ^ 0x4757_0000_0000_0001);
        let mut g = GaltonWatson {
            model,
            seed,
            depth: 0,
            hash,
            degree: 0,
        };
        g.degree = g.draw_degree();
        g
    }

    /// Reads `galton-watson:K:W0/W1/...[:Q][:seed=S]`.
    pub fn from_spec(spec: &str) -> Result<GaltonWatson, GameError> {
        let rest = spec
            .strip_prefix("galton-watson:")
            .ok_or_else(|| GameError::UnknownGame(spec.to_string()))?;
        let parts: Vec<&str> = rest.split(':').collect();
        let shape = "expected galton-watson:K:W0/W1/...[:Q][:seed=S]";
        if parts.len() < 2 {
            return Err(bad(spec, shape));
        }
        if let Some(extra) = parts.get(4) {
            return Err(bad(
                spec,
                format!("{} is a part too many; {shape}", quote(extra)),
            ));
        }
        let k: usize = parts[0]
            .parse()
            .map_err(|_| bad(spec, "the depth K is not a whole number"))?;
        if !(1..=4096).contains(&k) {
            return Err(bad(spec, "the depth K must be in 1..=4096"));
        }
        let law: Vec<f64> = parts[1]
            .split('/')
            .map(|w| w.parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| bad(spec, "the law is a list of weights like 0.2/0/0.8"))?;
        let (q, seed) = crate::spec_parts::parse_leaf_and_seed(spec, &parts[2..])?;
        let q = q.unwrap_or(0.5);
        let mut g = GaltonWatson::new(vec![law; k], vec![q; k + 1], seed).map_err(|e| match e {
            GameError::BadSpec { why, .. } => bad(spec, why),
            other => other,
        })?;
        let mut model = (*g.model).clone();
        model.spec = format!("galton-watson:{}:{}:{}", k, parts[1], q);
        g.model = Arc::new(model);
        Ok(g)
    }

    /// The laws μ_k.
    pub fn laws(&self) -> &[Vec<f64>] {
        &self.model.laws
    }

    /// The leaf probabilities q_k.
    pub fn leaf_probabilities(&self) -> &[f64] {
        &self.model.q_float
    }

    /// The same model, another realization, at the root.
    pub fn with_seed(&self, seed: u64) -> GaltonWatson {
        GaltonWatson::root_of(self.model.clone(), seed)
    }

    fn draw_degree(&self) -> u32 {
        let k = self.depth as usize;
        if k >= self.model.cumulative.len() {
            return 0;
        }
        let u = node_uniform53(self.hash, DEGREE_SALT);
        self.model.cumulative[k]
            .iter()
            .position(|&c| u < c)
            .unwrap_or(0) as u32
    }
}

impl Game for GaltonWatson {
    type Move = u16;

    fn spec(&self) -> String {
        let base = if self.model.spec.is_empty() {
            "galton-watson".to_string()
        } else {
            self.model.spec.clone()
        };
        if self.seed != 0 {
            format!("{base}:seed={}", self.seed)
        } else {
            base
        }
    }

    fn to_move(&self) -> Player {
        Player::after_plies(self.depth as u64)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.degree > 0 {
            return None;
        }
        let q = self.model.q[(self.depth as usize).min(self.model.q.len() - 1)];
        Some(if node_uniform53(self.hash, LEAF_SALT) < q {
            Outcome::Win(Player::First)
        } else {
            Outcome::Win(Player::Second)
        })
    }

    fn legal_moves(&self, moves: &mut Vec<u16>) {
        moves.clear();
        moves.extend(0..self.degree as u16);
    }

    fn play(&mut self, mv: u16) {
        self.hash = child_hash(self.hash, mv as u64);
        self.depth += 1;
        self.degree = self.draw_degree();
    }

    fn key(&self) -> u64 {
        self.hash
    }

    fn format_move(&self, mv: u16) -> String {
        (mv as u32 + 1).to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u16, GameError> {
        match text.trim().parse::<u32>() {
            Ok(v) if (1..=1000).contains(&v) => Ok((v - 1) as u16),
            _ => Err(GameError::BadMove {
                text: text.to_string(),
                why: "a child index from 1".to_string(),
            }),
        }
    }

    fn parse_moves(&self, text: &str) -> Result<Vec<u16>, GameError> {
        crate::move_text::parse_child_moves(text, true, |s| self.parse_move(s))
    }
}
