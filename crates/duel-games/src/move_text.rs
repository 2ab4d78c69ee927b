//! Move lists as text, shared by the games' parsers: the items of a list split at its
//! separators, and the lists of the tree games (a child index per move).

use duel_core::game::GameError;

/// The items of a move list: `text` split at `separators` and at whitespace (any amount of
/// it, which may also stand beside a separator), refusing an empty item between two
/// separators or at an end (`1,,2`, `,1`, `1,`), which would otherwise be read silently as a
/// shorter list. Empty text has no items.
pub(crate) fn move_items<'a>(
    text: &'a str,
    separators: &[char],
) -> Result<Vec<&'a str>, GameError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let mut items = Vec::new();
    for part in text.split(separators) {
        let len = items.len();
        items.extend(part.split_whitespace());
        if items.len() == len {
            return Err(GameError::EmptyMove(text.to_string()));
        }
    }
    Ok(items)
}

/// Reads a move list of a tree game, each move a child index: the indices separated by `.`,
/// `,` or spaces, or, without a separator, one digit per move when `digits_are_moves` (trees
/// of degree at most 9) and a single move otherwise. Empty text is the empty list; an empty
/// item (`1,,2`) is refused.
pub fn parse_child_moves<M>(
    text: &str,
    digits_are_moves: bool,
    parse_move: impl Fn(&str) -> Result<M, GameError>,
) -> Result<Vec<M>, GameError> {
    let text = text.trim();
    if text.is_empty() {
        Ok(Vec::new())
    } else if text.contains(|c: char| c == '.' || c == ',' || c.is_whitespace()) {
        move_items(text, &['.', ','])?
            .into_iter()
            .map(parse_move)
            .collect()
    } else if digits_are_moves {
        text.chars().map(|c| parse_move(&c.to_string())).collect()
    } else {
        Ok(vec![parse_move(text)?])
    }
}
