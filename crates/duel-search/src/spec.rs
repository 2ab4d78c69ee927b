//! Agents named by a spec, `NAME[:k=v,k=v]` (`mcts:a=3.5,b=5`, `symp:a=0.618`, `sym:plain=1`):
//! [`AgentSpec`] reads one, writes it back, and builds the agent it names.

use duel_core::game::Game;

use crate::agent::{num, Agent, SearchError};
use crate::bayes::{Bayes, PriorKind};
use crate::mcts::{Mcts, MctsKind};
use duel_core::text::quote;
use thiserror::Error;

/// Which agent, with its parameters.
#[derive(Clone, Debug, PartialEq)]
pub enum AgentSpec {
    /// Algorithm 31 (`mcts:a=..,b=..`) or Algorithm 30 (`mcts-prime:a=..,b=..`), φ(w,c) = (w+a)/(c+b).
    Mcts {
        /// Which of the two.
        kind: MctsKind,
        /// a > 0.
        a: f64,
        /// b > 0.
        b: f64,
        /// A draw's score for the player at the root, in [0, 1] (`draw=0`: the paper's W, a
        /// draw counted as that player's loss; 0.5 by default).
        draw: f64,
    },
    /// UCT: W/C + sqrt(c ln N / C), with the expansion of Algorithm 31.
    Uct {
        /// c ≥ 0.
        c: f64,
    },
    /// Algorithm 13 with a prior.
    Bayes(PriorKind),
    /// Algorithm 13 as written, without the shortcuts that leave its search the same bit for
    /// bit ([`Bayes::reference`]; `plain=1` in the spec of a Bayesian agent): the reference
    /// the optimised search is checked against, slower.
    BayesReference(PriorKind),
    /// Exact minimax (the budget in iterations is a number of positions).
    Solver,
    /// The solver where it finishes within half the budget, else MCTS(a, b) (`auto:a=..,b=..`).
    Auto {
        /// a > 0.
        a: f64,
        /// b > 0.
        b: f64,
    },
}

impl AgentSpec {
    /// Reads an agent spec: `NAME[:k=v,k=v]`.
    pub fn parse(text: &str) -> Result<AgentSpec, SearchError> {
        let bad = |why: SpecFault| SearchError::BadAgent {
            spec: text.to_string(),
            why: why.to_string(),
        };
        let (name, params) = match text.split_once(':') {
            Some((n, p)) => (n.trim(), p.trim()),
            None => (text.trim(), ""),
        };
        let kv = parameters(params).map_err(bad)?;
        check_parameters(name, &kv).map_err(bad)?;
        let get = |k: &str, d: f64| kv.iter().find(|(n, _)| n == k).map_or(d, |x| x.1);
        match name {
            "mcts" | "mcts-prime" | "mcts'" | "auto" => {
                mcts_spec(name, get("a", 3.5), get("b", 5.0), get("draw", 0.5))
            }
            "solver" => Ok(AgentSpec::Solver),
            "uct" => uct_spec(get("c", 2.0)),
            "sym" | "symp" => symmetric_prior(name, get("a", 0.5), get("b", 0.0))
                .and_then(|prior| bayes_spec(prior, get("plain", 0.0))),
            _ => galton_watson_prior(name, get("fit", 10_000.0))
                .and_then(|prior| bayes_spec(prior, get("plain", 0.0))),
        }
        .map_err(bad)
    }

    /// The canonical text of the spec.
    pub fn text(&self) -> String {
        match self {
            AgentSpec::Mcts { kind, a, b, draw } if *draw == 0.5 => {
                format!("{}:a={},b={}", kind.name(), num(*a), num(*b))
            }
            AgentSpec::Mcts { kind, a, b, draw } => {
                format!(
                    "{}:a={},b={},draw={}",
                    kind.name(),
                    num(*a),
                    num(*b),
                    num(*draw)
                )
            }
            AgentSpec::Uct { c } => format!("uct:c={}", num(*c)),
            AgentSpec::Bayes(p) => p.text(),
            AgentSpec::BayesReference(p) => format!("{},plain=1", p.text()),
            AgentSpec::Solver => "solver".to_string(),
            AgentSpec::Auto { a, b } => crate::solver::auto_text(*a, *b),
        }
    }

