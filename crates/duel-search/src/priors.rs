//! The functions m and s of Algorithm 13 for the models of section 6 of Delattre & Fournier:
//! the symmetric priors of (11) (Sym: s ≡ 1; SymP: the s of Remark 27, exponent b = 2), the
//! inhomogeneous Galton–Watson tree of Example 23 (GW) and the order-two model of Example 25
//! (GW2), with the parameters μ_k, q_k fitted from uniformly random matches (section 8.2).

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use num_traits::{One, Zero};
use rand::Rng;

use duel_core::game::{Game, Outcome, Player};

use super::agent::uniform_index;
use super::logit::LogProb;

/// Which prior an Algorithm-13 agent uses.
#[derive(Clone, Debug, PartialEq)]
pub enum PriorKind {
    /// m_a of (11) with m(root) = a. Sym (`name` = "sym"): s(child) = (m or 1 − m of the
    /// father)^{b(d−1)} s(father) as printed in section 2.14 (b = 0: s ≡ 1). SymP (`name` =
    /// "symp"): the s of Pearl's model, s(child) = s(father) / m(child)^{2(d−1)} (m(child) taken
    /// on the side of the mover), which is what Remark 24 gives; Remark 27 prints the exponent
    /// 2(d−1) on the father's m instead, which inverts the relation (see the report).
    Symmetric {
        /// a = m(root) ∈ (0, 1).
        a: f64,
        /// The exponent b of section 2.14.
        b: f64,
        /// `sym` or `symp`.
        name: &'static str,
    },
    /// Example 23 with μ_k, q_k fitted from `fit` uniformly random matches from the root.
    GaltonWatson {
        /// Number of random matches.
        fit: u64,
    },
    /// Example 25 (order two), fitted the same way.
    GaltonWatson2 {
        /// Number of random matches.
        fit: u64,
    },
    /// 𝔪 and 𝔰 by depth (from the root of the search), given.
    Depth(Arc<DepthTables>),
}

impl PriorKind {
    /// The agent spec text.
    pub fn text(&self) -> String {
        match self {
            PriorKind::Symmetric { a, b, name } => {
                if *b == 0.0 || *name == "symp" {
                    format!("{name}:a={}", super::agent::num(*a))
                } else {
                    format!(
                        "{name}:a={},b={}",
                        super::agent::num(*a),
                        super::agent::num(*b)
                    )
                }
            }
            PriorKind::GaltonWatson { fit } => format!("gw:fit={fit}"),
            PriorKind::GaltonWatson2 { fit } => format!("gw2:fit={fit}"),
            PriorKind::Depth(_) => "gw:model".to_string(),
        }
    }
}

/// 𝔪(k) and 𝔰(k) by depth k (Example 23); depths beyond the tables use the last entry.
#[derive(Clone, Debug, PartialEq)]
pub struct DepthTables {
    /// 𝔪(k).
    pub m: Vec<f64>,
    /// 𝔰(k).
    pub s: Vec<f64>,
}

/// 𝔪(k, d) and 𝔰(k, d) of Example 25, with the tables of Example 23 as fallback.
#[derive(Clone, Debug, PartialEq)]
pub struct DepthDegreeTables {
    /// (k, degree of the father) ↦ (𝔪, 𝔰).
    pub by_degree: HashMap<(usize, usize), (f64, f64)>,
    /// Fallback by depth.
    pub depth: DepthTables,
}

/// The statistics of uniformly random matches from a root (section 8.2).
#[derive(Clone, Debug, Default)]
pub struct MatchStatistics {
    /// `counts[k][ℓ]`: nodes at depth k with ℓ children (ℓ = 0: terminal).
    pub counts: Vec<Vec<u64>>,
    /// `counts2[k][(d, ℓ)]`: nodes at depth k ≥ 1 whose father has d children, with ℓ children.
    pub counts2: Vec<HashMap<(usize, usize), u64>>,
    /// `wins[k]`: terminal nodes at depth k won by the root player (draws count as losses).
    pub wins: Vec<u64>,
}

