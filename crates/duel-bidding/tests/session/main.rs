//! The tests of `session`, one file for each file of the play: `advantage` (the tie-breaking
//! advantage) and `search` (the tie rules decided by search).

mod advantage;
mod search;