    /// Builds the agent, seeded.
    pub fn build<G: Game + 'static>(&self, seed: u64) -> Box<dyn Agent<G>> {
        match self {
            AgentSpec::Mcts { kind, a, b, draw } => Box::new(
                Mcts::new(*kind, super::mcts::Selection::Ratio { a: *a, b: *b }, seed)
                    .with_draw_value(*draw),
            ),
            AgentSpec::Uct { c } => Box::new(Mcts::new(
                MctsKind::Mcts,
                super::mcts::Selection::Uct { c: *c },
                seed,
            )),
            AgentSpec::Bayes(p) => Box::new(Bayes::new(p.clone(), seed)),
            AgentSpec::BayesReference(p) => Box::new(Bayes::reference(p.clone(), seed)),
            AgentSpec::Solver => Box::new(super::solver::Solver::<G>::new()),
            AgentSpec::Auto { a, b } => Box::new(super::solver::Auto::<G>::new(*a, *b, seed)),
        }
    }
}

/// Why a spec is not one of an agent (the `why` of [`SearchError::BadAgent`]).
#[derive(Debug, Error)]
enum SpecFault {
    #[error("empty parameter in {}", quote(.0))]
    EmptyParameter(String),
    #[error("parameter {} is not of the form key=value", quote(.0))]
    NotKeyValue(String),
    #[error("value {} of {} is not a number", quote(.value), quote(.key))]
    NotANumber { value: String, key: String },
    #[error("value of {} must be finite", quote(.0))]
    NotFinite(String),
    #[error("parameter {} is given twice", quote(.0))]
    Twice(String),
    #[error("unknown agent (known: mcts, mcts-prime, uct, sym, symp, gw, gw2, solver, auto)")]
    UnknownAgent,
    #[error("{0} takes no parameters")]
    NoParameters(String),
    #[error("unknown parameter {} (allowed: {})", quote(.key), .allowed.join(", "))]
    UnknownParameter {
        key: String,
        allowed: &'static [&'static str],
    },
    #[error("plain must be 0 or 1")]
    Plain,
    #[error("a and b must be positive")]
    NotPositive,
    #[error("draw (a draw's score for the player at the root) must be in [0, 1]")]
    DrawValue,
    #[error("c must be at least 0")]
    NegativeC,
    #[error("a (the prior E[R(root)]) must be in (0, 1)")]
    PriorMean,
    #[error("b must be between -1e6 and 1e6")]
    PriorSlope,
    #[error("fit (random matches) must be a whole number in 1..=100000000")]
    Fit,
}

/// The parameters `k=v,k=v` of a spec, in order: each a finite number, none twice.
fn parameters(params: &str) -> Result<Vec<(String, f64)>, SpecFault> {
    let mut kv: Vec<(String, f64)> = Vec::new();
    for item in params.split(',').filter(|_| !params.is_empty()) {
        if item.trim().is_empty() {
            return Err(SpecFault::EmptyParameter(params.to_string()));
        }
        let (k, v) = item
            .split_once('=')
            .ok_or_else(|| SpecFault::NotKeyValue(item.to_string()))?;
        let k = k.trim();
        let v: f64 = v.trim().parse().map_err(|_| SpecFault::NotANumber {
            value: v.trim().to_string(),
            key: k.to_string(),
        })?;
        if !v.is_finite() {
            return Err(SpecFault::NotFinite(k.to_string()));
        }
        // A repeated key would silently override the first: refuse it.
        if kv.iter().any(|(seen, _)| seen == k) {
            return Err(SpecFault::Twice(k.to_string()));
        }
        kv.push((k.to_string(), v));
    }
    Ok(kv)
}

