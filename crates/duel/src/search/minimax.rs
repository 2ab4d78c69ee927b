//! Exact minimax values (written by the games workstream).
