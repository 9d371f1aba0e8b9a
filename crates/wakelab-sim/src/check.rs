//! Range checks shared by every validator of the experiment format (docs/limits.md).
//!
//! Every numeric field of a scenario has a documented range; the validators phrase a value
//! outside it the same way everywhere, in plain words ("must be between 1 and 256 (got 0)"),
//! next to the field's full path that the caller's error type carries.

use std::fmt::Display;

/// A value outside its documented range, phrased in plain words; the caller's error type
/// carries it next to the field's path (usually as its message, through `String::from`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum Limit {
    #[error("must be between {lo} and {hi} (got {got})")]
    Between { lo: String, hi: String, got: String },
    #[error("must be at most {hi} (got {got})")]
    AtMost { hi: String, got: String },
    #[error("must be between {lo} and {hi} characters long (got {got})")]
    Length { lo: usize, hi: usize, got: usize },
    #[error("CPU {cpu} does not exist: the machine has {nr_cpus} CPUs (0 to {})", .nr_cpus - 1)]
    NoSuchCpu { cpu: u16, nr_cpus: usize },
}

impl From<Limit> for String {
    fn from(l: Limit) -> String {
        l.to_string()
    }
}

/// `Err(Limit::Between)` ("must be between {lo} and {hi} (got {v})") unless `lo <= v <= hi`.
pub(crate) fn between<T: PartialOrd + Display>(v: T, lo: T, hi: T) -> Result<(), Limit> {
    if v < lo || v > hi {
        Err(Limit::Between {
            lo: lo.to_string(),
            hi: hi.to_string(),
            got: v.to_string(),
        })
    } else {
        Ok(())
    }
}

/// `Err(Limit::AtMost)` ("must be at most {hi} (got {v})") unless `v <= hi` (for fields whose
/// lower bound is the type's own, 0).
pub(crate) fn at_most<T: PartialOrd + Display>(v: T, hi: T) -> Result<(), Limit> {
    if v > hi {
        Err(Limit::AtMost {
            hi: hi.to_string(),
            got: v.to_string(),
        })
    } else {
        Ok(())
    }
}

/// `Err(Limit::Length)` ("must be between {lo} and {hi} characters long (got {n})") for a text
/// of `n` characters (count `chars()`, not bytes).
pub(crate) fn length(n: usize, lo: usize, hi: usize) -> Result<(), Limit> {
    if n < lo || n > hi {
        Err(Limit::Length { lo, hi, got: n })
    } else {
        Ok(())
    }
}

/// A CPU number of a machine with `nr_cpus` CPUs: refused (never clamped) beyond it.
pub(crate) fn cpu(c: u16, nr_cpus: usize) -> Result<(), Limit> {
    if c as usize >= nr_cpus {
        Err(Limit::NoSuchCpu { cpu: c, nr_cpus })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_plain_words() {
        assert_eq!(
            between(0u64, 100_000, 1_000_000_000)
                .unwrap_err()
                .to_string(),
            "must be between 100000 and 1000000000 (got 0)"
        );
        assert_eq!(
            between(-21i8, -20, 19).unwrap_err().to_string(),
            "must be between -20 and 19 (got -21)"
        );
        assert!(between(19i8, -20, 19).is_ok());
        assert_eq!(
            length(0, 1, 60).unwrap_err().to_string(),
            "must be between 1 and 60 characters long (got 0)"
        );
        assert_eq!(
            at_most(5u32, 4).unwrap_err().to_string(),
            "must be at most 4 (got 5)"
        );
        assert_eq!(
            cpu(8, 8).unwrap_err().to_string(),
            "CPU 8 does not exist: the machine has 8 CPUs (0 to 7)"
        );
    }
}