/// Refuses an unknown agent `name`, and parameters `kv` it does not take.
fn check_parameters(name: &str, kv: &[(String, f64)]) -> Result<(), SpecFault> {
    let allowed: &'static [&'static str] = match name {
        "mcts" | "mcts-prime" | "mcts'" => &["a", "b", "draw"],
        "uct" => &["c"],
        "sym" => &["a", "b", "plain"],
        "symp" => &["a", "plain"],
        "gw" | "gw2" => &["fit", "plain"],
        "solver" => &[],
        "auto" => &["a", "b"],
        _ => return Err(SpecFault::UnknownAgent),
    };
    for (k, _) in kv {
        if allowed.is_empty() {
            return Err(SpecFault::NoParameters(name.to_string()));
        }
        if !allowed.contains(&k.as_str()) {
            return Err(SpecFault::UnknownParameter {
                key: k.clone(),
                allowed,
            });
        }
    }
    Ok(())
}

/// `mcts`, `mcts-prime` (or `mcts'`) or `auto` with its a and b, and a draw's score (MCTS only).
fn mcts_spec(name: &str, a: f64, b: f64, draw: f64) -> Result<AgentSpec, SpecFault> {
    if a <= 0.0 || b <= 0.0 {
        return Err(SpecFault::NotPositive);
    }
    if !(0.0..=1.0).contains(&draw) {
        return Err(SpecFault::DrawValue);
    }
    if name == "auto" {
        return Ok(AgentSpec::Auto { a, b });
    }
    let kind = if name == "mcts" {
        MctsKind::Mcts
    } else {
        MctsKind::MctsPrime
    };
    Ok(AgentSpec::Mcts { kind, a, b, draw })
}

/// `uct` with its c.
fn uct_spec(c: f64) -> Result<AgentSpec, SpecFault> {
    if c < 0.0 {
        return Err(SpecFault::NegativeC);
    }
    Ok(AgentSpec::Uct { c })
}

/// The prior of `sym` or `symp` with its a and b.
fn symmetric_prior(name: &str, a: f64, b: f64) -> Result<PriorKind, SpecFault> {
    if !(a > 0.0 && a < 1.0) {
        return Err(SpecFault::PriorMean);
    }
    if b.abs() > 1e6 {
        return Err(SpecFault::PriorSlope);
    }
    Ok(PriorKind::Symmetric {
        a,
        b,
        name: if name == "sym" { "sym" } else { "symp" },
    })
}

/// The prior of `gw` or `gw2`, fitted on `fit` random matches.
fn galton_watson_prior(name: &str, fit: f64) -> Result<PriorKind, SpecFault> {
    if !(1.0..=1e8).contains(&fit) || fit.fract() != 0.0 {
        return Err(SpecFault::Fit);
    }
    Ok(if name == "gw" {
        PriorKind::GaltonWatson { fit: fit as u64 }
    } else {
        PriorKind::GaltonWatson2 { fit: fit as u64 }
    })
}

/// The Bayesian agent of this prior, as the paper writes it where `plain` is 1
/// ([`Bayes::reference`]).
fn bayes_spec(prior: PriorKind, plain: f64) -> Result<AgentSpec, SpecFault> {
    if plain == 0.0 {
        Ok(AgentSpec::Bayes(prior))
    } else if plain == 1.0 {
        Ok(AgentSpec::BayesReference(prior))
    } else {
        Err(SpecFault::Plain)
    }
}

#[cfg(test)]
mod tests {
    use super::{AgentSpec, PriorKind};
    use crate::agent::Budget;

