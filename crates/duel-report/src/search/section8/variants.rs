//! The trials section 8.2 reports without tables: GW and GW2 "almost always worked less well
//! than Sym concerning Connect Four"; other values of a, the expected minimax value of the root,
//! "without observing significantly better results"; other values of b (Sym is b = 0, SymP
//! b = 2) "without clear success". Each is a match of the paper's agent (a = 1/2) against the
//! variant, both on the paper's agent's clock of a cell (work units are the Bayesian kind's
//! clock, so every variant gets the same time), half of the games each way.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::protocol::{CellKey, DataSet, ProtocolError, SEED};
use crate::{Check, Claim, Status};
use duel_search::arena::sequential::Score;
use duel_search::arena::{run_arena_prefix, score_ci95, ArenaConfig, Shard};
use duel_search::Budget;

/// Where the matches are kept (the default `duel report` reads it).
pub const VARIANTS_PATH: &str = "data/section8/variants.json";

/// The matches, as committed.
const DATA: &str = include_str!("../../../../../data/section8/variants.json");

/// The committed matches.
pub fn committed() -> Result<Variants, serde_json::Error> {
    Variants::parse(DATA)
}

const SOURCE: &str = "Delattre & Fournier, section 8.2 (data/section8/variants.json)";

/// Which claim a variant tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trial {
    /// GW or GW2 against Sym on Connect Four: Sym should do better.
    GaltonWatson,
    /// Another a: no significantly better result.
    OtherA,
    /// Another b: no clear success.
    OtherB,
}

/// The matches played: family, time per move (the clock of the paper's agent there), variant.
pub const PLAN: [(&str, u64, &str, Trial); 16] = [
    ("8.6", 1, "gw", Trial::GaltonWatson),
    ("8.6", 1, "gw2", Trial::GaltonWatson),
    ("8.6", 16, "gw", Trial::GaltonWatson),
    ("8.6", 16, "gw2", Trial::GaltonWatson),
    ("8.6", 1, "sym:a=0.3", Trial::OtherA),
    ("8.6", 1, "sym:a=0.7", Trial::OtherA),
    ("8.6", 16, "sym:a=0.3", Trial::OtherA),
    ("8.6", 16, "sym:a=0.7", Trial::OtherA),
    ("8.4", 16, "symp:a=0.3", Trial::OtherA),
    ("8.4", 16, "symp:a=0.7", Trial::OtherA),
    ("8.6", 1, "sym:b=1", Trial::OtherB),
    ("8.6", 1, "symp", Trial::OtherB),
    ("8.6", 16, "sym:b=1", Trial::OtherB),
    ("8.6", 16, "symp", Trial::OtherB),
    ("8.4", 16, "sym:b=1", Trial::OtherB),
    ("8.4", 16, "sym", Trial::OtherB),
];

/// One match: the paper's agent of a family against a variant.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VariantMatch {
    /// The family, e.g. `8.6`.
    pub section: String,
    /// The time per move whose clock both agents get.
    pub millis: u64,
    /// The claim it tests.
    pub trial: Trial,
    /// The game.
    pub game: String,
    /// The paper's agent (A).
    pub ours: String,
    /// The variant (B).
    pub variant: String,
    /// Work units per move of each.
    pub units: u64,
    /// A's wins, losses and draws with A first, then with B first.
    pub ways: [Score; 2],
    /// The command that plays it.
    pub command: String,
}

impl VariantMatch {
    /// A's score over both ways.
    pub fn score(&self) -> Score {
        self.ways[0].plus(self.ways[1])
    }

    /// The 95 % interval of A's score.
    pub fn interval(&self) -> (f64, f64) {
        let s = self.score();
        let [lo, hi] = score_ci95(s.wins, s.draws, s.games()).1;
        (lo, hi)
    }
}

/// The committed matches.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Variants {
    /// The matches, in the order of [`PLAN`].
    pub matches: Vec<VariantMatch>,
}

impl Variants {
    /// Reads the matches.
    pub fn parse(text: &str) -> Result<Variants, serde_json::Error> {
        serde_json::from_str(text)
    }
}

