//! Points files (`wakelab run --points-out`): the raw point results of a run or of one shard,
//! with the identity of the experiment they belong to, so that `merge` (and
//! `compare-measured --points`) can refuse points of another experiment, a shard given twice
//! and a missing shard instead of printing a wrong table.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow, bail};
use serde::{Deserialize, Serialize};

use wakelab_sim::experiment::{self, PointResult};
use wakelab_sim::scenario::{Experiment, MAX_POINTS};

/// The `format` field of a points file.
pub const FORMAT: &str = "wakelab-points";
/// Its version; a reader refuses others.
pub const VERSION: u32 = 1;
/// Largest points file read. A point is ~1.4 KB on 8 CPUs and grows with the per-CPU arrays
/// (~13 KB at 512 CPUs); `MAX_POINTS` (4096) of those is ~55 MB.
pub const MAX_POINTS_FILE_BYTES: usize = 128 << 20;

/// The overrides a command applied to the experiment file or preset (`--clients`,
/// `--iterations`, `--duration-ms`): part of the experiment as run.
#[derive(Debug, Clone, Default)]
pub struct Overrides {
    pub clients: Option<Vec<u32>>,
    pub iterations: Option<u32>,
    pub duration_ms: Option<u64>,
}

impl Overrides {
    pub fn apply(&self, exp: &mut Experiment) {
        if let Some(c) = &self.clients {
            exp.clients = c.clone();
        }
        if let Some(i) = self.iterations {
            exp.iterations = i;
        }
        if let Some(d) = self.duration_ms {
            exp.scenario.run.duration_ms = d;
            exp.scenario.run.warmup_ms = exp.scenario.run.warmup_ms.min(d / 5);
        }
    }

    /// As flags, for messages: `--clients 1,2 --duration-ms 40`, or `no overrides`.
    pub fn describe(&self) -> String {
        let mut v = Vec::new();
        if let Some(c) = &self.clients {
            let c: Vec<String> = c.iter().map(u32::to_string).collect();
            v.push(format!("--clients {}", c.join(",")));
        }
        if let Some(i) = self.iterations {
            v.push(format!("--iterations {i}"));
        }
        if let Some(d) = self.duration_ms {
            v.push(format!("--duration-ms {d}"));
        }
        if v.is_empty() {
            "no overrides".into()
        } else {
            v.join(" ")
        }
    }
}

/// 64-bit FNV-1a. An identity check against mistakes (the wrong file, the wrong flags), not
/// against forgery: a points file is trusted input once it names the right experiment.
fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The identity of an experiment as run (overrides applied): the hash of its canonical JSON
/// (serde's field order, no whitespace, defaults filled in), so the same experiment reached
/// from a preset plus flags or from a file with those values baked in is the same experiment.
pub fn identity(exp: &Experiment) -> String {
    let canonical = serde_json::to_string(exp).unwrap_or_default();
    format!("fnv1a64:{:016x}", fnv1a64(canonical.as_bytes()))
}

/// Shard `i` of `n` (1-based) parsed from `--shard i/n`.
pub fn parse_shard(s: &str) -> Result<(usize, usize)> {
    let bad = || {
        anyhow!("--shard {s:?}: expected i/n with 1 <= i <= n <= {MAX_POINTS}, e.g. --shard 1/4")
    };
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    let i: usize = i.trim().parse().map_err(|_| bad())?;
    let n: usize = n.trim().parse().map_err(|_| bad())?;
    if n == 0 || i == 0 || i > n || n > MAX_POINTS {
        return Err(bad());
    }
    Ok((i, n))
}

