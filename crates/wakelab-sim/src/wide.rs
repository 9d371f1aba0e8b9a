//! Exact 64 x 64-bit products on the hot path.
//!
//! The simulation multiplies a duration by a rate in several places (run progress, APERF,
//! energy, PELT decay). The product can exceed 64 bits in principle, so it is formed in 128
//! bits, but in practice both operands fit in 32 bits. Where the target has no 64 x 64 -> 128
//! multiply instruction (wasm32 and other 32-bit targets) a 128-bit product is a library call
//! (`__multi3`, and `__lshrti3` for the shift); these helpers take the plain 64-bit multiply
//! when it cannot overflow. The results are identical either way.

/// `a * b`, exactly.
#[inline(always)]
pub fn mul_wide(a: u64, b: u64) -> u128 {
    if (a | b) >> 32 == 0 {
        (a * b) as u128
    } else {
        a as u128 * b as u128
    }
}

/// `(a * b) >> shift`, exactly, truncated to 64 bits (the kernel's `mul_u64_u32_shr` and
/// friends; callers know the result fits).
#[inline(always)]
pub fn mul_shr(a: u64, b: u64, shift: u32) -> u64 {
    if (a | b) >> 32 == 0 {
        (a * b) >> shift
    } else {
        ((a as u128 * b as u128) >> shift) as u64
    }
}

/// `a * b / d`, exactly, truncated to 64 bits (callers know the result fits; `d` > 0).
#[inline(always)]
pub fn mul_div(a: u64, b: u64, d: u64) -> u64 {
    if (a | b) >> 32 == 0 {
        a * b / d
    } else {
        (a as u128 * b as u128 / d as u128) as u64
    }
}

/// `ceil(a * b / d)`, exactly, truncated to 64 bits (callers know the result fits; `d` > 0).
#[inline(always)]
pub fn mul_div_ceil(a: u64, b: u64, d: u64) -> u64 {
    if (a | b) >> 32 == 0 {
        (a * b).div_ceil(d)
    } else {
        (a as u128 * b as u128).div_ceil(d as u128) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_and_wide_paths_agree_with_u128() {
        let vals = [
            0u64,
            1,
            3,
            0xffff_ffff,
            0x1_0000_0000,
            0x1234_5678_9abc,
            u64::MAX >> 1,
            u64::MAX,
        ];
        for &a in &vals {
            for &b in &vals {
                assert_eq!(mul_wide(a, b), a as u128 * b as u128, "{a} * {b}");
                for d in [1u64, 7, 1_000_000, u64::MAX] {
                    let wide = a as u128 * b as u128;
                    if wide / d as u128 <= u64::MAX as u128 {
                        assert_eq!(mul_div(a, b, d) as u128, wide / d as u128);
                        assert_eq!(mul_div_ceil(a, b, d) as u128, wide.div_ceil(d as u128));
                    }
                }
                for s in [0, 10, 20, 32, 63] {
                    assert_eq!(
                        mul_shr(a, b, s),
                        ((a as u128 * b as u128) >> s) as u64,
                        "({a} * {b}) >> {s}"
                    );
                }
            }
        }
    }
}
