//! Fixed-size CPU bitmask, the simulator's `struct cpumask`.
//!
//! Like the kernel's `cpumask_t` with a compile-time `NR_CPUS`, a [`CpuMask`] is a plain array of
//! words: `Copy`, no allocation, so masks can be built and intersected on the hot placement path.
//! The size limit [`MAX_CPUS`] is one of the explicit limits listed in docs/limits.md.

use serde::{Deserialize, Serialize};

/// Largest machine the simulator accepts (CPUs). 512 covers the 256-CPU (2 x 32 x SMT-4)
/// benchmark machine with room to spare while keeping a mask at 64 bytes.
pub const MAX_CPUS: usize = 512;
const WORDS: usize = MAX_CPUS / 64;

/// A CPU number. `u16` keeps per-CPU tables small; all CPUs are `< MAX_CPUS`.
pub type Cpu = u16;

/// A set of CPUs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CpuMask {
    words: [u64; WORDS],
}

impl CpuMask {
    /// The empty mask.
    pub const EMPTY: CpuMask = CpuMask { words: [0; WORDS] };

    /// Mask of CPUs `0..n`.
    pub fn first_n(n: usize) -> CpuMask {
        assert!(n <= MAX_CPUS, "mask of {n} CPUs exceeds MAX_CPUS");
        let mut m = CpuMask::EMPTY;
        for w in 0..WORDS {
            let lo = w * 64;
            if n >= lo + 64 {
                m.words[w] = u64::MAX;
            } else if n > lo {
                m.words[w] = (1u64 << (n - lo)) - 1;
            }
        }
        m
    }

    /// Mask holding exactly one CPU.
    pub fn single(cpu: Cpu) -> CpuMask {
        let mut m = CpuMask::EMPTY;
        m.set(cpu);
        m
    }

    /// Mask from a list of CPUs.
    pub fn from_cpus(cpus: impl IntoIterator<Item = Cpu>) -> CpuMask {
        let mut m = CpuMask::EMPTY;
        for c in cpus {
            m.set(c);
        }
        m
    }

    #[inline]
    pub fn set(&mut self, cpu: Cpu) {
        let c = cpu as usize;
        self.words[c / 64] |= 1u64 << (c % 64);
    }

    #[inline]
    pub fn clear(&mut self, cpu: Cpu) {
        let c = cpu as usize;
        self.words[c / 64] &= !(1u64 << (c % 64));
    }

    #[inline]
    pub fn test(&self, cpu: Cpu) -> bool {
        let c = cpu as usize;
        c < MAX_CPUS && self.words[c / 64] & (1u64 << (c % 64)) != 0
    }

    /// Number of CPUs in the mask (`cpumask_weight`).
    #[inline]
    pub fn weight(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        // OR of all words, no early exit: a few vector instructions instead of a loop of
        // branches (the event loop asks this of three masks on every event)
        self.words.iter().fold(0, |a, &w| a | w) == 0
    }

    #[inline]
    pub fn and(&self, other: &CpuMask) -> CpuMask {
        // Built word by word in place (not `let mut m = *self`): a 64-byte copy is a
        // `memory.copy` call in a size-optimised wasm build.
        CpuMask {
            words: std::array::from_fn(|i| self.words[i] & other.words[i]),
        }
    }

    #[inline]
    pub fn or(&self, other: &CpuMask) -> CpuMask {
        CpuMask {
            words: std::array::from_fn(|i| self.words[i] | other.words[i]),
        }
    }

    /// `self & !other`.
    #[inline]
    pub fn andnot(&self, other: &CpuMask) -> CpuMask {
        CpuMask {
            words: std::array::from_fn(|i| self.words[i] & !other.words[i]),
        }
    }

    /// `self &= !other`, in place.
    #[inline]
    pub fn andnot_assign(&mut self, other: &CpuMask) {
        for (a, b) in self.words.iter_mut().zip(other.words.iter()) {
            *a &= !*b;
        }
    }

    #[inline]
    pub fn intersects(&self, other: &CpuMask) -> bool {
        self.words
            .iter()
            .zip(other.words.iter())
            .any(|(a, b)| a & b != 0)
    }

    /// `self ⊆ other`.
    #[inline]
    pub fn is_subset(&self, other: &CpuMask) -> bool {
        self.words
            .iter()
            .zip(other.words.iter())
            .all(|(a, b)| a & !b == 0)
    }

    /// Lowest CPU in the mask (`cpumask_first`).
    #[inline]
    pub fn first(&self) -> Option<Cpu> {
        self.next_from(0)
    }

