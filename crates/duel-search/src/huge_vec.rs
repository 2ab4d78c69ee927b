//! [`HugeVec`], the growable arrays that hold search trees: a `Vec` of `Copy` records whose large
//! allocations sit on 2 MiB boundaries and are offered to Linux's transparent huge pages.
//!
//! Why not a `Vec`: a tree of Algorithm 13 grows by about 125 bytes an iteration (Sym on
//! Pearl's game) and is read by chasing links across all of it. With 4 KiB pages every new
//! page costs a page fault (about 2 µs on a virtual machine), about a tenth of the time of a
//! fresh search, and a deep descent misses the TLB at nearly every level. A huge page is
//! faulted once per 2 MiB and covers 512 times more memory per TLB entry. Linux backs only
//! 2 MiB-aligned ranges of a mapping with huge pages, and where THP is in `madvise` mode (as on
//! many distributions) only ranges it was asked to; a `Vec` can neither choose its alignment
//! nor be asked, hence this type. A dropped vector's allocation is kept for the thread's next
//! vectors (a bounded [`Pool`]), so that search after search with fresh agents does not fault
//! its pages in again. Everything else is a `Vec`'s behaviour: what the search reads and
//! writes, and so its results, do not depend on it.

use std::alloc::{alloc, dealloc, handle_alloc_error, Layout};
use std::cell::RefCell;
use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;

/// Allocations from this size up are aligned and advised for huge pages. A huge page is
/// zeroed whole when first touched (about as long as 50 to 100 faults of 4 KiB pages), and an
/// vector that grows to this capacity already holds half of it: from 1 MiB up, the pages a
/// search goes on to use pay for it; below, a short search (Sym solving a mid-game position of
/// connect:7x6:4) loses more to zeroing a huge page than it gains.
const HUGE_FROM: usize = 1 << 20;
/// The huge page size of x86-64 and of most aarch64 kernels.
const HUGE_PAGE: usize = 2 << 20;
/// The smallest capacity allocated (records).
const MIN_CAPACITY: usize = 1024;

/// A growable array of `Copy` records (see the module documentation).
pub(crate) struct HugeVec<T: Copy> {
    ptr: NonNull<T>,
    len: usize,
    cap: usize,
    /// The layout of the allocation, None while there is none.
    layout: Option<Layout>,
}

// SAFETY: an HugeVec owns its records as a Vec does (no shared pointer escapes it).
unsafe impl<T: Copy + Send> Send for HugeVec<T> {}
// SAFETY: shared access only reads the records, as for a Vec.
unsafe impl<T: Copy + Sync> Sync for HugeVec<T> {}

impl<T: Copy> HugeVec<T> {
    const SIZE: usize = {
        assert!(std::mem::size_of::<T>() > 0, "records have a size");
        std::mem::size_of::<T>()
    };

    /// An empty vector (allocates nothing).
    pub(crate) fn new() -> Self {
        HugeVec {
            ptr: NonNull::dangling(),
            len: 0,
            cap: 0,
            layout: None,
        }
    }

    /// Records the vector can hold before it must grow.
    #[cfg(test)]
    pub(crate) fn capacity(&self) -> usize {
        self.cap
    }

    /// Records that can be appended before the vector must grow.
    #[inline]
    pub(crate) fn spare(&self) -> usize {
        self.cap - self.len
    }

    /// Bytes of the vector's allocation.
    pub(crate) fn capacity_bytes(&self) -> usize {
        self.layout.map_or(0, |l| l.size())
    }

    /// Removes every record (keeps the memory).
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps the first `len` records.
    pub(crate) fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// Appends a record.
    #[inline]
    pub(crate) fn push(&mut self, value: T) {
        if self.len == self.cap {
            self.reserve(1, usize::MAX);
        }
        // SAFETY: len < cap, so the slot is inside the allocation; T is Copy (no drop).
        unsafe { self.ptr.as_ptr().add(self.len).write(value) };
        self.len += 1;
    }

    /// Appends the records of `values` (room for as many as its lower size hint is made at
    /// once).
    pub(crate) fn extend<I: IntoIterator<Item = T>>(&mut self, values: I) {
        let values = values.into_iter();
        self.reserve(values.size_hint().0, usize::MAX);
        for v in values {
            self.push(v);
        }
    }

