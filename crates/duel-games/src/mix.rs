//! The bit mixer of the hashes and seeds of the games.

/// SplitMix64's finaliser: a bijection of u64 that spreads bits (the hashes of Connect-K
/// positions and of Pearl's paths, and the seeds drawn from them).
#[inline(always)]
pub fn mix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