/// The fit of GW or GW2 could not get the memory for its tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FitOutOfMemory {
    /// The bytes its tables would have held with the allocation refused.
    pub needed_bytes: u64,
}

impl From<FitOutOfMemory> for super::agent::SearchError {
    fn from(e: FitOutOfMemory) -> Self {
        super::agent::SearchError::FitOutOfMemory {
            needed_bytes: e.needed_bytes,
        }
    }
}

/// The bytes the fit's tables hold, kept within `most` ([`MatchStatistics::sample_within`]).
struct TableBytes {
    held: usize,
    most: usize,
}

impl TableBytes {
    /// Accounts for an allocation growing from `before` to `after` bytes: an error, where
    /// that passes `most`, with the bytes the tables would then hold.
    fn grow(&mut self, before: usize, after: usize) -> Result<(), FitOutOfMemory> {
        let held = self.held.saturating_sub(before).saturating_add(after);
        if held > self.most {
            return Err(FitOutOfMemory {
                needed_bytes: held as u64,
            });
        }
        self.held = held;
        Ok(())
    }

    /// The bytes the tables would hold with `bytes` more: the error of a refused allocation.
    fn refused(&self, bytes: usize) -> FitOutOfMemory {
        FitOutOfMemory {
            needed_bytes: self.held.saturating_add(bytes) as u64,
        }
    }
}

/// Lengthens `v` to `len` (with `T::default()`), fallibly and within `bytes`.
fn grow<T: Default + Clone>(
    v: &mut Vec<T>,
    len: usize,
    bytes: &mut TableBytes,
) -> Result<(), FitOutOfMemory> {
    if v.len() >= len {
        return Ok(());
    }
    let size = std::mem::size_of::<T>();
    let before = v.capacity() * size;
    if v.capacity() < len {
        // The amortised growth of a Vec (at least doubling), fallibly.
        v.try_reserve(len - v.len())
            .map_err(|_| bytes.refused(len.saturating_mul(size)))?;
    }
    bytes.grow(before, v.capacity() * size)?;
    v.resize(len, T::default());
    Ok(())
}

/// Bytes of a hash map's table of `capacity` entries of type `E` (and a control byte each).
fn map_bytes<E>(capacity: usize) -> usize {
    capacity.saturating_mul(std::mem::size_of::<E>() + 1)
}

/// Counts `key` in `map`, fallibly and within `bytes`.
fn count_in(
    map: &mut HashMap<(usize, usize), u64>,
    key: (usize, usize),
    bytes: &mut TableBytes,
) -> Result<(), FitOutOfMemory> {
    type Entry = ((usize, usize), u64);
    if let Some(c) = map.get_mut(&key) {
        *c += 1;
        return Ok(());
    }
    let before = map_bytes::<Entry>(map.capacity());
    if map.len() == map.capacity() {
        map.try_reserve(1)
            .map_err(|_| bytes.refused(map_bytes::<Entry>(2 * map.capacity().max(4))))?;
    }
    bytes.grow(before, map_bytes::<Entry>(map.capacity()))?;
    map.insert(key, 1);
    Ok(())
}

impl MatchStatistics {
    /// Plays `matches` uniformly random matches from `root` (fewer, but at least 100, if the
    /// `deadline` passes first). Its tables grow fallibly, within a quarter of the address
    /// space left under `ulimit -v` ([`MatchStatistics::sample_within`]): the fit is not the
    /// search, whose tree must find room after it.
    pub fn sample<G: Game, R: Rng>(
        root: &G,
        matches: u64,
        rng: &mut R,
        deadline: Option<std::time::Instant>,
    ) -> Result<MatchStatistics, FitOutOfMemory> {
        let most = duel_core::limits::address_space_left().map_or(usize::MAX, |left| {
            usize::try_from(left / 4).unwrap_or(usize::MAX)
        });
        Self::sample_within(root, matches, rng, deadline, most)
    }

