//! What a job may use: the memory limits of duel's large tables and trees in one place, and
//! what the machine offers this process.
//!
//! A job that allocates a large table computes its need first and compares it with the limit
//! of its kind ([`Limits`]) and with the memory the process can get ([`available_memory`]),
//! refusing with the amount it needs ([`TooLarge`]) rather than failing in the allocator.

use std::fmt;

use serde::Serialize;
use thiserror::Error;

/// 2^30 bytes.
pub const GIB: u64 = 1 << 30;

/// The most memory each kind of job may plan for, in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Limits {
    /// Guess Who's exact tables of P(n, m) (`guess-who value|table|verify`).
    pub guesswho_table_bytes: u64,
    /// The liar game's memo of solved states (`liar solve|min-questions|table`).
    pub liar_memo_bytes: u64,
    /// Bidding games solved for every total at once, layer by layer (`bidding table` on
    /// boards).
    pub bidding_layers_bytes: u64,
    /// Exact minimax's transposition table (`search value`).
    pub minimax_table_bytes: u64,
    /// One search agent's tree (MCTS, Sym, SymP, GW, GW2).
    pub search_tree_bytes: u64,
}

impl Limits {
    /// The limits duel uses unless told otherwise.
    pub const DEFAULT: Limits = Limits {
        guesswho_table_bytes: 8 * GIB,
        liar_memo_bytes: 8 * GIB,
        bidding_layers_bytes: 4 * GIB,
        minimax_table_bytes: GIB,
        search_tree_bytes: GIB,
    };
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

/// A job that would need more memory than its limit.
#[derive(Clone, Debug, Error, PartialEq, Eq, Serialize)]
#[error("{what} would need about {}, more than the limit of {}", Bytes(*needed_bytes), Bytes(u128::from(*limit_bytes)))]
pub struct TooLarge {
    /// What would be allocated, e.g. "the table of P(n, m) up to 100000".
    pub what: String,
    /// The bytes it would need.
    pub needed_bytes: u128,
    /// The limit it would pass.
    pub limit_bytes: u64,
}

/// Checks a need of `needed_bytes` for `what` against `limit_bytes`.
pub fn check_memory(what: &str, needed_bytes: u128, limit_bytes: u64) -> Result<(), TooLarge> {
    if needed_bytes > u128::from(limit_bytes) {
        return Err(TooLarge {
            what: what.to_string(),
            needed_bytes,
            limit_bytes,
        });
    }
    Ok(())
}

/// A number of bytes in words: `812 bytes`, `3.2 MiB`, `6.0 GiB`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bytes(pub u128);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const UNITS: [&str; 6] = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
        if self.0 < 1024 {
            return write!(f, "{} bytes", self.0);
        }
        let mut value = self.0 as f64 / 1024.0;
        let mut unit = 0;
        while value >= 1024.0 && unit + 1 < UNITS.len() {
            value /= 1024.0;
            unit += 1;
        }
        write!(f, "{value:.1} {}", UNITS[unit])
    }
}

/// The memory the system can give without swapping (`MemAvailable` of /proc/meminfo, and
/// what the address-space limit of `ulimit -v` leaves to the process, where it is lower);
/// `None` where it cannot be read.
pub fn available_memory() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kib: u64 = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemAvailable:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    let available = kib.saturating_mul(1024);
    let limit = address_space_limit();
    if limit == u64::MAX {
        return Some(available);
    }
    Some(available.min(limit.saturating_sub(address_space_used())))
}

/// The address space the process may still map under its limit (`ulimit -v`), or `None`
/// where it has none (then the system's memory is what bounds it: [`available_memory`]).
pub fn address_space_left() -> Option<u64> {
    let limit = address_space_limit();
    (limit != u64::MAX).then(|| limit.saturating_sub(address_space_used()))
}

/// Whether the process has an address-space limit (`ulimit -v`). It allocates nothing and
/// reads no file, so that it can be asked each time a search tree's array grows or is freed.
pub fn has_address_space_limit() -> bool {
    address_space_limit() != u64::MAX
}

/// The address space the process maps now (the first field of /proc/self/statm, in pages), 0
/// where it cannot be read. It allocates nothing (a stack buffer), so that it can be asked when
/// the heap itself may be out of room ([`start_floor`]).
fn address_space_used() -> u64 {
    use std::io::Read;
    let mut buf = [0u8; 128];
    let Ok(mut file) = std::fs::File::open("/proc/self/statm") else {
        return 0;
    };
    let Ok(n) = file.read(&mut buf) else {
        return 0;
    };
    let pages = buf[..n]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .fold(0u64, |acc, &b| {
            acc.saturating_mul(10).saturating_add(u64::from(b - b'0'))
        });
    pages.saturating_mul(page_bytes())
}

/// The size of a memory page.
fn page_bytes() -> u64 {
    sysconf_positive(SysConf::PageSize).unwrap_or(4096)
}

