//! The columns of a board from the centre outwards, the order moves are listed and tried in.

use super::rules::MAX_WIDTH;

/// Centre-first column orders for every width (the middle columns take part in the most
/// lines): `ORDERS[w][..w]` for W = 7 is 3, 4, 2, 5, 1, 6, 0.
pub(super) const ORDERS: [[u8; MAX_WIDTH]; MAX_WIDTH + 1] = {
    let mut t = [[0u8; MAX_WIDTH]; MAX_WIDTH + 1];
    let mut w = 1;
    while w <= MAX_WIDTH {
        let mid = (w as i32 - 1) / 2;
        let mut i = 0;
        while i < w {
            let off = (i as i32 + 1) / 2;
            t[w][i] = if i % 2 == 1 { mid + off } else { mid - off } as u8;
            i += 1;
        }
        w += 1;
    }
    t
};

/// The columns (0-based) of a board `width` wide from the centre outwards, the order of
/// [`Game::legal_moves`](duel_core::game::Game::legal_moves); empty for a width over the largest board's.
pub fn centre_order(width: u32) -> &'static [u8] {
    let w = width as usize;
    ORDERS.get(w).map_or(&[], |o| &o[..w])
}