    /// [`MatchStatistics::sample`] with tables of at most `most_bytes` (counted as the
    /// capacities of their vectors and hash maps): an error, with the bytes they would
    /// have needed, where they pass it or the system refuses them.
    pub fn sample_within<G: Game, R: Rng>(
        root: &G,
        matches: u64,
        rng: &mut R,
        deadline: Option<std::time::Instant>,
        most_bytes: usize,
    ) -> Result<MatchStatistics, FitOutOfMemory> {
        let mut st = MatchStatistics::default();
        let mut bytes = TableBytes {
            held: 0,
            most: most_bytes,
        };
        let j1 = root.to_move();
        let mut moves = Vec::new();
        for i in 0..matches {
            if i >= 100 && i % 64 == 0 && deadline.is_some_and(|d| std::time::Instant::now() >= d) {
                break;
            }
            let mut pos = root.clone();
            let mut depth = 0usize;
            let mut father_degree = 0usize;
            loop {
                grow(&mut st.counts, depth + 1, &mut bytes)?;
                grow(&mut st.counts2, depth + 1, &mut bytes)?;
                grow(&mut st.wins, depth + 1, &mut bytes)?;
                pos.legal_moves(&mut moves);
                let l = moves.len();
                grow(&mut st.counts[depth], l + 1, &mut bytes)?;
                st.counts[depth][l] += 1;
                if depth > 0 {
                    count_in(&mut st.counts2[depth], (father_degree, l), &mut bytes)?;
                }
                if l == 0 {
                    if pos.outcome() == Some(Outcome::Win(j1)) {
                        st.wins[depth] += 1;
                    }
                    break;
                }
                pos.play(moves[uniform_index(rng, l)]);
                father_degree = l;
                depth += 1;
            }
        }
        Ok(st)
    }

    /// The bytes the fitted tables of GW (`order_two` false) or GW2 take at most, with what
    /// computing them allocates on the way: twice the statistics, counted entry by entry
    /// (a depth's law and its q, 𝔪 and 𝔰 in floats and in log form; for GW2 each (depth,
    /// degree) pair in two hash maps and a map of laws).
    pub fn tables_bytes(&self, order_two: bool) -> u64 {
        let depths = self.counts.len() as u64;
        let laws: u64 = self.counts.iter().map(|c| c.len() as u64).sum();
        let mut bytes = depths * 128 + laws * 16;
        if order_two {
            let pairs: u64 = self.counts2.iter().map(|m| m.len() as u64).sum();
            bytes += depths * 64 + pairs * 160;
        }
        2 * bytes
    }

    /// Whether the fitted tables ([`MatchStatistics::tables_bytes`]) fit in half the address
    /// space left under `ulimit -v`: else the error, with their bytes.
    pub fn check_room_for_tables(&self, order_two: bool) -> Result<(), FitOutOfMemory> {
        let needed_bytes = self.tables_bytes(order_two);
        match duel_core::limits::address_space_left() {
            Some(left) if needed_bytes > left / 2 => Err(FitOutOfMemory { needed_bytes }),
            _ => Ok(()),
        }
    }

    /// μ_k and q_k as floats.
    pub fn model(&self) -> (Vec<Vec<f64>>, Vec<f64>) {
        let mut mu = Vec::new();
        let mut q = Vec::new();
        for (k, c) in self.counts.iter().enumerate() {
            let total: u64 = c.iter().sum();
            mu.push(c.iter().map(|&x| x as f64 / total.max(1) as f64).collect());
            let term = c.first().copied().unwrap_or(0);
            q.push(if term > 0 {
                self.wins[k] as f64 / term as f64
            } else {
                0.5
            });
        }
        (mu, q)
    }
}

