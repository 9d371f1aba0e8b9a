//! recordings/dbench-peer-wakes: the README's table and the validation reasons quote
//! `summary.json` (bpftrace stacks of dbench -> dbench wake-ups, classed by
//! scripts/trace-reads/dbench/peer_wakes_summary.py).

use std::path::PathBuf;

use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn summary() -> Value {
    serde_json::from_str(&read("recordings/dbench-peer-wakes/summary.json")).unwrap()
}

fn share(s: &Value, run: &str, path: &str) -> f64 {
    s[format!("{run}.bpftrace.txt")]["peer_share_by_path"][path]
        .as_f64()
        .unwrap_or(0.0)
}

#[test]
fn the_readme_table_is_the_summary() {
    let s = summary();
    let readme = read("recordings/dbench-peer-wakes/README.md");
    for run in ["xfs-c2", "xfs-c4", "ext4-c2"] {
        let r = &s[format!("{run}.bpftrace.txt")];
        let cells: Vec<String> = [
            "cil_flush",
            "buf_lock",
            "rwsem",
            "interrupt",
            "parent",
            "other",
        ]
        .iter()
        .map(|p| format!("{:.1}%", share(&s, run, p)))
        .collect();
        let row = format!(
            "| {run} | {} | {} | {} | {} |",
            r["throughput_mb_s"],
            r["peer"],
            r["to_dbench"],
            cells.join(" | ")
        );
        assert!(readme.contains(&row), "not in the README: {row}");
    }
}

#[test]
fn the_reasons_quote_the_summary() {
    let s = summary();
    let pct = |run: &str, path: &str| format!("{:.0}%", share(&s, run, path));
    let quoted = format!(
        "({} at two clients, {} at four, of the dbench -> dbench wake-ups under bpftrace, \
         2026-12-07; the rest mostly an xfs buffer's semaphore, `xfs_buf_unlock`, {} / {};",
        pct("xfs-c2", "cil_flush"),
        pct("xfs-c4", "cil_flush"),
        pct("xfs-c2", "buf_lock"),
        pct("xfs-c4", "buf_lock"),
    );
    let tsv = read("recordings/validation-misses.tsv");
    let n = tsv
        .lines()
        .filter(|l| l.contains("wake-ups dbench -> dbench (share)") && l.contains(&quoted))
        .count();
    // the ext4 run has no filesystem mechanism of the kind
    assert_eq!(share(&s, "ext4-c2", "cil_flush"), 0.0);
    assert_eq!(n, 2, "the two xfs rows quote: {quoted}");
}