/// The values of `sysconf` duel reads.
enum SysConf {
    PageSize,
    ProcessorsOnline,
}

/// `sysconf(name)` where it gives a positive value. It allocates nothing.
fn sysconf_positive(name: SysConf) -> Option<u64> {
    #[cfg(unix)]
    {
        let name = match name {
            SysConf::PageSize => libc::_SC_PAGESIZE,
            SysConf::ProcessorsOnline => libc::_SC_NPROCESSORS_ONLN,
        };
        // SAFETY: sysconf reads a constant of the system; it has no preconditions.
        let value = unsafe { libc::sysconf(name) };
        u64::try_from(value).ok().filter(|&v| v > 0)
    }
    #[cfg(not(unix))]
    {
        let _ = name;
        None
    }
}

/// The address space a process of duel needs left, beyond what it maps when it starts, to get
/// through any command's first steps: the allocator's first heap, the argument parser, and a
/// stack (2 MiB and a guard page) for each thread of the pool of parallel work, one a core.
/// Measured under `ulimit -v` on 2 cores: every command of duel-cli's tests/memory_cli.rs ends in 0 or 2
/// from 16 MiB left, where with 4 MiB left some abort in the allocator.
pub fn start_floor(cores: usize) -> u64 {
    const MIB: u64 = 1 << 20;
    12 * MIB + 3 * MIB * cores as u64
}

/// Where the address-space limit (`ulimit -v`) leaves this process less than [`start_floor`]:
/// the address space left and the floor. Allocates nothing, so a `main` can ask it first.
pub fn below_start_floor() -> Option<(u64, u64)> {
    let left = address_space_left()?;
    let floor = start_floor(online_cores());
    (left < floor).then_some((left, floor))
}

/// The processors online (`sysconf`, which allocates nothing, unlike
/// `std::thread::available_parallelism`): at least as many as the pool of parallel work uses.
fn online_cores() -> usize {
    sysconf_positive(SysConf::ProcessorsOnline).map_or(1, |n| usize::try_from(n).unwrap_or(1))
}

/// The soft limit of the address space (`ulimit -v`), u64::MAX where there is none.
fn address_space_limit() -> u64 {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes one rlimit into the struct we pass, which lives for the call.
        let ok = unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } == 0;
        if ok && limit.rlim_cur != libc::RLIM_INFINITY {
            // rlim_t is u64 on Linux, but not on every Unix.
            #[allow(clippy::unnecessary_cast)]
            return limit.rlim_cur as u64;
        }
    }
    u64::MAX
}

/// Threads for work whose tasks may each hold up to `peak` bytes: rayon's count, lowered so
/// that the tasks running at once fit in [`available_memory`] (at least one).
pub fn threads_within_memory(peak: u64) -> usize {
    threads_for(rayon::current_num_threads(), available_memory(), peak)
}

/// `threads`, lowered to the number of tasks of `peak` bytes that fit in `memory` (unknown:
/// no limit), and at least one.
fn threads_for(threads: usize, memory: Option<u64>, peak: u64) -> usize {
    let fit = memory.map_or(usize::MAX, |m| {
        usize::try_from(m / peak.max(1)).unwrap_or(usize::MAX)
    });
    threads.min(fit).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_fit_in_memory() {
        // 2 GiB a task (search leaves' trials): 7 GiB holds 3 at once, 1 GiB still runs one.
        assert_eq!(threads_for(16, Some(7 * GIB), 2 * GIB), 3);
        assert_eq!(threads_for(16, Some(GIB), 2 * GIB), 1);
        assert_eq!(threads_for(16, Some(0), 2 * GIB), 1);
        // Enough memory, or none known: the thread count stands.
        assert_eq!(threads_for(2, Some(64 * GIB), 2 * GIB), 2);
        assert_eq!(threads_for(4, None, 2 * GIB), 4);
        // A peak of 0 bytes divides by 1, not 0.
        assert_eq!(threads_for(4, Some(3), 0), 3);
    }

    #[test]
    fn a_need_past_its_limit_is_refused_with_both_amounts() {
        assert_eq!(check_memory("a table", 100, 100), Ok(()));
        let e = check_memory("a table", 3 * u128::from(GIB), 2 * GIB).unwrap_err();
        assert_eq!(
            (e.needed_bytes, e.limit_bytes),
            (3 * u128::from(GIB), 2 * GIB)
        );
        assert_eq!(
            e.to_string(),
            "a table would need about 3.0 GiB, more than the limit of 2.0 GiB"
        );
        assert_eq!(Bytes(812).to_string(), "812 bytes");
        assert_eq!(Bytes(3 << 19).to_string(), "1.5 MiB");
        assert_eq!(
            Bytes(u128::MAX).to_string(),
            format!("{:.1} EiB", u128::MAX as f64 / (1u128 << 60) as f64)
        );
    }
}