    /// Lowest set CPU `>= from` (`cpumask_next(from - 1)`), without wrapping.
    #[inline]
    pub fn next_from(&self, from: usize) -> Option<Cpu> {
        if from >= MAX_CPUS {
            return None;
        }
        let mut w = from / 64;
        let mut word = self.words[w] & (u64::MAX << (from % 64));
        loop {
            if word != 0 {
                return Some((w * 64 + word.trailing_zeros() as usize) as Cpu);
            }
            w += 1;
            if w == WORDS {
                return None;
            }
            word = self.words[w];
        }
    }

    /// Iterate set CPUs in increasing order (`for_each_cpu`).
    #[inline]
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            words: &self.words,
            w: 0,
            cur: self.words[0],
        }
    }

    /// Collect into a vector (tests, reports; not for hot paths).
    pub fn to_vec(&self) -> Vec<Cpu> {
        self.iter().collect()
    }
}

/// Iterator over a mask's CPUs: keeps the word being read and clears each bit it yields, so a
/// step is a `trailing_zeros` and no re-masking from the last position (hot in the frequency
/// model's per-core loops).
pub struct Iter<'a> {
    words: &'a [u64; WORDS],
    w: usize,
    cur: u64,
}

impl Iterator for Iter<'_> {
    type Item = Cpu;

    #[inline]
    fn next(&mut self) -> Option<Cpu> {
        loop {
            if self.cur != 0 {
                let b = self.cur.trailing_zeros() as usize;
                self.cur &= self.cur - 1;
                return Some((self.w * 64 + b) as Cpu);
            }
            self.w += 1;
            if self.w >= WORDS {
                self.w = WORDS;
                return None;
            }
            self.cur = self.words[self.w];
        }
    }
}

impl std::fmt::Debug for CpuMask {
    /// Kernel cpulist style: `0-3,8,10-11`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", cpulist(self))
    }
}

/// Format a mask as a kernel cpulist (`0-3,8`).
pub fn cpulist(mask: &CpuMask) -> String {
    let mut out = String::new();
    let mut run: Option<(Cpu, Cpu)> = None;
    let flush = |out: &mut String, (a, b): (Cpu, Cpu)| {
        if !out.is_empty() {
            out.push(',');
        }
        if a == b {
            out.push_str(&a.to_string());
        } else {
            out.push_str(&format!("{a}-{b}"));
        }
    };
    for c in mask.iter() {
        run = match run {
            Some((a, b)) if c == b + 1 => Some((a, c)),
            Some(r) => {
                flush(&mut out, r);
                Some((c, c))
            }
            None => Some((c, c)),
        };
    }
    if let Some(r) = run {
        flush(&mut out, r);
    }
    out
}

/// A cpulist that does not parse; `Display` is the message users see.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CpuListError {
    /// Not a CPU number (the text found).
    #[error("bad CPU number {0:?} in cpulist")]
    BadNumber(String),
    /// A range `a-b` with `a > b` or `b` beyond [`MAX_CPUS`] (the range as written).
    #[error("CPU range {range:?} is out of order or beyond {max} CPUs")]
    BadRange { range: String, max: usize },
}

/// Parse a kernel cpulist (`0-3,8`). Bounded by [`MAX_CPUS`].
pub fn parse_cpulist(s: &str) -> Result<CpuMask, CpuListError> {
    let mut m = CpuMask::EMPTY;
    let s = s.trim();
    if s.is_empty() {
        return Ok(m);
    }
    for part in s.split(',') {
        let part = part.trim();
        let (a, b) = match part.split_once('-') {
            Some((a, b)) => (a.trim(), b.trim()),
            None => (part, part),
        };
        let a: usize = a
            .parse()
            .map_err(|_| CpuListError::BadNumber(a.to_string()))?;
        let b: usize = b
            .parse()
            .map_err(|_| CpuListError::BadNumber(b.to_string()))?;
        if a > b || b >= MAX_CPUS {
            return Err(CpuListError::BadRange {
                range: part.to_string(),
                max: MAX_CPUS,
            });
        }
        for c in a..=b {
            m.set(c as Cpu);
        }
    }
    Ok(m)
}

impl Serialize for CpuMask {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&cpulist(self))
    }
}

impl<'de> Deserialize<'de> for CpuMask {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        parse_cpulist(&s).map_err(serde::de::Error::custom)
    }
}

/// Cursor implementing `for_each_cpu_wrap(cpu, mask, start)` (spec §1.3, lib/cpumask.c).
///
/// Visits the set bits `>= start` in increasing order, then wraps to the set bits `< start`,
/// each at most once. The mask is re-read on every step (it is passed to [`WrapCursor::next`]),
/// so bits the loop body clears are skipped when reached, as in the kernel. A `start` at or
/// beyond the mask size begins at the lowest set bit.
#[derive(Clone, Copy, Debug)]
pub struct WrapCursor {
    start: usize,
    /// Next bit position to consider.
    pos: usize,
    wrapped: bool,
}

