//! Published values of Develin & Payne, *Discrete bidding games* (2010): every chip table of
//! section 6.2 and Example 3.8, Figures 3 and 4, Theorems 6.1 and 6.7.

use duel::bidding::discrete::{threshold_table, thresholds, Recursion};
use duel::bidding::games::parse_game;
use duel::bidding::periodicity::Periodicity;
use duel::bidding::richman::Richman;
use duel::exact::{Chips, Rational};

/// One chip table of the paper: `f(k + period) = f(k) + shift`.
struct Table {
    name: String,
    game: Option<String>,
    period: u64,
    shift: u64,
    values: Vec<Chips>,
}

fn tables() -> Vec<Table> {
    include_str!("bidding_data/tables.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(" | ").collect();
            assert_eq!(f.len(), 6, "{l}");
            Table {
                name: f[0].to_string(),
                game: (f[1] != "-").then(|| f[1].to_string()),
                period: f[2].parse().unwrap(),
                shift: f[3].parse().unwrap(),
                values: f[5].split(' ').map(|c| c.parse().unwrap()).collect(),
            }
        })
        .collect()
}

fn table(name: &str) -> Table {
    tables().into_iter().find(|t| t.name == name).unwrap()
}

/// The published value of `f(k)` from a periodic table.
fn published(t: &Table, k: u64) -> Chips {
    let base = t.values[(k % t.period) as usize];
    Chips::new(base.count() + (k / t.period) * t.shift, base.star()).unwrap()
}

fn computed(game: &str, max_k: u64) -> Vec<Chips> {
    let g = parse_game(game).unwrap().build().unwrap().graph;
    threshold_table(&g, g.start(), max_k, Recursion::Advantage)
        .unwrap()
        .into_iter()
        .map(Chips::from_rank)
        .collect()
}

#[test]
fn data_file_is_consistent() {
    let all = tables();
    assert_eq!(all.len(), 21);
    for t in &all {
        assert_eq!(t.values.len() as u64, t.period, "{}", t.name);
        // The entry at k = d - 1 (one short of a period) is the shift itself, unstarred.
        assert_eq!(
            t.values[t.period as usize - 1],
            Chips::plain(t.shift).unwrap()
        );
    }
}

#[test]
fn richman_value_of_tic_tac_toe() {
    // Develin & Payne, Theorem 6.1: R(TTT) = 133/256.
    let g = parse_game("tictactoe").unwrap().build().unwrap().graph;
    let r = Richman::solve(&g).unwrap();
    assert!(r.exact);
    assert_eq!(r.value(g.start()).to_string(), "133/256");
}

#[test]
fn figure_3_center_first_two_periods() {
    // Develin & Payne, Figure 3: f'(TTT, 256n + j) = 133n + (entry j), checked for n = 0, 1.
    let t = table("figure3");
    let f = computed("tictactoe:center", 511);
    for (k, &c) in f.iter().enumerate() {
        assert_eq!(c, published(&t, k as u64), "k = {k}");
    }
}

#[test]
fn figure_4_corner_first_two_periods_with_the_misprint() {
    // Develin & Payne, Figure 4: f''(TTT, 256n + j) = 137n + (entry j). The entry k = 155 is
    // printed 84*; Theorem 3.7 gives 83* (84* would break f(k) <= f(k+1) <= f(k) + 1, since
    // f(154) = 82* and f(156) = 84). Every other entry matches, for n = 0 and 1.
    let t = table("figure4");
    let f = computed("tictactoe:corner", 511);
    for (k, &c) in f.iter().enumerate() {
        if k % 256 == 155 {
            assert_eq!(
                published(&t, k as u64).to_string(),
                if k == 155 { "84*" } else { "221*" }
            );
            assert_eq!(c.to_string(), if k == 155 { "83*" } else { "220*" });
        } else {
            assert_eq!(c, published(&t, k as u64), "k = {k}");
        }
    }
}