/// Plays entry `i` of [`PLAN`] for `games` games, its records in `dir` (resumed), on the
/// clock the data set's cell gives the paper's agent.
pub fn play(
    i: usize,
    data: &DataSet,
    games: u64,
    dir: &Path,
) -> Result<Option<VariantMatch>, ProtocolError> {
    let Some(&(section, millis, variant, trial)) = PLAN.get(i) else {
        return Ok(None);
    };
    let Some(key) = CellKey::all().into_iter().find(|k| {
        let (f, c) = k.place();
        f.section == section && c.millis == millis
    }) else {
        return Ok(None);
    };
    let Some(cell) = data.cell(key) else {
        return Ok(None);
    };
    let units = cell.clocks[0].units;
    let config = ArenaConfig {
        game: cell.game.clone(),
        a: cell.ours.clone(),
        b: variant.to_string(),
        games,
        budget: Budget::Work(units),
        b_budget: None,
        seed: SEED,
        threads: None,
        memory: None,
        shard: Shard::ALL,
        referee: false,
    };
    let name = format!(
        "variant-{section}-{millis}ms-{}.jsonl",
        variant.replace([':', '=', ','], "_")
    );
    let run = run_arena_prefix(&config, Some(&dir.join(&name)), games, &|_| {}).map_err(|e| {
        ProtocolError::Arena {
            section: key.place().0.section,
            millis,
            why: Box::new(e),
        }
    })?;
    Ok(Some(VariantMatch {
        section: section.to_string(),
        millis,
        trial,
        game: cell.game.clone(),
        ours: cell.ours.clone(),
        variant: variant.to_string(),
        units,
        ways: super::protocol::ways(&run.records),
        command: format!(
            "duel arena {} --a {} --b {variant} --games {games} --work {units} --seed {SEED} --out {name}",
            cell.game, cell.ours
        ),
    }))
}

fn shown(m: &VariantMatch) -> String {
    let s = m.score();
    let (lo, hi) = m.interval();
    format!(
        "{} at {} ms vs {}: {:.3} [{:.3}, {:.3}] ({} games)",
        m.section,
        m.millis,
        m.variant,
        s.mean().unwrap_or(0.0),
        lo,
        hi,
        s.games()
    )
}

/// The three claims, judged on the committed matches.
pub fn committed_items() -> Vec<Check> {
    match committed() {
        Ok(v) => items(&v),
        Err(why) => vec![Claim {
            item: "the trials of section 8.2",
            source: SOURCE,
            published: "GW, GW2, other a and b",
            computed: &format!("{VARIANTS_PATH} not read: {why}"),
            note: "`duel search section8 --variants` writes it",
        }
        .judged(Status::Differs)],
    }
}

/// The three claims, judged on the matches.
pub fn items(v: &Variants) -> Vec<Check> {
    let of =
        |t: Trial| -> Vec<&VariantMatch> { v.matches.iter().filter(|m| m.trial == t).collect() };
    let mut out = Vec::new();
    let gw = of(Trial::GaltonWatson);
    let better = gw.iter().filter(|m| m.interval().0 > 0.5).count();
    out.push(judged(
        "GW and GW2 almost always work less well than Sym on Connect Four (8.2)",
        "almost always less well (no table)",
        &gw,
        // "Almost always": Sym significantly better in all but at most one match.
        !gw.is_empty() && better + 1 >= gw.len(),
        "Sym (a = 1/2) against each, on Sym's clock of section 8.6; matches when Sym's score is above 1/2 with 95 % confidence in all matches but at most one",
    ));
    for (trial, item, published) in [
        (
            Trial::OtherA,
            "other values of a give no significantly better results than a = 1/2 (8.2)",
            "no significantly better result (no table)",
        ),
        (
            Trial::OtherB,
            "other values of b give no clear success over Sym and SymP (8.2)",
            "without clear success (no table)",
        ),
    ] {
        let ms = of(trial);
        let beaten = ms.iter().filter(|m| m.interval().1 < 0.5).count();
        out.push(judged(
            item,
            published,
            &ms,
            !ms.is_empty() && beaten == 0,
            "the paper's agent (a = 1/2; Sym on Connect Four, SymP on Pearl's game) against each variant on its own clock; matches when no variant's score is above 1/2 with 95 % confidence",
        ));
    }
    out
}

fn judged(item: &str, published: &str, ms: &[&VariantMatch], ok: bool, how: &str) -> Check {
    if ms.is_empty() {
        return Claim {
            item,
            source: SOURCE,
            published,
            computed: "not played: data/section8/variants.json has no match for it",
            note: "`duel search section8 --variants` plays them",
        }
        .judged(Status::Undecided);
    }
    let computed: Vec<String> = ms.iter().map(|m| shown(m)).collect();
    Claim {
        item,
        source: SOURCE,
        published,
        computed: &format!("the paper's agent's score: {}", computed.join("; ")),
        note: how,
    }
    .judged(Status::of(ok))
}
