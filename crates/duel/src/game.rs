//! The contract for two-player, alternating, deterministic, perfect-information games.
