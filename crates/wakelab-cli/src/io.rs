//! Every byte the CLI reads or writes goes through here: reads are bounded (a device such as
//! /dev/zero or a pipe that never ends stops at the limit with a message naming the file and
//! the limit), writes report errors (a full disk is an error with status 1, not a panic), and
//! output paths are checked before a run so that a long run is not lost to a typo.
//! docs/limits.md, "Command line".

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};

/// How `-` and a path are named in messages.
fn name(p: &Path) -> String {
    if p.as_os_str() == "-" {
        "stdin".into()
    } else {
        p.display().to_string()
    }
}

/// At most `max` bytes of `p` (`-` is stdin). Reads `max + 1` bytes at most whatever the file
/// is (regular file, device, FIFO), so a file that keeps growing costs no more than the limit.
/// `what` names the kind of input in the message ("experiment", "points file", ...).
pub fn read_bytes(p: &Path, max: usize, what: &str) -> Result<Vec<u8>> {
    let mut buf = Vec::new();
    let limit = max as u64 + 1;
    if p.as_os_str() == "-" {
        std::io::stdin()
            .lock()
            .take(limit)
            .read_to_end(&mut buf)
            .context("cannot read stdin")?;
    } else {
        let f = std::fs::File::open(p).with_context(|| format!("cannot read {}", p.display()))?;
        if f.metadata().is_ok_and(|m| m.is_dir()) {
            bail!("cannot read {}: it is a directory", p.display());
        }
        f.take(limit)
            .read_to_end(&mut buf)
            .with_context(|| format!("cannot read {}", p.display()))?;
    }
    if buf.len() > max {
        bail!(
            "{}: more than {max} bytes, the limit for {what} input (docs/limits.md)",
            name(p)
        );
    }
    Ok(buf)
}

/// [`read_bytes`] as UTF-8 text.
pub fn read_text(p: &Path, max: usize, what: &str) -> Result<String> {
    let b = read_bytes(p, max, what)?;
    String::from_utf8(b).map_err(|e| {
        anyhow!(
            "{}: not UTF-8 text (invalid byte at offset {})",
            name(p),
            e.utf8_error().valid_up_to()
        )
    })
}

/// Write a command's whole output to stdout and flush it, so that a failed write (a full disk,
/// a closed pipe) is an error the caller returns rather than `println!`'s panic. A closed pipe
/// still ends the process quietly with status 141 (`main`'s `is_broken_pipe`).
pub fn emit(s: &str) -> Result<()> {
    let mut o = std::io::stdout().lock();
    o.write_all(s.as_bytes())
        .and_then(|()| o.flush())
        .context("writing to stdout")
}

/// Write `data` to the file `p`, or to stdout for `-`.
pub fn write_out(p: &Path, data: &[u8]) -> Result<()> {
    if p.as_os_str() == "-" {
        let mut o = std::io::stdout().lock();
        o.write_all(data)
            .and_then(|()| o.flush())
            .context("writing to stdout")
    } else {
        std::fs::write(p, data).with_context(|| format!("writing {}", p.display()))
    }
}

/// An output the command will write, checked up front by [`check_outputs`].
pub struct Output<'a> {
    /// The flag that names it, for messages (`--points-out`).
    pub flag: &'static str,
    pub path: &'a Path,
}

/// The same file? Both canonicalised (symlinks, `./`, `..`), and on Unix the same device and
/// inode (hard links); a path that does not exist yet is no input.
fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            if (x.dev(), x.ino()) == (y.dev(), y.ino()) {
                return true;
            }
        }
    }
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

/// Check, before any work, that every output can be written: its directory exists, it is not a
/// directory, it is writable, it is none of the inputs (`--points-out exp.json` would overwrite
/// the experiment) and no two outputs are the same file. `-` (stdout) passes. Probing a new file
/// creates it and removes it again; an existing file is opened for writing without truncating.
pub fn check_outputs(inputs: &[&Path], outputs: &[Output<'_>]) -> Result<()> {
    for (k, o) in outputs.iter().enumerate() {
        let p = o.path;
        if p.as_os_str() == "-" {
            continue;
        }
        if p.as_os_str().is_empty() {
            bail!("{}: empty path", o.flag);
        }
        for i in inputs {
            if i.as_os_str() != "-" && same_file(i, p) {
                bail!(
                    "{} {}: that is an input of this command; refusing to overwrite it",
                    o.flag,
                    p.display()
                );
            }
        }
        for prev in &outputs[..k] {
            if prev.path == p || same_file(prev.path, p) {
                bail!("{} and {} both name {}", prev.flag, o.flag, p.display());
            }
        }
        let dir: PathBuf = match p.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        if !dir.is_dir() {
            bail!(
                "{} {}: the directory {} does not exist",
                o.flag,
                p.display(),
                dir.display()
            );
        }
        if p.is_dir() {
            bail!("{} {}: is a directory", o.flag, p.display());
        }
        let probe = if p.exists() {
            std::fs::OpenOptions::new().write(true).open(p).map(drop)
        } else {
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(p)
                .map(drop)
                .and_then(|()| std::fs::remove_file(p))
        };
        probe.with_context(|| format!("{} {}: cannot write there", o.flag, p.display()))?;
    }
    Ok(())
}
