//! What the machine offers: the memory a command may plan for.

/// The memory the system can give without swapping (`MemAvailable` of /proc/meminfo, and the
/// address-space limit of `ulimit -v` where it is lower); `None` where it cannot be read.
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
    Some(available.min(address_space_limit()))
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

    const GIB: u64 = 1 << 30;

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
}
