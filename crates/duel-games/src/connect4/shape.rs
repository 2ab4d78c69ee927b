//! The board's size ([`Shape`]): its columns, rows and bitboard word, known when duel is
//! compiled ([`Fixed`]: the sizes the solver is compiled for one by one, the fastest) or
//! when it runs ([`Dims`]: every other board of W·(H+1) ≤ 128 bits, one compiled solver for
//! all of them, in `u128` words). Compiling each of the 157 sizes on its own would take
//! four times as long to build as the whole crate does today; the sizes beyond the first
//! 29 share one.

use std::fmt::Debug;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;

use super::bits::Bits;
pub use super::bits::MAX_WIDTH;

/// One move of a position's move list: the cell played, its column, its order score.
pub type Slot<B> = (B, u32, u32);

/// A board size: W columns of H rows, bit `col·(H+1) + row` of a word of type
/// [`Shape::B`].
pub trait Shape: Copy + Debug + PartialEq + Eq + Hash + Send + Sync + 'static {
    /// The bitboard word.
    type B: Bits;
    /// Room for one move of each column (a position's move list).
    type Slots: Copy + AsRef<[Slot<Self::B>]> + AsMut<[Slot<Self::B>]>;

    /// Columns.
    fn width(self) -> u32;
    /// Rows.
    fn height(self) -> u32;
    /// The bottom cell of every column.
    fn bottom(self) -> Self::B;
    /// Every cell of the board (no sentinels).
    fn board(self) -> Self::B;
    /// An empty move list.
    fn slots(self) -> Self::Slots;
    /// The size of `width`×`height`, if this kind of shape has it.
    fn of(width: u32, height: u32) -> Option<Self>;

    /// Bits of a column, its sentinel included.
    #[inline(always)]
    fn h1(self) -> u32 {
        self.height() + 1
    }
    /// Cells of the board.
    #[inline(always)]
    fn cells(self) -> i32 {
        (self.width() * self.height()) as i32
    }
    /// Bits of a key (W·(H+1)).
    #[inline(always)]
    fn key_bits(self) -> u32 {
        self.width() * self.h1()
    }
    /// The `i`-th column from the centre outwards: odd W left of the centre first, as Pons's
    /// 3, 2, 4, 1, 5, 0, 6; even W the two central columns, then outwards (3, 4, 2, 5, …).
    #[inline(always)]
    fn order(self, i: u32) -> u32 {
        let mid = (self.width() as i32 - 1) / 2;
        let off = (i as i32 + 1) / 2;
        let left_first = self.width() % 2 == 1;
        (if (i % 2 == 1) == left_first {
            mid - off
        } else {
            mid + off
        }) as u32
    }
    /// The top cell of column `col`.
    #[inline(always)]
    fn top_mask_col(self, col: u32) -> Self::B {
        Self::B::ONE << (self.height() - 1 + col * self.h1())
    }
    /// The bottom cell of column `col`.
    #[inline(always)]
    fn bottom_mask_col(self, col: u32) -> Self::B {
        Self::B::ONE << (col * self.h1())
    }
    /// The cells of column `col`.
    #[inline(always)]
    fn column_mask(self, col: u32) -> Self::B {
        Self::B::from_u128((1u128 << self.height()) - 1) << (col * self.h1())
    }
}

/// The size W×H in words `B`, known at compile time: every constant folds away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Fixed<const W: usize, const H: usize, B: Bits = u64>(PhantomData<B>);

impl<const W: usize, const H: usize, B: Bits> Fixed<W, H, B> {
    /// W·(H+1) bits within `B`, and the columns and cells the word's table holds: checked
    /// at compile time.
    const FITS: () = assert!(
        W >= 1
            && H >= 1
            && W * (H + 1) <= B::BITS as usize
            && W <= B::MAX_COLUMNS
            && W * H <= B::MAX_CELLS
    );
    const BOTTOM_BITS: u128 = {
        let mut m = 0u128;
        let mut c = 0;
        while c < W as u32 {
            m |= 1u128 << (c * (H as u32 + 1));
            c += 1;
        }
        m
    };
    const BOARD_BITS: u128 = Self::BOTTOM_BITS * ((1u128 << H) - 1);
}

impl<const W: usize, const H: usize, B: Bits> Shape for Fixed<W, H, B> {
    type B = B;
    type Slots = [Slot<B>; W];

