//! `wakelab trace-import FILE`: read a `perf script` / `trace-cmd report` text trace (plain or
//! gzip; `-` for stdin), print its summary (text or `--json`) or the closed-loop workload
//! derived from it (`--workload`). Thin IO around `wakelab_interop::sched_trace`; docs/interop.md.

use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use clap::Args;

use wakelab_interop::sched_trace::parse::MAX_TRACE_BYTES;
use wakelab_interop::sched_trace::{read_trace, summarise, summary_text};

#[derive(Args, Debug)]
pub struct TraceImportArgs {
    /// The trace: `perf script` or `trace-cmd report` text, plain or .gz; `-` for stdin.
    pub file: PathBuf,
    /// Print the summary as JSON (versioned) instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Read at most `MAX_TRACE_BYTES` (+1 to tell "too large" from "exactly at the limit").
fn read_trace_bytes(p: &Path) -> Result<Vec<u8>> {
    let mut buf = Vec::new();
    let limit = MAX_TRACE_BYTES as u64 + 1;
    if p.as_os_str() == "-" {
        std::io::stdin().take(limit).read_to_end(&mut buf)?;
    } else {
        let f = std::fs::File::open(p).with_context(|| format!("cannot read {}", p.display()))?;
        f.take(limit)
            .read_to_end(&mut buf)
            .with_context(|| format!("cannot read {}", p.display()))?;
    }
    if buf.len() > MAX_TRACE_BYTES {
        bail!(
            "{} is larger than {MAX_TRACE_BYTES} bytes (MAX_TRACE_BYTES)",
            p.display()
        );
    }
    Ok(buf)
}

pub fn trace_import(a: TraceImportArgs) -> Result<()> {
    let bytes = read_trace_bytes(&a.file)?;
    let stream = read_trace(&bytes).map_err(|e| anyhow!("{}: {e}", a.file.display()))?;
    let summary = summarise(&stream);
    if a.json {
        println!("{}", summary.to_json());
    } else {
        print!("{}", summary_text(&summary));
    }
    Ok(())
}
