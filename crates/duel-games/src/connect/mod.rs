//! Connect-K on a W×H board (`connect:WxH:K`) and its misère version (`connect-misere:WxH:K`,
//! Delattre & Fournier section 8.10: whoever connects K loses).
//!
//! Stones fall to the lowest empty cell of the chosen column. A player who makes a line of K
//! stones (vertical, horizontal or diagonal) wins (loses in the misère version); a full board
//! without such a line is a draw.
//!
//! # Bitboards
//!
//! Column `c` occupies bits `c·(H+1) .. c·(H+1)+H`; the top bit of each column (row H) is a
//! sentinel that stays empty, so shifting by 1 (vertical), H+1 (horizontal), H and H+2
//! (diagonals) never wraps a line from one column into the next. A board needs W·(H+1) bits:
//! `u64` up to 64, `u128` up to 128 and [`U256`] up to 256 (15×15 needs 240).
//! [`Connect`] is generic over the [`Bitboard`]; [`crate::AnyGame`] picks the narrowest.
//!
//! # Move notation
//!
//! A move is a column, written from 1 (the public Connect Four benchmark's notation). For
//! W ≤ 9 a move list is a string of digits (`4453`); for W > 9 moves are written as decimal
//! numbers separated by commas (`8,8,12,1`). Commas (or spaces) are accepted for any W.
//!
//! # Lines
//!
//! [`lines`] lists the lines of K cells of a board, cell by cell; the bidding games of
//! `duel_bidding` decide wins by it, and a test holds the bitboards to the same lines.
//!
//! The files:
//! - `bitboard.rs`: the sets of cells as bits ([`Bitboard`]: `u64`, `u128`, [`U256`]);
//! - `lines.rs`: the lines of K cells of a board, cell by cell ([`lines`]);
//! - `rules.rs`: the board size, line length and misère flag ([`ConnectRules`]);
//! - `order.rs`: the columns from the centre outwards ([`centre_order`]);
//! - `game.rs`: the position and its rules of play ([`Connect`]).

mod bitboard;
mod game;
mod lines;
mod order;
mod rules;

pub use bitboard::{Bitboard, U256};
pub use game::Connect;
pub use lines::lines;
pub use order::centre_order;
pub use rules::{ConnectRules, MAX_BITS, MAX_WIDTH};