    /// Makes room for `additional` more records. The capacity doubles (from
    /// [`MIN_CAPACITY`]) but does not overshoot `limit` records by more than 4096 unless
    /// `additional` requires it: an agent's memory limit is a number of records.
    pub(crate) fn reserve(&mut self, additional: usize, limit: usize) {
        let need = self.len.saturating_add(additional);
        if need <= self.cap {
            return;
        }
        let target = self
            .cap
            .saturating_mul(2)
            .max(MIN_CAPACITY)
            .min(limit.saturating_add(4096))
            .max(need);
        self.reallocate(target);
    }

    /// Makes room for `additional` more records as [`HugeVec::reserve`] does, but with a
    /// capacity of at most `most` records (unless `additional` requires more: then nothing
    /// is allocated), and without aborting where the system refuses the memory. On failure
    /// the vector is unchanged, and the error says how many bytes were asked for.
    ///
    /// Under an address-space limit (`ulimit -v`) the capacity is also kept within half the
    /// address space left ([`HugeVec::most_under_limit`]), a capacity past it counting as
    /// refused by the system.
    pub(crate) fn try_reserve(
        &mut self,
        additional: usize,
        most: usize,
    ) -> Result<(), AllocFailed> {
        let need = self.len.saturating_add(additional);
        if need <= self.cap {
            return Ok(());
        }
        let under_limit = self.most_under_limit();
        if need > under_limit && need <= most {
            return Err(AllocFailed {
                bytes: need.saturating_mul(Self::SIZE),
                refused: true,
            });
        }
        let most = most.min(under_limit);
        if need > most {
            return Err(AllocFailed {
                bytes: need.saturating_mul(Self::SIZE),
                refused: false,
            });
        }
        let target = self
            .cap
            .saturating_mul(2)
            .max(MIN_CAPACITY)
            .min(most)
            .max(need);
        self.try_reallocate(target)
    }

    /// The most records the vector may hold under an address-space limit (`ulimit -v`): its
    /// own allocation (given back as it grows) and half the address space left, so that the
    /// process's other allocations, which abort where the system refuses them, still find
    /// room however far the trees grow; unbounded without a limit.
    fn most_under_limit(&self) -> usize {
        match duel_core::limits::address_space_left() {
            Some(left) => {
                let half = usize::try_from(left / 2).unwrap_or(usize::MAX);
                self.capacity_bytes().saturating_add(half) / Self::SIZE
            }
            None => usize::MAX,
        }
    }

    /// Moves the records into a new allocation of at least `target` records (aborts where
    /// the system refuses it, as a `Vec` does).
    #[cold]
    fn reallocate(&mut self, target: usize) {
        if let Err(e) = self.try_reallocate(target) {
            match Layout::from_size_align(e.bytes, HUGE_PAGE) {
                Ok(layout) => handle_alloc_error(layout),
                Err(_) => capacity_overflow(),
            }
        }
    }

    /// [`HugeVec::reallocate`], returning the bytes asked for where the system refuses them.
    #[cold]
    fn try_reallocate(&mut self, target: usize) -> Result<(), AllocFailed> {
        let overflow = AllocFailed {
            bytes: usize::MAX,
            refused: true,
        };
        let bytes = target.checked_mul(Self::SIZE).ok_or(overflow)?;
        let (bytes, align) = if bytes >= HUGE_FROM {
            let rounded = bytes.checked_next_multiple_of(HUGE_PAGE).ok_or(overflow)?;
            (rounded, HUGE_PAGE)
        } else {
            (bytes, std::mem::align_of::<T>())
        };
        let layout = Layout::from_size_align(bytes, align).map_err(|_| overflow)?;
        let (new, layout) = match Pool::take(layout) {
            Some((block, kept)) => (block.cast::<T>(), kept),
            None => {
                #[cfg(test)]
                FRESH.with(|n| n.set(n.get() + 1));
                // SAFETY: the layout has a nonzero size (target ≥ 1, records have a size).
                let raw = unsafe { alloc(layout) } as *mut T;
                let new = NonNull::new(raw).ok_or(AllocFailed {
                    bytes,
                    refused: true,
                })?;
                if align == HUGE_PAGE {
                    advise_huge_pages(new.as_ptr() as *mut u8, bytes);
                }
                (new, layout)
            }
        };
        // SAFETY: both allocations hold at least len records and are distinct (a block in the
        // pool belongs to no vector).
        unsafe { std::ptr::copy_nonoverlapping(self.ptr.as_ptr(), new.as_ptr(), self.len) };
        if let Some(old) = self.layout {
            Pool::give(self.ptr.cast::<u8>(), old);
        }
        self.ptr = new;
        self.cap = layout.size() / Self::SIZE;
        self.layout = Some(layout);
        Ok(())
    }
}

