//! The memory [`crate::layered::periodic_rows`] will need on a board, estimated from the
//! board's size alone, so that a job past the memory available is refused at once rather than
//! after most of its work (the exact need is known only once the deeper layers are solved).
//!
//! The estimate counts the boards with `s` stones (every cell empty or either player's, with
//! gravity a column filled from the bottom), divided by the board's symmetries: nearly the
//! layers' true sizes on Hex, where few games end early, and more than them on Connect-K. A
//! position's periodic row takes a fixed part and about `2^(C − s) / 4` totals (a quarter of
//! the bound `M_v ≤ 2^(C − s)`: measured on `hex:4` and `connect:5x4:4`, layer by layer);
//! the solver holds every position's code and the rows of two adjacent layers, and the
//! allocator and the threads' scratch rows add about a third again (the peaks measured:
//! 2.07 GB on `hex:4`, 0.77 GB on `connect:5x4:4`).

use duel_core::limits::{available_memory, TooLarge};

use crate::BiddingError;

/// Bytes of a position's code and tag.
const CODE_BYTES: f64 = 9.0;

/// Boards of `cells` cells with `s` stones, for every `s`, each cell empty or either
/// player's, over `symmetries` symmetries.
pub fn free_layers(cells: usize, symmetries: usize) -> Vec<f64> {
    let mut choose = 1.0f64;
    (0..=cells)
        .map(|s| {
            if s > 0 {
                choose = choose * (cells - s + 1) as f64 / s as f64;
            }
            choose * 2f64.powi(s as i32) / symmetries.max(1) as f64
        })
        .collect()
}

/// The same with gravity: `width` columns of `height` cells, each filled from the bottom.
pub fn gravity_layers(width: usize, height: usize, symmetries: usize) -> Vec<f64> {
    // The coefficients of (Σ_{h ≤ height} 2^h x^h)^width.
    let mut poly = vec![1.0f64];
    for _ in 0..width {
        let mut next = vec![0.0; poly.len() + height];
        for (i, &a) in poly.iter().enumerate() {
            for h in 0..=height {
                next[i + h] += a * 2f64.powi(h as i32);
            }
        }
        poly = next;
    }
    poly.iter().map(|p| p / symmetries.max(1) as f64).collect()
}

/// The estimated peak bytes of periodic rows on a board whose layers have at most
/// `layers[s]` positions (`s = 0..=C`); `row_bytes` is a row's fixed part and `record_bytes`
/// what the solver keeps per position of the layer it solves.
pub fn periodic_rows_bytes(layers: &[f64], row_bytes: usize, record_bytes: usize) -> u128 {
    let cells = layers.len().saturating_sub(1);
    let row = |s: usize| row_bytes as f64 + 4.0 * (2f64.powi((cells - s) as i32) / 4.0).max(1.0);
    let codes: f64 = layers.iter().sum::<f64>() * CODE_BYTES;
    let rows = (0..cells)
        .map(|s| layers[s] * (record_bytes as f64 + row(s)) + layers[s + 1] * row(s + 1))
        .fold(0.0, f64::max);
    ((codes + rows) * 1.3).min(u128::MAX as f64) as u128
}

/// Refuses, with the estimate ([`periodic_rows_bytes`]), a job whose estimate passes the
/// memory available (`ulimit -v` included); `game` names it in the message.
pub fn check_periodic_rows(game: &str, estimate: u128) -> Result<(), BiddingError> {
    let Some(available) = available_memory() else {
        return Ok(());
    };
    if estimate > u128::from(available) {
        return Err(BiddingError::Memory(TooLarge {
            what: format!("the periodic rows of {game} (estimated from its size)"),
            needed_bytes: estimate,
            limit_bytes: available,
        }));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layers_count_every_board_once_before_symmetry() {
        // 3^9 boards of tic-tac-toe, 31^5 of connect:5x4 (each column: 1 + 2 + … + 16).
        assert_eq!(free_layers(9, 1).iter().sum::<f64>(), 19683.0);
        assert_eq!(gravity_layers(5, 4, 1).iter().sum::<f64>(), 31f64.powi(5));
        assert_eq!(gravity_layers(2, 1, 1), vec![1.0, 4.0, 4.0]);
        // Hex 4×4 with 2 stones: 120·4 boards, 240 after the half turn (the solver finds 248:
        // a board its own half turn counts once).
        assert_eq!(free_layers(16, 2)[2], 240.0);
    }

    #[test]
    fn the_estimates_cover_the_measured_peaks() {
        // Measured peaks (resident memory): hex:4 2.07 GB, connect:5x4:4 0.77 GB; the
        // estimate is above each and less than 1.6 times it.
        let (row, record) = (crate::layered::ROW_BYTES, crate::layered::RECORD_BYTES);
        let hex = periodic_rows_bytes(&free_layers(16, 2), row, record) as f64;
        let connect = periodic_rows_bytes(&gravity_layers(5, 4, 2), row, record) as f64;
        assert!((2.07e9..1.6 * 2.07e9).contains(&hex), "{hex}");
        assert!((0.77e9..1.6 * 0.77e9).contains(&connect), "{connect}");
    }
}
