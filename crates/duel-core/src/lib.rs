#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod cancel;
pub mod exact;
pub mod game;
pub mod input;
pub mod limits;
pub mod table;
pub mod text;
pub mod whole_file;