/// An allocation a vector did not make ([`HugeVec::try_reserve`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AllocFailed {
    /// The bytes it would have needed.
    pub(crate) bytes: usize,
    /// Whether the system refused them (else they were past the limit given).
    pub(crate) refused: bool,
}

impl<T: Copy> HugeVec<T> {
    /// Asks the processor to start loading the cache line of record `i` (which need not
    /// exist: nothing is read, and an index out of range only wastes the hint). Used where a
    /// descent will read one of a few records next and the choice is not known yet, so that
    /// the loads overlap the work that makes it.
    #[inline(always)]
    pub(crate) fn prefetch(&self, i: usize) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.ptr.as_ptr().wrapping_add(i) as *const i8;
            // SAFETY: a prefetch is only a hint: it never faults and reads nothing, whatever
            // the address (wrapping_add computes it without the rules of pointer offsets).
            unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = i;
    }
}

impl<T: Copy> Drop for HugeVec<T> {
    fn drop(&mut self) {
        if let Some(layout) = self.layout {
            Pool::give(self.ptr.cast::<u8>(), layout);
        }
    }
}

/// Bytes of freed vector allocations a thread keeps for its next vectors ([`Pool`]): the
/// vectors of a search of 20,000 iterations of Sym and one of MCTS with its budget together
/// (the benchmark's pair) leave 7 MiB on pearl:2:32 and 16 MiB from the root of
/// connect:7x6:4 (counted).
const POOL_BYTES: usize = 16 << 20;
/// Most allocations a thread keeps: the same pair leaves up to 28 blocks (each vector's last
/// allocation and those its doubling left behind). A pool too small for them fills with the
/// small blocks first and frees the 2 MiB node vector of every Sym search on pearl:2:32, so
/// that the next search faults in and zeroes a fresh huge page.
const POOL_BLOCKS: usize = 32;

/// The allocations of dropped (or grown) vectors, kept for the thread's next vectors instead of
/// being freed, up to [`POOL_BYTES`] and [`POOL_BLOCKS`]: a program that runs search after
/// search with fresh agents (the report's trials, the arena's matches, the benchmarks) then
/// finds its pages already mapped. Freed to the allocator, they would go back to the system
/// at once (glibc trims the top of its heap past a threshold), and every search would fault
/// the same memory in again (Sym solving a mid-game position of connect:7x6:4, about 550
/// iterations, would spend 13 % of its time zeroing pages). What a vector
/// reads is what it wrote ([`HugeVec`] exposes only its first `len` records), so the old
/// contents of a reused block are never seen.
struct Pool {
    blocks: Vec<(NonNull<u8>, Layout)>,
    bytes: usize,
}

