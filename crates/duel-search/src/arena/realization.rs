//! The tree each game of a run is played on. Random trees (Pearl's game, Galton–Watson) get a
//! fresh realization for each pair of games, games `2j` and `2j + 1`, so that both colour
//! orders of a pair are played on the same tree (Delattre & Fournier, section 8.4: "each match
//! is played in both senses on a given realization of the model") and the pairs sample the
//! model rather than one tree. Every other game starts from its one initial position.

use duel_games::{mix64, AnyGame};

/// Whether `game` is a random tree, whose games are played on a realization per pair.
pub fn is_random_tree(game: &AnyGame) -> bool {
    matches!(game, AnyGame::Pearl(_) | AnyGame::GaltonWatson(_))
}

/// The seed of the realization of the pair of game `index` in a run seeded `seed` of `game`
/// (whose name, with its own `seed=`, enters the seed: two runs of `pearl:2:16` and
/// `pearl:2:16:seed=5` play different trees).
pub fn realization_seed(game: &AnyGame, seed: u64, index: u64) -> u64 {
    let name = game.spec().bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    mix64(mix64(mix64(name) ^ seed) ^ (index / 2))
}

/// The start of game `index` of a run seeded `seed` of `game`: a fresh realization of a random
/// tree, the same for games `2j` and `2j + 1` (see the module documentation), or `game` itself.
pub fn game_start(game: &AnyGame, seed: u64, index: u64) -> AnyGame {
    let s = realization_seed(game, seed, index);
    match game {
        AnyGame::Pearl(g) => AnyGame::Pearl(g.with_seed(s)),
        AnyGame::GaltonWatson(g) => AnyGame::GaltonWatson(g.with_seed(s)),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_games::parse_game;

    #[test]
    fn pairs_share_a_tree_and_pairs_differ() {
        let g = parse_game("pearl:2:16").unwrap();
        let spec = |i| game_start(&g, 7, i).spec();
        assert_eq!(spec(0), spec(1));
        assert_ne!(spec(1), spec(2));
        assert_ne!(spec(0), game_start(&g, 8, 0).spec());
        let other = parse_game("pearl:2:16:seed=5").unwrap();
        assert_ne!(spec(0), game_start(&other, 7, 0).spec());
        let t = parse_game("tictactoe").unwrap();
        assert_eq!(game_start(&t, 7, 3).spec(), "tictactoe");
        assert!(is_random_tree(&g) && !is_random_tree(&t));
    }
}
