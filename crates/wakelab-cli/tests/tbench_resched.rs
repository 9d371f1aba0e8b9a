//! recordings/tbench-preemption/README.md, "When the pending flag was set": the table's shares
//! are `resched/summary.json` (three host runs under `resched.bt`), and docs/model.md quotes
//! their range of wake-ups that leave a flag with the waker eligible and protected.

use std::path::PathBuf;

use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

const RUNS: [&str; 3] = ["c4-rs-a", "c4-rs-b", "c4-rs-c"];

/// `key` of `role` in each run, as the table prints shares (two decimals, " / " between runs).
fn shares(s: &Value, role: &str, key: &str) -> (String, Vec<f64>) {
    let v: Vec<f64> = RUNS
        .iter()
        .map(|r| {
            s[r][role][key]
                .as_f64()
                .unwrap_or_else(|| panic!("{r}.{role}.{key}"))
        })
        .collect();
    let text = v
        .iter()
        .map(|x| format!("{:.1}%", 100.0 * x))
        .collect::<Vec<_>>()
        .join(" / ");
    (text, v)
}

#[test]
fn the_pending_flag_table_is_its_summary() {
    let s: Value =
        serde_json::from_str(&read("recordings/tbench-preemption/resched/summary.json")).unwrap();
    let readme = read("recordings/tbench-preemption/README.md");
    let (_, section) = readme
        .split_once("## When the pending flag was set")
        .expect("section");
    let (client, c) = shares(&s, "client", "ep_pending_share_of_local");
    let (server, v) = shares(&s, "server", "ep_pending_share_of_local");
    let row = format!(
        "| flag set at `sched_wakeup`, waker eligible and protected (\"e+p pending\") | {client} | {server} |"
    );
    assert!(section.contains(&row), "not in the README: {row}");
    let lo = c.iter().chain(&v).cloned().fold(f64::MAX, f64::min);
    let hi = c.iter().chain(&v).cloned().fold(f64::MIN, f64::max);
    let model = read("docs/model.md")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let quoted = format!(
        "({:.0}-{:.0}% of the local wake-ups leave such a flag;",
        100.0 * lo,
        100.0 * hi
    );
    assert!(model.contains(&quoted), "not in docs/model.md: {quoted}");
}
