//! Concrete games implementing [`crate::game::Game`].