/// 𝔪 and 𝔰 of Example 23 by backward induction, for any number type (exact rationals in the
/// tests of Remark 17, floats in the agents). `mu[k][ℓ]` = μ_k(ℓ), `q[k]` = q_k; the last depth
/// K = mu.len() − 1 must have μ_K = δ_0. Depth k odd means the second player (J0) moves.
pub fn galton_watson_tables<T>(mu: &[Vec<T>], q: &[T]) -> (Vec<T>, Vec<T>)
where
    T: Clone + Zero + One + std::ops::Sub<Output = T> + std::ops::Mul<Output = T>,
{
    let kmax = mu.len() - 1;
    let mut m = vec![T::zero(); kmax + 1];
    let mut s = vec![T::zero(); kmax + 1];
    m[kmax] = q[kmax].clone();
    s[kmax] = q[kmax].clone() * (T::one() - q[kmax].clone());
    let sq = |x: T| x.clone() * x;
    for k in (0..kmax).rev() {
        let odd = k % 2 == 1;
        let mu0 = mu[k].first().cloned().unwrap_or_else(T::zero);
        let mut mk = mu0.clone() * q[k].clone();
        let next = if odd {
            m[k + 1].clone()
        } else {
            T::one() - m[k + 1].clone()
        };
        for (l, w) in mu[k].iter().enumerate().skip(1) {
            let p = num_traits::pow(next.clone(), l);
            mk = mk + w.clone() * if odd { p } else { T::one() - p };
        }
        // Complement of 𝔪(k) from the side of the mover, as in the formula for 𝔰.
        let mk_side = if odd {
            mk.clone()
        } else {
            T::one() - mk.clone()
        };
        let mut sk = mu0
            * (q[k].clone() * sq(T::one() - mk.clone())
                + (T::one() - q[k].clone()) * sq(mk.clone()));
        for (l, w) in mu[k].iter().enumerate().skip(1) {
            let p2 = num_traits::pow(next.clone(), 2 * l - 2);
            let pl = num_traits::pow(next.clone(), l);
            sk = sk + w.clone() * (p2 * s[k + 1].clone() + sq(pl - mk_side.clone()));
        }
        m[k] = mk;
        s[k] = sk;
    }
    (m, s)
}

/// The fitted tables of GW (Example 23).
pub fn fit_galton_watson(stats: &MatchStatistics) -> DepthTables {
    let (mu, q) = stats.model();
    let (m, s) = galton_watson_tables(&mu, &q);
    DepthTables { m, s }
}

/// The fitted tables of GW2 (Example 25): 𝔪(k, d), 𝔰(k, d) for the (depth, father degree)
/// pairs seen, by backward induction; unseen pairs fall back to GW.
pub fn fit_galton_watson2(stats: &MatchStatistics) -> DepthDegreeTables {
    let depth = fit_galton_watson(stats);
    let (_, q) = stats.model();
    let kmax = stats.counts.len() - 1;
    let mut by_degree: HashMap<(usize, usize), (f64, f64)> = HashMap::new();
    for k in (1..=kmax).rev() {
        // Group counts2[k] by father degree d, each law in the order of l: the sums below
        // then do not depend on the hash map's order, and a seed gives the same bits.
        let mut laws: BTreeMap<usize, Vec<(usize, u64)>> = BTreeMap::new();
        for (&(d, l), &c) in &stats.counts2[k] {
            laws.entry(d).or_default().push((l, c));
        }
        for (d, mut law) in laws {
            law.sort_unstable();
            let total: u64 = law.iter().map(|x| x.1).sum();
            let odd = k % 2 == 1;
            let lookup = |l: usize| -> (f64, f64) {
                by_degree.get(&(k + 1, l)).copied().unwrap_or_else(|| {
                    let i = (k + 1).min(depth.m.len() - 1);
                    (depth.m[i], depth.s[i])
                })
            };
            let mu0 = law
                .iter()
                .find(|x| x.0 == 0)
                .map_or(0.0, |x| x.1 as f64 / total as f64);
            let mut mk = mu0 * q[k];
            for &(l, c) in law.iter().filter(|x| x.0 > 0) {
                let w = c as f64 / total as f64;
                let (mn, _) = lookup(l);
                mk += w * if odd {
                    mn.powi(l as i32)
                } else {
                    1.0 - (1.0 - mn).powi(l as i32)
                };
            }
            let side = if odd { mk } else { 1.0 - mk };
            let mut sk = mu0 * (q[k] * (1.0 - mk).powi(2) + (1.0 - q[k]) * mk.powi(2));
            for &(l, c) in law.iter().filter(|x| x.0 > 0) {
                let w = c as f64 / total as f64;
                let (mn, sn) = lookup(l);
                let next = if odd { mn } else { 1.0 - mn };
                sk += w * (next.powi(2 * l as i32 - 2) * sn + (next.powi(l as i32) - side).powi(2));
            }
            by_degree.insert((k, d), (mk, sk));
        }
    }
    DepthDegreeTables { by_degree, depth }
}

