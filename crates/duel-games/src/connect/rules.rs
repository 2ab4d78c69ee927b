//! The rules of a Connect-K game, validated: board size, line length, misère or not.

use duel_core::game::GameError;

/// The most columns a board may have.
pub const MAX_WIDTH: usize = 32;
/// The most bits a board may need (W·(H+1)).
pub const MAX_BITS: u32 = 256;

/// The rules of a Connect-K game: board size, line length, misère or not. Validated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ConnectRules {
    pub(super) width: u8,
    pub(super) height: u8,
    pub(super) k: u8,
    pub(super) misere: bool,
}

impl ConnectRules {
    /// Checks the sizes: W, H, K ≥ 1, K ≤ max(W, H), W ≤ [`MAX_WIDTH`], W·(H+1) ≤ [`MAX_BITS`].
    /// `spec` is the text quoted in errors.
    pub fn new(
        width: u32,
        height: u32,
        k: u32,
        misere: bool,
        spec: &str,
    ) -> Result<Self, GameError> {
        let bad = |why: String| GameError::BadSpec {
            spec: spec.to_string(),
            why,
        };
        if width == 0 || height == 0 || k == 0 {
            return Err(bad("width, height and K must be at least 1".to_string()));
        }
        if k > width.max(height) {
            return Err(bad(format!(
                "K = {k} is longer than the board's longest side ({})",
                width.max(height)
            )));
        }
        if width as usize > MAX_WIDTH {
            return Err(bad(format!(
                "at most {MAX_WIDTH} columns are supported, not {width}"
            )));
        }
        let bits = u64::from(width) * (u64::from(height) + 1);
        if bits > u64::from(MAX_BITS) {
            return Err(bad(format!(
                "the board needs W·(H+1) = {bits} bits; at most {MAX_BITS} are supported (15x15 is the largest square board)"
            )));
        }
        Ok(ConnectRules {
            width: width as u8,
            height: height as u8,
            k: k as u8,
            misere,
        })
    }

    /// The number of columns W.
    #[inline]
    pub fn width(&self) -> u32 {
        u32::from(self.width)
    }
    /// The number of rows H.
    #[inline]
    pub fn height(&self) -> u32 {
        u32::from(self.height)
    }
    /// The line length K.
    #[inline]
    pub fn k(&self) -> u32 {
        u32::from(self.k)
    }
    /// Whether connecting K loses.
    pub fn misere(&self) -> bool {
        self.misere
    }
    /// The bits a board needs: W·(H+1).
    pub fn bits(&self) -> u32 {
        self.width() * (self.height() + 1)
    }
    /// The game's name, e.g. `connect:7x6:4`.
    pub fn spec(&self) -> String {
        format!(
            "{}:{}x{}:{}",
            if self.misere {
                "connect-misere"
            } else {
                "connect"
            },
            self.width,
            self.height,
            self.k
        )
    }
}