impl WrapCursor {
    pub fn new(start: Cpu) -> WrapCursor {
        let start = (start as usize).min(MAX_CPUS);
        let wrapped = start == MAX_CPUS;
        WrapCursor {
            start,
            pos: if wrapped { 0 } else { start },
            wrapped,
        }
    }

    /// The next CPU of `mask` in wrap order, or `None` when the iteration is over.
    #[inline]
    pub fn next(&mut self, mask: &CpuMask) -> Option<Cpu> {
        if !self.wrapped {
            if let Some(c) = mask.next_from(self.pos) {
                self.pos = c as usize + 1;
                return Some(c);
            }
            self.wrapped = true;
            self.pos = 0;
        }
        let limit = if self.start == MAX_CPUS {
            MAX_CPUS
        } else {
            self.start
        };
        match mask.next_from(self.pos) {
            Some(c) if (c as usize) < limit => {
                self.pos = c as usize + 1;
                Some(c)
            }
            _ => {
                self.pos = MAX_CPUS;
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wrap_all(mask: &CpuMask, start: Cpu) -> Vec<Cpu> {
        let mut cur = WrapCursor::new(start);
        let mut out = vec![];
        while let Some(c) = cur.next(mask) {
            out.push(c);
        }
        out
    }

    #[test]
    fn wrap_visits_from_start_then_below() {
        let m = CpuMask::first_n(8);
        assert_eq!(wrap_all(&m, 5), vec![5, 6, 7, 0, 1, 2, 3, 4]);
        assert_eq!(wrap_all(&m, 0), (0..8).collect::<Vec<_>>());
        // start beyond the mask: begins at the lowest set bit
        assert_eq!(wrap_all(&m, MAX_CPUS as Cpu), (0..8).collect::<Vec<_>>());
    }

    #[test]
    fn wrap_skips_bits_cleared_during_iteration() {
        let mut m = CpuMask::first_n(8);
        let mut cur = WrapCursor::new(2);
        let mut seen = vec![];
        while let Some(c) = cur.next(&m) {
            seen.push(c);
            // clear the "sibling" c+4 (mod 8), as select_idle_core does
            m.clear((c + 4) % 8);
        }
        assert_eq!(seen, vec![2, 3, 4, 5]);
    }

    #[test]
    fn wrap_on_sparse_mask_and_start_not_in_mask() {
        let m = CpuMask::from_cpus([1, 4, 9, 70, 300]);
        assert_eq!(wrap_all(&m, 5), vec![9, 70, 300, 1, 4]);
        assert_eq!(wrap_all(&CpuMask::EMPTY, 3), Vec::<Cpu>::new());
    }

    #[test]
    fn cpulist_round_trip() {
        let m = CpuMask::from_cpus([0, 1, 2, 3, 8, 10, 11, 511]);
        assert_eq!(cpulist(&m), "0-3,8,10-11,511");
        assert_eq!(parse_cpulist("0-3,8,10-11,511").unwrap(), m);
        assert_eq!(
            parse_cpulist("3-1"),
            Err(CpuListError::BadRange {
                range: "3-1".into(),
                max: MAX_CPUS
            })
        );
        assert!(parse_cpulist("0-512").is_err());
        assert_eq!(
            parse_cpulist("x").unwrap_err().to_string(),
            "bad CPU number \"x\" in cpulist"
        );
    }

    #[test]
    fn set_operations() {
        let a = CpuMask::first_n(70);
        let b = CpuMask::from_cpus([3, 69, 100]);
        assert_eq!(a.weight(), 70);
        assert_eq!(a.and(&b).to_vec(), vec![3, 69]);
        assert_eq!(b.andnot(&a).to_vec(), vec![100]);
        assert!(a.and(&b).is_subset(&a));
        assert!(!b.is_subset(&a));
        assert_eq!(b.first(), Some(3));
        assert_eq!(b.next_from(4), Some(69));
        assert_eq!(b.next_from(101), None);
    }

    #[test]
    fn iter_yields_what_next_from_finds() {
        let masks = [
            CpuMask::EMPTY,
            CpuMask::first_n(MAX_CPUS),
            CpuMask::from_cpus([0, 63, 64, 127, 128, 511]),
            CpuMask::from_cpus([5, 300, 301, 448]),
            CpuMask::first_n(80),
        ];
        for m in &masks {
            let mut want = Vec::new();
            let mut c = m.first();
            while let Some(x) = c {
                want.push(x);
                c = m.next_from(x as usize + 1);
            }
            let mut it = m.iter();
            let got: Vec<Cpu> = it.by_ref().collect();
            assert_eq!(got, want, "{m:?}");
            assert_eq!(it.next(), None, "stays exhausted");
            assert_eq!(got.len(), m.weight());
        }
    }
}