    #[inline(always)]
    fn width(self) -> u32 {
        W as u32
    }
    #[inline(always)]
    fn height(self) -> u32 {
        H as u32
    }
    #[inline(always)]
    fn bottom(self) -> B {
        B::from_u128(Self::BOTTOM_BITS)
    }
    #[inline(always)]
    fn board(self) -> B {
        B::from_u128(Self::BOARD_BITS)
    }
    #[inline(always)]
    fn slots(self) -> Self::Slots {
        let () = Self::FITS;
        [(B::ZERO, 0, 0); W]
    }
    fn of(width: u32, height: u32) -> Option<Self> {
        ((width, height) == (W as u32, H as u32)).then(Self::default)
    }
}

/// A size known when duel runs: any W×H with 4 ≤ W, H and W·(H+1) ≤ 128, in `u128` words.
#[derive(Clone, Copy, Debug)]
pub struct Dims(&'static DimsData);

/// The constants of one [`Dims`].
#[derive(Debug)]
pub struct DimsData {
    width: u32,
    height: u32,
    bottom: u128,
    board: u128,
}

/// The number of sizes [`Dims`] has.
const fn dims_count() -> usize {
    let mut n = 0;
    let mut h = 4;
    while h < 128 {
        let mut w = 4;
        while w * (h + 1) <= 128 {
            n += 1;
            w += 1;
        }
        h += 1;
    }
    n
}

/// Every size of [`Dims`], rows then columns.
static ALL_DIMS: [DimsData; dims_count()] = {
    const EMPTY: DimsData = DimsData {
        width: 0,
        height: 0,
        bottom: 0,
        board: 0,
    };
    let mut all = [EMPTY; dims_count()];
    let (mut i, mut h) = (0, 4u32);
    while h < 128 {
        let mut w = 4u32;
        while w * (h + 1) <= 128 {
            let mut bottom = 0u128;
            let mut c = 0;
            while c < w {
                bottom |= 1u128 << (c * (h + 1));
                c += 1;
            }
            all[i] = DimsData {
                width: w,
                height: h,
                bottom,
                board: bottom * ((1u128 << h) - 1),
            };
            i += 1;
            w += 1;
        }
        h += 1;
    }
    all
};

impl Dims {
    /// Every size [`Dims`] has, as (columns, rows).
    pub fn all() -> impl Iterator<Item = (u32, u32)> {
        ALL_DIMS.iter().map(|d| (d.width, d.height))
    }
}

impl PartialEq for Dims {
    fn eq(&self, other: &Self) -> bool {
        (self.0.width, self.0.height) == (other.0.width, other.0.height)
    }
}
impl Eq for Dims {}
impl Hash for Dims {
    fn hash<S: Hasher>(&self, state: &mut S) {
        (self.0.width, self.0.height).hash(state)
    }
}

impl Shape for Dims {
    type B = u128;
    type Slots = [Slot<u128>; MAX_WIDTH as usize];

    #[inline(always)]
    fn width(self) -> u32 {
        self.0.width
    }
    #[inline(always)]
    fn height(self) -> u32 {
        self.0.height
    }
    #[inline(always)]
    fn bottom(self) -> u128 {
        self.0.bottom
    }
    #[inline(always)]
    fn board(self) -> u128 {
        self.0.board
    }
    #[inline(always)]
    fn slots(self) -> Self::Slots {
        [(0, 0, 0); MAX_WIDTH as usize]
    }
    fn of(width: u32, height: u32) -> Option<Self> {
        ALL_DIMS
            .iter()
            .find(|d| (d.width, d.height) == (width, height))
            .map(Dims)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runtime_sizes_match_the_compiled_ones() {
        assert_eq!(Dims::all().count(), 157);
        assert!(Dims::of(16, 7).is_some() && Dims::of(25, 4).is_some());
        assert!(Dims::of(16, 8).is_none() && Dims::of(3, 6).is_none());
        let d = Dims::of(7, 6).unwrap();
        let f = Fixed::<7, 6, u128>::default();
        assert_eq!((d.bottom(), d.board()), (f.bottom(), f.board()));
        let order: Vec<u32> = (0..7).map(|i| d.order(i)).collect();
        assert_eq!(order, [3, 2, 4, 1, 5, 0, 6]);
        let order: Vec<u32> = (0..8).map(|i| Dims::of(8, 4).unwrap().order(i)).collect();
        assert_eq!(order, [3, 4, 2, 5, 1, 6, 0, 7]);
    }
}
