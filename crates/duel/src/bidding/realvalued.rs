//! Poorman and taxman bidding (real-valued).