/// The points of shard `i` of `n` (1-based): every n-th point of `experiment::points`.
pub fn shard_points(exp: &Experiment, (i, n): (usize, usize)) -> Vec<(usize, u32, u32)> {
    experiment::points(exp)
        .into_iter()
        .enumerate()
        .filter(|(k, _)| k % n == i - 1)
        .map(|(_, p)| p)
        .collect()
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PointsFile {
    pub format: String,
    pub version: u32,
    /// [`identity`] of the experiment as run.
    pub experiment: String,
    /// The overrides the run was given ([`Overrides::describe`]), for messages.
    pub overrides: String,
    /// `[i, n]`, 1-based; `[1, 1]` for an unsharded run.
    pub shard: [usize; 2],
    pub points: Vec<PointResult>,
}

impl PointsFile {
    pub fn new(
        exp: &Experiment,
        ov: &Overrides,
        shard: (usize, usize),
        points: Vec<PointResult>,
    ) -> Self {
        PointsFile {
            format: FORMAT.into(),
            version: VERSION,
            experiment: identity(exp),
            overrides: ov.describe(),
            shard: [shard.0, shard.1],
            points,
        }
    }
}

/// Read one points file (bounded).
pub fn read(p: &Path) -> Result<PointsFile> {
    let s = crate::io::read_text(p, MAX_POINTS_FILE_BYTES, "points file")?;
    if s.trim_start().starts_with('[') {
        bail!(
            "{}: a points file without the experiment's identity (written by an older \
             wakelab); run the shard again to write one merge can check",
            p.display()
        );
    }
    let f: PointsFile = serde_json::from_str(&s)
        .map_err(|e| anyhow!("{} is not a points file: {e}", p.display()))?;
    if f.format != FORMAT || f.version != VERSION {
        bail!(
            "{}: format {:?} version {}, expected {FORMAT:?} version {VERSION}",
            p.display(),
            f.format,
            f.version
        );
    }
    Ok(f)
}

/// The points of the files at `paths`, checked to be exactly the shards 1..=n of `exp`
/// (overrides applied; `ov` is how the caller was invoked, for messages): same experiment,
/// same n, every shard once, and each file holding exactly its shard's points. Each file is
/// checked as soon as it is read, so what is kept is at most the experiment's points
/// (`MAX_POINTS`) whatever is passed (the same large file many times is refused at its second
/// copy).
pub fn merge(exp: &Experiment, ov: &Overrides, paths: &[PathBuf]) -> Result<Vec<PointResult>> {
    if paths.is_empty() {
        bail!(
            "no points files given: pass the files that `wakelab run --shard i/n --points-out \
             FILE` wrote"
        );
    }
    let want = identity(exp);
    // (path of the first file, its shard) once read
    let mut split: Option<(&Path, [usize; 2])> = None;
    let mut seen: BTreeMap<usize, &Path> = BTreeMap::new();
    let mut all = Vec::new();
    for p in paths {
        let f = read(p)?;
        if f.experiment != want {
            let why = if f.overrides == ov.describe() {
                format!(
                    "the same overrides ({}), so another experiment file or preset",
                    f.overrides
                )
            } else {
                format!(
                    "that run had {}, this merge has {}",
                    f.overrides,
                    ov.describe()
                )
            };
            bail!(
                "{}: points of a different experiment ({why}): give the experiment file or \
                 preset the shards ran, with the same --clients, --iterations and --duration-ms",
                p.display()
            );
        }
        let [i, n] = f.shard;
        let (first_path, first) = *split.get_or_insert((p.as_path(), f.shard));
        if n != first[1] || i == 0 || i > n {
            bail!(
                "{}: shard {i}/{n}, but {} is shard {}/{}: shards of one split share n",
                p.display(),
                first_path.display(),
                first[0],
                first[1]
            );
        }
        if let Some(other) = seen.insert(i, p) {
            bail!(
                "{} and {} are both shard {i}/{n}: each shard is merged once",
                other.display(),
                p.display()
            );
        }
        let mut got: Vec<(usize, u32, u32)> = f
            .points
            .iter()
            .map(|r| (r.variant, r.clients, r.iteration))
            .collect();
        got.sort_unstable();
        let mut expected = shard_points(exp, (i, n));
        expected.sort_unstable();
        if got != expected {
            bail!(
                "{}: holds {} points, not the {} of shard {i}/{n} of this experiment",
                p.display(),
                got.len(),
                expected.len()
            );
        }
        all.extend(f.points);
    }
    let n = split.map_or(1, |(_, s)| s[1]);
    let missing: Vec<String> = (1..=n)
        .filter(|i| !seen.contains_key(i))
        .map(|i| format!("{i}/{n}"))
        .collect();
    if !missing.is_empty() {
        let shown: Vec<&str> = missing.iter().take(10).map(String::as_str).collect();
        bail!(
            "shard{} {}{} missing: merge needs every shard of the split",
            if missing.len() > 1 { "s" } else { "" },
            shown.join(", "),
            if missing.len() > 10 {
                format!(" (and {} more)", missing.len() - 10)
            } else {
                String::new()
            }
        );
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a64_matches_the_reference_vectors() {
        // from the FNV reference (draft-eastlake-fnv): "" and "a"
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
    }

    #[test]
    fn shard_flag_is_named_in_every_message() {
        for bad in ["a/b", "0/2", "3/2", "1", "1/0", "1/100000", ""] {
            let e = parse_shard(bad).unwrap_err().to_string();
            assert!(e.starts_with("--shard"), "{bad}: {e}");
        }
        assert_eq!(parse_shard("2/4").unwrap(), (2, 4));
    }

    #[test]
    fn identity_covers_the_overrides() {
        let base = wakelab_sim::presets::experiment("default").unwrap();
        let mut a = base.clone();
        Overrides {
            clients: Some(vec![1, 2]),
            ..Default::default()
        }
        .apply(&mut a);
        assert_ne!(identity(&a), identity(&base));
        let mut b = base.clone();
        b.clients = vec![1, 2];
        assert_eq!(identity(&a), identity(&b));
    }
}
