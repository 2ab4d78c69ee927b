//! The characters of a Guess Who board, generated from a seed: each has visible attributes
//! (hair, eyes, glasses, hat, beard, …) that a front end draws and that a question can name
//! ("glasses?"), so that a question is either a feature or any set of faces.

use serde::Serialize;

/// Hair colours, drawn as the colour of the hair.
pub const HAIR: [&str; 5] = ["black", "brown", "blond", "red", "white"];
/// Eye colours.
pub const EYES: [&str; 3] = ["brown", "blue", "green"];
/// Skin tones, drawn as the colour of the face.
pub const SKIN: [&str; 4] = ["light", "tan", "brown", "dark"];

/// First names of the characters, in board order (more names get a number).
const NAMES: [&str; 32] = [
    "Alex", "Bea", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jade", "Kai", "Lea", "Max",
    "Nia", "Otto", "Pia", "Quin", "Rosa", "Sam", "Tia", "Uma", "Vic", "Wes", "Xia", "Yann", "Zoe",
    "Ada", "Ben", "Cyd", "Dora", "Eli", "Fay",
];

/// One character of the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Face {
    /// Its place on the board, from 0.
    pub id: u32,
    /// Its name.
    pub name: String,
    /// One of [`HAIR`].
    pub hair: &'static str,
    /// One of [`EYES`].
    pub eyes: &'static str,
    /// One of [`SKIN`].
    pub skin: &'static str,
    /// Wears glasses.
    pub glasses: bool,
    /// Wears a hat.
    pub hat: bool,
    /// Has a beard.
    pub beard: bool,
    /// Has long hair.
    pub long_hair: bool,
    /// Is bald (then `hair` is the colour of what is left at the sides).
    pub bald: bool,
    /// Smiles.
    pub smiling: bool,
}

/// The yes/no features a question can name, as [`has_feature`] reads them.
pub const FEATURES: [&str; 19] = [
    "glasses",
    "hat",
    "beard",
    "long-hair",
    "bald",
    "smiling",
    "hair:black",
    "hair:brown",
    "hair:blond",
    "hair:red",
    "hair:white",
    "eyes:brown",
    "eyes:blue",
    "eyes:green",
    "skin:light",
    "skin:tan",
    "skin:brown",
    "skin:dark",
    "name:vowel",
];

/// Whether `face` has `feature` (one of [`FEATURES`]); `None` for an unknown feature.
pub fn has_feature(face: &Face, feature: &str) -> Option<bool> {
    Some(match feature {
        "glasses" => face.glasses,
        "hat" => face.hat,
        "beard" => face.beard,
        "long-hair" => face.long_hair,
        "bald" => face.bald,
        "smiling" => face.smiling,
        "name:vowel" => face.name.starts_with(['A', 'E', 'I', 'O', 'U']),
        other => {
            let (kind, value) = other.split_once(':')?;
            let have = match kind {
                "hair" => face.hair,
                "eyes" => face.eyes,
                "skin" => face.skin,
                _ => return None,
            };
            let known = match kind {
                "hair" => &HAIR[..],
                "eyes" => &EYES[..],
                _ => &SKIN[..],
            };
            if !known.contains(&value) {
                return None;
            }
            have == value
        }
    })
}

/// A step of SplitMix64: the generator of the faces' attributes.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A number in `0..n` from the generator.
pub(crate) fn below(state: &mut u64, n: u64) -> u64 {
    next(state) % n.max(1)
}

/// `count` characters generated from `seed`: the same seed gives the same board.
pub fn faces(count: u32, seed: u64) -> Vec<Face> {
    let mut state = seed ^ 0x6775_6573_7377_686F;
    (0..count)
        .map(|id| {
            let i = id as usize;
            let name = if i < NAMES.len() {
                NAMES[i].to_string()
            } else {
                format!("{}{}", NAMES[i % NAMES.len()], i / NAMES.len() + 1)
            };
            let mut pick = |n: usize| below(&mut state, n as u64) as usize;
            let hair = HAIR[pick(HAIR.len())];
            let eyes = EYES[pick(EYES.len())];
            let skin = SKIN[pick(SKIN.len())];
            let glasses = pick(3) == 0;
            let hat = pick(4) == 0;
            let beard = pick(4) == 0;
            let bald = !hat && pick(6) == 0;
            let long_hair = !bald && pick(3) == 0;
            let smiling = pick(2) == 0;
            Face {
                id,
                name,
                hair,
                eyes,
                skin,
                glasses,
                hat,
                beard,
                long_hair,
                bald,
                smiling,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_draws_the_same_board_and_every_feature_is_known() {
        assert_eq!(faces(24, 7), faces(24, 7));
        assert_ne!(faces(24, 7), faces(24, 8));
        let board = faces(40, 1);
        assert_eq!(board[33].name, "Bea2");
        for f in &board {
            for feature in FEATURES {
                assert!(has_feature(f, feature).is_some(), "{feature}");
            }
        }
        assert_eq!(has_feature(&board[0], "hair:green"), None);
        assert_eq!(has_feature(&board[0], "wings"), None);
        // Every yes/no feature both holds and fails somewhere on a board of 40.
        for feature in ["glasses", "hat", "beard", "smiling", "hair:red"] {
            let yes = board
                .iter()
                .filter(|f| has_feature(f, feature) == Some(true))
                .count();
            assert!(yes > 0 && yes < 40, "{feature}: {yes}");
        }
    }
}
