//! Range checks shared by every validator of the experiment format (docs/limits.md).
//!
//! Every numeric field of a scenario has a documented range; the validators phrase a value
//! outside it the same way everywhere, in plain words ("must be between 1 and 256 (got 0)"),
//! next to the field's full path that the caller's error type carries.

use std::fmt::Display;

/// `Err("must be between {lo} and {hi} (got {v})")` unless `lo <= v <= hi`.
pub(crate) fn between<T: PartialOrd + Display>(v: T, lo: T, hi: T) -> Result<(), String> {
    if v < lo || v > hi {
        Err(format!("must be between {lo} and {hi} (got {v})"))
    } else {
        Ok(())
    }
}

/// `Err("must be at most {hi} (got {v})")` unless `v <= hi` (for fields whose lower bound is
/// the type's own, 0).
pub(crate) fn at_most<T: PartialOrd + Display>(v: T, hi: T) -> Result<(), String> {
    if v > hi {
        Err(format!("must be at most {hi} (got {v})"))
    } else {
        Ok(())
    }
}

/// `Err("must be between {lo} and {hi} characters long (got {n})")` for a text of `n`
/// characters (count `chars()`, not bytes).
pub(crate) fn length(n: usize, lo: usize, hi: usize) -> Result<(), String> {
    if n < lo || n > hi {
        Err(format!(
            "must be between {lo} and {hi} characters long (got {n})"
        ))
    } else {
        Ok(())
    }
}

/// A CPU number of a machine with `nr_cpus` CPUs: refused (never clamped) beyond it.
pub(crate) fn cpu(c: u16, nr_cpus: usize) -> Result<(), String> {
    if c as usize >= nr_cpus {
        Err(format!(
            "CPU {c} does not exist: the machine has {nr_cpus} CPUs (0 to {})",
            nr_cpus - 1
        ))
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
            between(0u64, 100_000, 1_000_000_000).unwrap_err(),
            "must be between 100000 and 1000000000 (got 0)"
        );
        assert_eq!(
            between(-21i8, -20, 19).unwrap_err(),
            "must be between -20 and 19 (got -21)"
        );
        assert!(between(19i8, -20, 19).is_ok());
        assert_eq!(
            length(0, 1, 60).unwrap_err(),
            "must be between 1 and 60 characters long (got 0)"
        );
        assert_eq!(at_most(5u32, 4).unwrap_err(), "must be at most 4 (got 5)");
        assert_eq!(
            cpu(8, 8).unwrap_err(),
            "CPU 8 does not exist: the machine has 8 CPUs (0 to 7)"
        );
    }
}
