//! Section 8's claims without tables: 8.5's starts counted by their winner (checked against
//! perfect play), and 8.2's trials of GW, GW2 and other a and b judged on their matches.

use duel_games::parse_game;
use duel_report::search::section8::roots::root_counts;
use duel_report::search::section8::variants::{items, Trial, VariantMatch, Variants};
use duel_report::Status;
use duel_search::arena::sequential::Score;
use duel_search::arena::{run_arena_prefix, ArenaConfig, Shard};
use duel_search::Budget;

/// `games` games of `a` (4 iterations a move, or a million positions for the solver) against
/// the solver.
fn run(a: &str, games: u64) -> Vec<duel_search::arena::GameRecord> {
    let budget = |spec: &str| Budget::Iterations(if spec == "solver" { 1_000_000 } else { 4 });
    let config = ArenaConfig {
        game: "pearl:2:8".into(),
        a: a.into(),
        b: "solver".into(),
        games,
        budget: budget(a),
        b_budget: Some(budget("solver")),
        seed: 5,
        threads: Some(2),
        memory: None,
        shard: Shard::ALL,
        referee: false,
    };
    run_arena_prefix(&config, None, games, &|_| {})
        .unwrap()
        .records
}

/// Between two perfect players every start goes to its winner, and the counts cover every
/// game; a weak first player (MCTS at 4 iterations) misses some of the starts it could win.
#[test]
fn perfect_players_win_every_start_they_can_and_weak_ones_miss() {
    let game = parse_game("pearl:2:8").unwrap();
    let records = run("solver", 40);
    let counts = root_counts(&game, 5, &records).unwrap();
    for c in counts {
        assert_eq!(c.first_won, c.first_can_win, "{counts:?}");
        assert_eq!(c.second_won, c.second_can_win, "{counts:?}");
        assert_eq!(c.first_can_win + c.second_can_win, 20, "{counts:?}");
        assert!(c.first_can_win > 0 && c.second_can_win > 0, "{counts:?}");
    }
    // The pair's tree is shared: both ways see the same starts.
    assert_eq!(counts[0].first_can_win, counts[1].first_can_win);
    let weak = root_counts(&game, 5, &run("mcts", 200)).unwrap();
    // A (MCTS) first: it misses some won starts; B (the solver) first never does.
    assert!(weak[0].first_won < weak[0].first_can_win, "{weak:?}");
    assert_eq!(weak[1].first_won, weak[1].first_can_win, "{weak:?}");
    // Games on one start, or on trees too large to solve, have no counts.
    let ttt = parse_game("tictactoe").unwrap();
    assert!(root_counts(&ttt, 5, &records).is_none());
}

fn played(trial: Trial, variant: &str, wins: u64, losses: u64) -> VariantMatch {
    let half = Score {
        wins: wins / 2,
        losses: losses / 2,
        draws: 0,
    };
    VariantMatch {
        section: "8.6".into(),
        millis: 1,
        trial,
        game: "connect:7x6:4".into(),
        ours: "sym".into(),
        variant: variant.into(),
        units: 773,
        ways: [half, half],
        command: String::new(),
    }
}

/// The trials' verdicts follow the matches: Sym clearly ahead of GW and GW2 matches "less
/// well"; a variant clearly ahead of a = 1/2 contradicts "no significantly better result";
/// nothing played is undecided.
#[test]
fn the_trials_are_judged_on_their_matches() {
    let status = |v: &Variants| -> Vec<Status> { items(v).iter().map(|c| c.status).collect() };
    let good = Variants {
        matches: vec![
            played(Trial::GaltonWatson, "gw", 6000, 4000),
            played(Trial::GaltonWatson, "gw2", 5900, 4100),
            played(Trial::OtherA, "sym:a=0.3", 5000, 5000),
            played(Trial::OtherB, "sym:b=1", 5500, 4500),
        ],
    };
    assert_eq!(
        status(&good),
        [Status::Matches, Status::Matches, Status::Matches]
    );
    let bad = Variants {
        matches: vec![
            played(Trial::GaltonWatson, "gw", 5000, 5000),
            played(Trial::GaltonWatson, "gw2", 4950, 5050),
            played(Trial::OtherA, "sym:a=0.3", 4000, 6000),
            played(Trial::OtherB, "sym:b=1", 5000, 5000),
        ],
    };
    assert_eq!(
        status(&bad),
        [Status::Differs, Status::Differs, Status::Matches]
    );
    assert_eq!(
        status(&Variants::default()),
        [Status::Undecided, Status::Undecided, Status::Undecided]
    );
}

/// Each differing cell's reason counts the differing cells of its family and opponent, and
/// calls the gap systematic exactly when two or more differ, all in one direction.
#[test]
fn a_differing_cell_says_how_its_family_differs() {
    use duel_report::search::section8::differing::reason;
    use duel_search::arena::sequential::Verdict;
    let data = duel_report::search::section8::paper_clock::committed().unwrap();
    let fitted = duel_report::search::section8::paper_fits::committed().unwrap();
    let mut seen = 0;
    for c in data
        .cells
        .iter()
        .filter(|c| c.judgement.verdict == Verdict::Differs)
    {
        let kin: Vec<_> = data
            .cells
            .iter()
            .filter(|x| x.section == c.section && x.opponent == c.opponent)
            .collect();
        let differ: Vec<_> = kin
            .iter()
            .filter(|x| x.judgement.verdict == Verdict::Differs)
            .collect();
        let up = |x: &duel_report::search::section8::protocol::CellData| {
            x.judgement.score > x.judgement.paper_score
        };
        let one_way = differ.iter().all(|x| up(x) == up(c));
        let r = reason(c, &data, &fitted);
        assert!(
            r.contains(&format!("{} of the {} cells", differ.len(), kin.len())),
            "{r}"
        );
        assert_eq!(
            r.contains("systematic"),
            differ.len() >= 2 && one_way,
            "{r}"
        );
        seen += 1;
    }
    assert!(seen > 0, "the committed data set has differing cells");
}
