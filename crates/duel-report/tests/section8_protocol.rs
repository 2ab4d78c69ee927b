//! Section 8 by the paper's protocol: the clock's calibration on every cell, the games'
//! determinism under it, the data set's checks and a replayed sample of it.

use duel_report::search::section8::paper::FAMILIES;
use duel_report::search::section8::paper_clock::committed;
use duel_report::search::section8::protocol::{
    arena_config, cell_clocks, ways, CellKey, DataSet, RUN_GAMES, SAMPLES, SAMPLE_GAMES,
};
use duel_search::arena::run_arena_prefix;

/// Delattre & Fournier, sections 8.4–8.10: each table prints each agent's mean iterations at
/// its first move; the paper-equivalent clock buys each within 2 % of it. Calibrated afresh
/// here on each family's shortest time (the data set's clocks, every cell, are checked by
/// `the_data_set_is_consistent`).
#[test]
fn each_familys_clock_buys_the_papers_first_move_count() {
    for (family, f) in FAMILIES.iter().enumerate() {
        for key in CellKey::all()
            .into_iter()
            .filter(|k| k.family == family && k.cell == 0)
        {
            for k in cell_clocks(key, SAMPLES).unwrap() {
                let gap =
                    (k.first_move - k.paper_first_move as f64).abs() / k.paper_first_move as f64;
                assert!(
                    gap < 0.02,
                    "{} at {} ms: {k:?}",
                    f.section,
                    f.cells[0].millis
                );
            }
        }
    }
}

/// Section 8.6 at 1024 ms prints no iteration count: each agent's units are those that buy it
/// the count of 16 ms, the family's longest printed time, times 64 (work units stand for
/// time). Sym is the same agent at both times; MCTS(10, 10) is not MCTS(4, 4.5).
#[test]
fn a_cell_without_counts_scales_the_longest_printed_time() {
    let cells = CellKey::all();
    let find = |millis| {
        *cells
            .iter()
            .find(|k| k.place().0.section == "8.6" && k.place().1.millis == millis)
            .unwrap()
    };
    let (long, printed) = (
        cell_clocks(find(1024), 8).unwrap(),
        cell_clocks(find(16), 8).unwrap(),
    );
    assert_eq!(long[0].units, printed[0].units * 64);
    for (l, p) in long.iter().zip(&printed) {
        assert_eq!(l.scaled_from_millis, Some(16));
        assert_eq!(l.paper_first_move, 0);
        assert!(l.first_move > 10.0 * p.first_move, "{l:?} {p:?}");
    }
}

/// Under the work clock a seed gives the same games whatever the number of threads.
#[test]
fn games_under_the_clock_are_the_same_on_any_number_of_threads() {
    for (section, opponent) in [("8.4", 0), ("8.6", 1)] {
        let key = CellKey::all()
            .into_iter()
            .filter(|k| k.place().0.section == section)
            .nth(opponent)
            .unwrap();
        let clocks = cell_clocks(key, 8).unwrap();
        let run = |threads| {
            let mut config = arena_config(key, &clocks, RUN_GAMES);
            config.threads = Some(threads);
            run_arena_prefix(&config, None, 12, &|_| {})
                .unwrap()
                .records
        };
        let (one, two) = (run(1), run(2));
        assert_eq!(one.len(), 12);
        assert_eq!(one, two, "{section}");
        assert!(one.iter().all(|r| !r.iterations.is_empty()));
    }
}

/// The committed data set reads back, holds only the paper's cells, and its numbers add up:
/// each cell's games are its two ways', half each way, its sample is within them, its
/// judgement is the test's on them, its command names its clocks.
#[test]
fn the_data_set_is_consistent() {
    let data = committed().unwrap();
    assert!(!data.cells.is_empty());
    for c in &data.cells {
        let key = DataSet::key_of(c).unwrap();
        let [a, b] = c.ways;
        assert_eq!(a.games() + b.games(), c.games);
        assert_eq!(a.games(), b.games());
        assert!(c.games >= data.protocol.min_games.min(c.max_games));
        for (s, w) in c.sample.iter().zip(c.ways) {
            assert!(s.wins <= w.wins && s.losses <= w.losses && s.draws <= w.draws);
        }
        let j = data.protocol.test.judge(a.plus(b), key.paper_score());
        assert_eq!(j.verdict, c.judgement.verdict);
        // JSON keeps floats to within a unit in the last place.
        let close = |x: f64, y: f64| (x - y).abs() < 1e-12;
        assert!(close(j.score, c.judgement.score) && close(j.paper_score, c.judgement.paper_score));
        for (x, y) in j.difference.iter().zip(c.judgement.difference) {
            assert!((x - y).abs() < 1e-12);
        }
        for k in c.clocks {
            if k.paper_first_move > 0 {
                let gap = (k.first_move - k.paper_first_move as f64).abs();
                assert!(
                    gap < 0.02 * k.paper_first_move as f64,
                    "{}: {k:?}",
                    c.command
                );
            }
        }
        assert!(c.command.contains(&format!("--work {}", c.clocks[0].units)));
        assert!(c
            .command
            .contains(&format!("--b-work {}", c.clocks[1].units)));
        assert_eq!(FAMILIES[key.family].game, c.game);
    }
}

/// The data set's first 200 games of the cheapest cell of each family, played again, give
/// the same tallies each way.
#[test]
fn a_sample_of_the_data_set_replays_exactly() {
    let data = committed().unwrap();
    for family in FAMILIES.iter().map(|f| f.section) {
        let Some(c) = data
            .cells
            .iter()
            .filter(|c| c.section == family)
            .min_by_key(|c| c.millis)
        else {
            continue;
        };
        let key = DataSet::key_of(c).unwrap();
        let config = arena_config(key, &c.clocks, RUN_GAMES);
        let run = run_arena_prefix(&config, None, SAMPLE_GAMES, &|_| {}).unwrap();
        assert_eq!(ways(&run.records), c.sample, "{family} at {} ms", c.millis);
    }
}

#[test]
fn a_malformed_or_foreign_data_set_is_refused() {
    let e = DataSet::parse("{}", "x.json").unwrap_err().to_string();
    assert!(e.contains("x.json") && e.contains("not a data set"), "{e}");
    let mut data = committed().unwrap();
    data.cells.truncate(1);
    data.cells[0].millis = 3;
    let e = DataSet::parse(&data.to_json(), "y.json")
        .unwrap_err()
        .to_string();
    assert!(e.contains("not a cell of the paper"), "{e}");
}

/// The committed championships read back, each of the paper's (an item each, and one for how
/// many are played), 40 games a pair over 55 players (8.5: 20 over 210), work units each.
#[test]
fn the_championships_data_set_is_the_papers() {
    use duel_report::search::section8::paper_fits::{committed as fits, items};
    let fitted = fits().unwrap();
    assert_eq!(items().len(), fitted.len() + 1);
    for f in &fitted {
        let a = &f.answer;
        let (players, pair) = if f.section == "8.5" {
            (210, 20)
        } else {
            (55, 40)
        };
        assert_eq!(
            (a.players, a.games_per_pair),
            (players, pair),
            "{}",
            f.section
        );
        assert!(a.championship.ends_with(":draw=0") && a.work.is_some());
        let wins: u64 = a.standings.iter().map(|s| s.wins).sum();
        let draws: u64 = a.standings.iter().map(|s| s.draws).sum();
        assert_eq!(
            2 * wins + draws,
            2 * a.games,
            "each game one win or two halves"
        );
    }
}