/// A prior (m, ln s) of a boundary node.
pub(crate) type LogPrior = (LogProb, f64);

/// GW2's priors by (depth, father's degree), with GW's by depth as fallback.
pub(crate) type DegreePriors = (HashMap<(usize, usize), LogPrior>, Vec<LogPrior>);

/// A prior ready for the search: how the values of a new litter are computed.
#[derive(Clone, Debug)]
pub(crate) enum Prior {
    Symmetric {
        a: f64,
        b: f64,
        pearl: bool,
    },
    /// (m, ln s) by depth.
    Depth(Arc<Vec<LogPrior>>),
    /// (m, ln s) by (depth, degree of the father), and by depth as fallback.
    DepthDegree(Arc<DegreePriors>),
}

/// Keeps fitted probabilities strictly inside (0, 1) and s > 0, so that Proposition 15 applies.
fn admissible(m: f64, s: f64) -> (LogProb, f64) {
    let m = m.clamp(1e-12, 1.0 - 1e-12);
    (LogProb::from_prob(m), s.max(1e-300).ln())
}

impl Prior {
    /// The exponent e of the symmetric priors, s(child) = s(father) · (side of m)^e: b(d−1)
    /// as printed in section 2.14, or −2(d−1)/d for Pearl's model (Remark 24).
    pub(crate) fn symmetric_exponent(d: usize, b: f64, pearl: bool) -> f64 {
        if pearl {
            -2.0 * (d as f64 - 1.0) / d as f64
        } else {
            b * (d as f64 - 1.0)
        }
    }

    /// m and the increment of ln s of the children of a father with prior m (formula (11)).
    fn symmetric_litter(
        m: LogProb,
        d: usize,
        j1_moves: bool,
        b: f64,
        pearl: bool,
    ) -> (LogProb, f64) {
        let d32 = d as u32;
        let e = Self::symmetric_exponent(d, b, pearl);
        if j1_moves {
            // m(child) = 1 − (1 − m)^{1/d}.
            let c = m.complement().root(d32).complement();
            let ls = if e == 0.0 { 0.0 } else { e * m.ln_q };
            (c, ls)
        } else {
            // m(child) = m^{1/d}.
            let ls = if e == 0.0 { 0.0 } else { e * m.ln_p };
            (m.root(d32), ls)
        }
    }

    /// The prior of GW from its tables (converted once to log form).
    pub(crate) fn depth(t: &DepthTables) -> Prior {
        Prior::Depth(Arc::new(
            t.m.iter()
                .zip(&t.s)
                .map(|(&m, &s)| admissible(m, s))
                .collect(),
        ))
    }

    /// The prior of GW2 from its tables.
    pub(crate) fn depth_degree(t: &DepthDegreeTables) -> Prior {
        let by = t
            .by_degree
            .iter()
            .map(|(&k, &(m, s))| (k, admissible(m, s)))
            .collect();
        let depth = t
            .depth
            .m
            .iter()
            .zip(&t.depth.s)
            .map(|(&m, &s)| admissible(m, s))
            .collect();
        Prior::DepthDegree(Arc::new((by, depth)))
    }

