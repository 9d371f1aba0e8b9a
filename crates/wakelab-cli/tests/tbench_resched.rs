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
const NICE0_RUNS: [&str; 3] = ["c4-rs-n0-a", "c4-rs-n0-b", "c4-rs-n0-c"];
const NICE0_ROOTQ: [&str; 3] = ["n0-a", "n0-b", "n0-c"];

fn nice0() -> Value {
    serde_json::from_str(&read("recordings/tbench-preemption/nice0/summary.json")).unwrap()
}

/// `lo-hi` of `values` as whole percent.
fn range_pct(values: &[f64]) -> String {
    let lo = values.iter().cloned().fold(f64::MAX, f64::min);
    let hi = values.iter().cloned().fold(f64::MIN, f64::max);
    format!("{lo:.0}-{hi:.0}")
}

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
    // docs/model.md quotes the range over both nice levels (nice0/: the same script at nice 0)
    let n0 = nice0();
    let at_nice0: Vec<f64> = NICE0_RUNS
        .iter()
        .flat_map(|r| {
            ["client", "server"].map(|role| {
                n0["resched"][r][role]["ep_pending_share_of_local"]
                    .as_f64()
                    .unwrap()
            })
        })
        .collect();
    let lo = c
        .iter()
        .chain(&v)
        .chain(&at_nice0)
        .cloned()
        .fold(f64::MAX, f64::min);
    let hi = c
        .iter()
        .chain(&v)
        .chain(&at_nice0)
        .cloned()
        .fold(f64::MIN, f64::max);
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

/// The nice-0 readings (nice0/summary.json) as the README's caveat and docs/model.md quote them:
/// the flag shares, how often the root holds other entities, and the root tasks' waits.
#[test]
fn the_nice0_figures_are_its_summary() {
    let n0 = nice0();
    let flag = |role: &str| -> String {
        let v: Vec<f64> = NICE0_RUNS
            .iter()
            .map(|r| 100.0 * n0["resched"][r][role]["after_set_share"].as_f64().unwrap())
            .collect();
        range_pct(&v)
    };
    // the root holding 2 or more entities: rootq's nr_queued >= 2 and resched's cfs_rq count
    let mut held: Vec<f64> = Vec::new();
    for r in NICE0_ROOTQ {
        for role in ["client", "server"] {
            held.push(n0["rootq"][r][role]["root_nr_queued_ge2"].as_f64().unwrap());
        }
    }
    for r in NICE0_RUNS {
        for role in ["client", "server"] {
            held.push(
                100.0
                    * n0["resched"][r][role]["group_cfs_rq_nr_queued_ge2_share"]
                        .as_f64()
                        .unwrap(),
            );
        }
    }
    let held = range_pct(&held);
    // the starved root tasks: every wait over a second
    let waits: Vec<f64> = n0["rootwait"]["c4-rw-n0"]["max_wait_us"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_f64().unwrap() / 1e6)
        .filter(|&s| s > 1.0)
        .collect();
    let lo = waits.iter().cloned().fold(f64::MAX, f64::min);
    let hi = waits.iter().cloned().fold(f64::MIN, f64::max);
    let waits = format!("{lo:.1}-{hi:.1} s");
    let flat = |p: &str| read(p).split_whitespace().collect::<Vec<_>>().join(" ");
    let readme = flat("recordings/tbench-preemption/README.md");
    let quoted = format!(
        "give the same shares (flag set during the wake-up {}% client, {}% server; the root holding other entities at {held}% of the wake-ups)",
        flag("client"),
        flag("server")
    );
    assert!(readme.contains(&quoted), "not in the README: {quoted}");
    assert!(
        readme.contains(&format!("waiting {waits}, to the end of the 3-s run")),
        "README: {waits}"
    );
    let model = flat("docs/model.md");
    let quoted = format!("At nice 0 too the root holds other entities at {held}% of the wake-ups");
    assert!(model.contains(&quoted), "not in docs/model.md: {quoted}");
    assert!(
        model.contains(&format!("wait {waits}, the rest of the 3-s run")),
        "docs/model.md: {waits}"
    );
}
