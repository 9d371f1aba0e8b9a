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

/// The "What it would explain" paragraph quotes the client rows of the c4 state table.
#[test]
fn the_root_reschedule_paragraph_quotes_the_state_table() {
    let readme = read("recordings/tbench-preemption/README.md");
    let (_, rest) = readme.split_once("<!-- c4-keys -->").unwrap();
    let (table, _) = rest.split_once("<!-- /c4-keys -->").unwrap();
    let cell = |key: &str| -> (String, String) {
        let l = table
            .lines()
            .find(|l| l.starts_with(&format!("| client | {key} |")))
            .unwrap_or_else(|| panic!("no client row {key}"));
        let c: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
        (c[2].to_string(), c[3].to_string())
    };
    let (h_flag, m_flag) = cell("0,1,1,1,0");
    let (h_none, m_none) = cell("0,1,1,0,0");
    let (hd_none, md_none) = cell("0,1,1,0,1");
    let (hd_flag, md_flag) = cell("0,1,1,1,1");
    let quoted = format!(
        "leave a reschedule on the host in {h_flag} and none in {h_none} of the local wake-ups, \
         in the model {m_flag} and {m_none}; with a delayed server the two sides look alike \
         ({hd_none} / {md_none} with none, {hd_flag} / {md_flag} with one)"
    );
    let flat = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains(&quoted), "not in the README: {quoted}");
}