    /// `plain=1` builds Algorithm 13 as written, named as its spec reads, and searches as the
    /// optimised agent does; `plain=0` is the optimised agent, any other value is refused.
    #[test]
    fn plain_builds_the_reference_agent() {
        use duel_games::pearl::Pearl;
        let spec = AgentSpec::parse("sym:plain=1").unwrap();
        assert_eq!(spec.text(), "sym:a=0.5,plain=1");
        assert_eq!(AgentSpec::parse(&spec.text()).unwrap(), spec);
        assert_eq!(
            AgentSpec::parse("symp:a=0.6,plain=0").unwrap(),
            AgentSpec::parse("symp:a=0.6").unwrap()
        );
        assert!(matches!(
            AgentSpec::parse("gw2:fit=100,plain=1").unwrap(),
            AgentSpec::BayesReference(PriorKind::GaltonWatson2 { fit: 100 })
        ));
        let why = AgentSpec::parse("gw:plain=2").unwrap_err().to_string();
        assert!(why.contains("plain must be 0 or 1"), "{why}");
        assert!(AgentSpec::parse("mcts:plain=1").is_err());
        let game = Pearl::new(2, 8, None, 3).unwrap();
        let mut reference = spec.build::<Pearl>(1);
        let mut fast = AgentSpec::parse("sym").unwrap().build::<Pearl>(1);
        assert_eq!(reference.name(), spec.text());
        let budget = Budget::Iterations(200);
        let (r, f) = (reference.search(&game, budget), fast.search(&game, budget));
        let (r, f) = (r.unwrap(), f.unwrap());
        assert_eq!(
            (r.best, r.estimate.to_bits()),
            (f.best, f.estimate.to_bits())
        );
    }

    #[test]
    fn repeated_or_empty_parameters_are_refused() {
        // `mcts:a=1,a=2` was read as a = 2: the second silently overrode the first.
        let why = |spec: &str| AgentSpec::parse(spec).unwrap_err().to_string();
        assert!(why("mcts:a=1,a=2").contains("parameter 'a' is given twice"));
        assert!(why("uct:c=1, c=1").contains("parameter 'c' is given twice"));
        assert!(why("mcts:a=1,,b=2").contains("empty parameter in 'a=1,,b=2'"));
        assert!(why("sym:a=0.6,").contains("empty parameter"));
        assert_eq!(
            AgentSpec::parse("mcts:a=1, b=2").unwrap(),
            AgentSpec::parse("mcts:b=2,a=1").unwrap()
        );
        assert_eq!(
            AgentSpec::parse("mcts:").unwrap(),
            AgentSpec::parse("mcts").unwrap()
        );
    }

    /// Each reason a spec is refused, in the words `duel` has always given.
    #[test]
    fn refusals_say_why() {
        for (spec, why) in [
            ("mcts:a=1,,b=2", "empty parameter in 'a=1,,b=2'"),
            ("mcts:a", "parameter 'a' is not of the form key=value"),
            ("mcts:a=x", "value 'x' of 'a' is not a number"),
            ("mcts:a=inf", "value of 'a' must be finite"),
            ("mcts:a=1,a=2", "parameter 'a' is given twice"),
            (
                "alpha",
                "unknown agent (known: mcts, mcts-prime, uct, sym, symp, gw, gw2, solver, auto)",
            ),
            ("solver:a=1", "solver takes no parameters"),
            ("uct:a=1", "unknown parameter 'a' (allowed: c)"),
            ("sym:plain=3", "plain must be 0 or 1"),
            ("auto:a=0", "a and b must be positive"),
            ("uct:c=-1", "c must be at least 0"),
            ("symp:a=1", "a (the prior E[R(root)]) must be in (0, 1)"),
            ("sym:b=2e6", "b must be between -1e6 and 1e6"),
            (
                "gw:fit=1.5",
                "fit (random matches) must be a whole number in 1..=100000000",
            ),
        ] {
            let e = AgentSpec::parse(spec).unwrap_err().to_string();
            assert_eq!(e, format!("invalid agent '{spec}': {why}"));
        }
    }
}