    /// m and ln s of the root.
    pub(crate) fn root(&self) -> (LogProb, f64) {
        match self {
            Prior::Symmetric { a, .. } => (LogProb::from_prob(*a), 0.0),
            Prior::Depth(t) => (t[0].0, 0.0),
            Prior::DepthDegree(t) => (t.1[0].0, 0.0),
        }
    }

    /// m and ln s of each of the `d` children of a node at `depth` whose prior is
    /// (`m`, `ln_s`); `j1_moves`: whether the root player moves at that node.
    pub(crate) fn litter(
        &self,
        m: LogProb,
        ln_s: f64,
        depth: usize,
        j1_moves: bool,
        d: usize,
    ) -> (LogProb, f64) {
        match self {
            Prior::Symmetric { b, pearl, .. } => {
                let (c, inc) = Self::symmetric_litter(m, d, j1_moves, *b, *pearl);
                (c, ln_s + inc)
            }
            Prior::Depth(t) => t[(depth + 1).min(t.len() - 1)],
            Prior::DepthDegree(t) => {
                let k = depth + 1;
                t.0.get(&(k, d))
                    .copied()
                    .unwrap_or_else(|| t.1[k.min(t.1.len() - 1)])
            }
        }
    }
}

/// m_a of formula (11) at the end of `moves` played from `start`, where m(start) = `a`: the
/// prior probability that the player to move at `start` wins, given the degrees met on the way
/// (section 8.2 (ii)). The moves must be legal.
pub fn symmetric_prior_along<G: Game>(a: f64, start: &G, moves: &[G::Move]) -> LogProb {
    let mut m = LogProb::from_prob(a);
    let j1 = start.to_move();
    let mut pos = start.clone();
    let mut legal = Vec::new();
    for &mv in moves {
        pos.legal_moves(&mut legal);
        let d = legal.len().max(1) as u32;
        m = if pos.to_move() == j1 {
            m.complement().root(d).complement()
        } else {
            m.root(d)
        };
        pos.play(mv);
    }
    m
}

/// Whether the root player (J1) has won a finished game; draws count as losses (section 1).
pub(crate) fn j1_wins(outcome: Outcome, j1: Player) -> bool {
    outcome == Outcome::Win(j1)
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use duel_games::pearl::Pearl;

    use super::*;

    fn sample(game: &Pearl, most_bytes: usize) -> Result<MatchStatistics, FitOutOfMemory> {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        MatchStatistics::sample_within(game, 200, &mut rng, None, most_bytes)
    }

    #[test]
    fn tables_past_their_bytes_are_an_error_with_the_bytes_they_need() {
        let game = Pearl::new(2, 64, None, 1).unwrap();
        let full = sample(&game, usize::MAX).unwrap();
        assert_eq!(full.counts.len(), 65);
        assert_eq!(full.counts[0][2], 200);
        // 65 depths: the vectors of depths alone take more than 1 KiB, and the first
        // refusal names more bytes than the limit.
        for most in [0, 100, 1 << 10] {
            let e = sample(&game, most).unwrap_err();
            assert!(e.needed_bytes > most as u64, "{most}: {e:?}");
        }
        // Within a limit the tables hold, the statistics are those of an unlimited fit.
        let held = 64 << 10;
        let within = sample(&game, held).unwrap();
        assert_eq!(within.counts, full.counts);
        assert_eq!(within.counts2, full.counts2);
        assert_eq!(within.wins, full.wins);
        // The error is the agent's: one line, with the bytes.
        let e: crate::agent::SearchError = sample(&game, 1 << 10).unwrap_err().into();
        assert!(e.to_string().starts_with("the fit of the prior"), "{e}");
        assert_eq!(e.to_string().lines().count(), 1);
    }
}