#[cfg(test)]
thread_local! {
    /// Allocations the thread's vectors did not find in the pool (tests).
    static FRESH: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

thread_local! {
    static POOL: RefCell<Pool> = const {
        RefCell::new(Pool {
            blocks: Vec::new(),
            bytes: 0,
        })
    };
}

impl Pool {
    /// The smallest kept block that fits `layout` (at least as large, and aligned at least as
    /// strictly), with the layout it was allocated with.
    fn take(layout: Layout) -> Option<(NonNull<u8>, Layout)> {
        POOL.try_with(|pool| {
            let mut pool = pool.borrow_mut();
            let (k, _) = pool
                .blocks
                .iter()
                .enumerate()
                .filter(|(_, (_, l))| l.size() >= layout.size() && l.align() >= layout.align())
                .min_by_key(|(_, (_, l))| l.size())?;
            let block = pool.blocks.swap_remove(k);
            pool.bytes -= block.1.size();
            Some(block)
        })
        .ok()
        .flatten()
    }

    /// Keeps the block `ptr` (allocated with `layout`, owned by no one now) for a later
    /// [`Pool::take`], or frees it when the pool is full (or the thread is ending). Under an
    /// address-space limit (`ulimit -v`) it is always freed: the blocks a vector leaves
    /// behind as it doubles would hold nearly as much address space as the vector itself,
    /// uncounted by the tree's budget, and the search's other allocations would then find
    /// none left.
    fn give(ptr: NonNull<u8>, layout: Layout) {
        let kept = !duel_core::limits::has_address_space_limit()
            && POOL
                .try_with(|pool| {
                    let mut pool = pool.borrow_mut();
                    if pool.blocks.len() < POOL_BLOCKS && pool.bytes + layout.size() <= POOL_BYTES {
                        pool.blocks.push((ptr, layout));
                        pool.bytes += layout.size();
                        true
                    } else {
                        false
                    }
                })
                .unwrap_or(false);
        if !kept {
            // SAFETY: the block was allocated with this layout, and is freed once: it is in
            // no pool and no vector.
            unsafe { dealloc(ptr.as_ptr(), layout) };
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        for (ptr, layout) in self.blocks.drain(..) {
            // SAFETY: each block was allocated with its layout and is owned by the pool alone.
            unsafe { dealloc(ptr.as_ptr(), layout) };
        }
    }
}

impl<T: Copy> Deref for HugeVec<T> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        // SAFETY: the first len records are initialised; ptr is aligned and non-null (dangling
        // but aligned when nothing is allocated, with len = 0).
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Copy> DerefMut for HugeVec<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as in deref, with the exclusive borrow of self.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

#[cold]
fn capacity_overflow() -> ! {
    panic!("vector capacity overflow")
}

/// Asks Linux to back `[start, start + bytes)` (2 MiB aligned) with transparent huge pages.
/// Only advice: where THP is off or unsupported nothing changes, and the memory's contents
/// never do.
fn advise_huge_pages(start: *mut u8, bytes: usize) {
    #[cfg(target_os = "linux")]
    // SAFETY: the range is one allocation we own, page aligned (2 MiB); MADV_HUGEPAGE changes
    // how its pages are backed, not what they hold. A failure is harmless and ignored.
    unsafe {
        libc::madvise(start as *mut libc::c_void, bytes, libc::MADV_HUGEPAGE);
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, bytes);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaves_like_a_vec() {
        let mut a: HugeVec<(u32, u16)> = HugeVec::new();
        let mut v: Vec<(u32, u16)> = Vec::new();
        assert!(a.is_empty());
        for i in 0..5000u32 {
            match i % 4 {
                0 => {
                    a.push((i, 1));
                    v.push((i, 1));
                }
                1 => {
                    a.extend((0..(i % 7) as u16).map(|k| (i, k)));
                    v.extend((0..(i % 7) as u16).map(|k| (i, k)));
                }
                2 => {
                    let s = [(i, 9u16), (i + 1, 8)];
                    a.extend(s);
                    v.extend(s);
                }
                _ => {
                    let n = a.len() - (i as usize % 3);
                    a.truncate(n);
                    v.truncate(n);
                    a[n / 2].1 = 77;
                    v[n / 2].1 = 77;
                }
            }
            assert_eq!(&a[..], &v[..]);
        }
        assert!(a.capacity() >= a.len());
        a.clear();
        assert!(a.is_empty());
        a.push((1, 1));
        assert_eq!(&a[..], &[(1, 1)]);
    }

    /// A prefetch reads nothing and changes nothing, at any index, allocated or not.
    #[test]
    fn prefetch_is_only_a_hint() {
        let mut a: HugeVec<(u32, u16)> = HugeVec::new();
        for i in [0, 1, 1 << 40, usize::MAX] {
            a.prefetch(i);
        }
        a.extend((0..3000u32).map(|i| (i, 7)));
        for i in [0, 2999, 3000, 1 << 40, usize::MAX] {
            a.prefetch(i);
        }
        assert_eq!(a.len(), 3000);
        assert!(a.iter().enumerate().all(|(i, &r)| r == (i as u32, 7)));
    }

    #[test]
    fn large_arenas_sit_on_huge_page_boundaries() {
        let mut a: HugeVec<[u64; 4]> = HugeVec::new();
        a.reserve(HUGE_FROM / 32 + 1, usize::MAX);
        assert_eq!(a.as_ptr() as usize % HUGE_PAGE, 0);
        assert_eq!((a.capacity() * 32) % HUGE_PAGE, 0);
        // Growing past a small allocation moves the records to an aligned one.
        let mut b: HugeVec<[u64; 4]> = HugeVec::new();
        for i in 0..(HUGE_FROM / 32 + 10) as u64 {
            b.push([i, i + 1, i + 2, i + 3]);
        }
        assert_eq!(b.as_ptr() as usize % HUGE_PAGE, 0);
        assert!(b
            .iter()
            .enumerate()
            .all(|(i, r)| r[0] == i as u64 && r[3] == i as u64 + 3));
    }

    /// A dropped vector's allocation serves the next vector of the thread that fits in it, and
    /// one that needs a stricter alignment or more room gets another.
    #[test]
    fn dropped_allocations_are_reused() {
        let mut a: HugeVec<u64> = HugeVec::new();
        a.extend(0..3000u64);
        let (ptr, cap) = (a.as_ptr() as usize, a.capacity());
        drop(a);
        let mut b: HugeVec<u64> = HugeVec::new();
        b.extend(0..10u64);
        assert_eq!(b.as_ptr() as usize, ptr);
        assert_eq!(b.capacity(), cap);
        assert_eq!(&b[..], &(0..10u64).collect::<Vec<_>>()[..]);
        // Too small for 5000 records: a new allocation, the records moved.
        b.extend(10..5000u64);
        assert_ne!(b.as_ptr() as usize, ptr);
        assert!(b.iter().enumerate().all(|(i, &r)| r == i as u64));
        // The pool now holds the first allocation (b left it). A byte vector's allocation,
        // larger, is not taken for records aligned on 8 bytes: the first one is.
        let mut c: HugeVec<u8> = HugeVec::new();
        c.extend([1u8; 100_000]);
        let bytes = c.as_ptr() as usize;
        drop(c);
        let mut d: HugeVec<u64> = HugeVec::new();
        d.push(7);
        assert_ne!(d.as_ptr() as usize, bytes);
        assert_eq!(d.as_ptr() as usize, ptr);
        assert_eq!(&d[..], &[7]);
    }

    /// The benchmark's pair of searches (Sym for 20,000 iterations on pearl:2:32 mid-game,
    /// then MCTS(3.5,5) for as many), run again with fresh agents, takes all its memory from
    /// the pool: no page of it is faulted in again.
    #[test]
    fn a_pair_of_searches_run_again_reuses_its_memory() {
        use crate::{AgentSpec, Budget};
        use duel_core::game::Game;
        use duel_games::pearl::Pearl;
        let mut pos = Pearl::from_spec("pearl:2:32:seed=1").expect("valid game");
        pos.play_moves("12121212").expect("legal moves");
        let pair = || {
            let mut sym = AgentSpec::parse("sym").expect("agent").build::<Pearl>(7);
            let mut mcts = AgentSpec::parse("mcts:a=3.5,b=5")
                .expect("agent")
                .build::<Pearl>(7);
            let r = sym
                .search(&pos, Budget::Iterations(20_000))
                .expect("search");
            assert_eq!(r.iterations, 20_000);
            mcts.search(&pos, Budget::Iterations(r.iterations))
                .expect("search");
        };
        pair();
        let first = FRESH.with(|n| n.get());
        pair();
        pair();
        assert!(first > 0);
        assert_eq!(FRESH.with(|n| n.get()), first);
    }

    #[test]
    fn the_limit_bounds_the_doubling() {
        let mut a: HugeVec<u8> = HugeVec::new();
        a.reserve(10, 100);
        assert_eq!(a.capacity(), MIN_CAPACITY);
        // Doubling up to the limit and 4096 records more, then only what is needed.
        for _ in 0..4196 {
            a.reserve(1, 100);
            a.push(0);
        }
        assert_eq!(a.capacity(), 4196);
        a.reserve(1, 100);
        assert_eq!(a.capacity(), 4197);
    }

    #[test]
    fn a_reserve_that_cannot_be_made_fails_and_changes_nothing() {
        let mut a: HugeVec<u64> = HugeVec::new();
        a.extend(0..100u64);
        // Doubling stops at `most`; a need past it is refused without allocating.
        assert_eq!(a.try_reserve(1500, 3000), Ok(()));
        assert_eq!(a.capacity(), 2048);
        assert_eq!(a.try_reserve(2000, 3000), Ok(()));
        assert_eq!(a.capacity(), 3000);
        assert_eq!(
            a.try_reserve(3000, 3000),
            Err(AllocFailed {
                bytes: 3100 * 8,
                refused: false
            })
        );
        // What no system gives (2^60 bytes) is refused by the allocator, not fatal.
        let e = a.try_reserve(1 << 57, usize::MAX).unwrap_err();
        assert!(e.refused && e.bytes >= 1 << 60, "{e:?}");
        let e = a.try_reserve(usize::MAX / 2, usize::MAX).unwrap_err();
        assert!(e.refused, "{e:?}");
        assert_eq!(a.capacity(), 3000);
        assert!(a.iter().enumerate().all(|(i, &r)| r == i as u64));
    }
}
