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

/// The CIL push table and the shares the README and docs/calibration.md's History quote.
#[test]
fn the_cil_push_table_is_the_summary() {
    let s = summary();
    let readme = read("recordings/dbench-peer-wakes/README.md");
    let mut per_push = Vec::new();
    for run in ["xfs-c2", "xfs-c4"] {
        let r = &s[format!("{run}-cil-push.bpftrace.txt")];
        let queued: u64 = r["queued_by"]
            .as_object()
            .unwrap()
            .iter()
            .filter(|(k, _)| k.starts_with("xlog_cil_push_now"))
            .map(|(_, v)| v.as_u64().unwrap())
            .sum();
        // every push was queued by a synchronous log force (no background push)
        assert_eq!(queued, r["pushes"].as_u64().unwrap());
        let row = format!(
            "| {run} | {} | {} | {queued} | {} | {} | {} |",
            r["throughput_mb_s"],
            r["pushes"],
            r["flush_completions_by_worker"],
            r["flush_completions_per_push"],
            r["commit_wait_wakes"],
        );
        assert!(readme.contains(&row), "not in the README: {row}");
        per_push.push(r["flush_completions_per_push"].as_f64().unwrap());
    }
    // the History entry and the generator's comment quote them rounded
    let flat = |p: &str| read(p).split_whitespace().collect::<Vec<_>>().join(" ");
    let quoted = format!(
        "the push worker completes {:.1} / {:.2} flushers per push (two / four clients)",
        per_push[0], per_push[1]
    );
    assert!(
        flat("docs/calibration.md").contains(&quoted),
        "not in docs/calibration.md: {quoted}"
    );
    let pct = |run: &str| format!("{:.0}%", share(&s, run, "cil_flush"));
    let quoted = format!(
        "are clients waking clients: {} (two clients) / {} (four) in `xlog_cil_push_now`'s `flush_workqueue`",
        pct("xfs-c2"),
        pct("xfs-c4")
    );
    assert!(
        flat("docs/calibration.md").contains(&quoted),
        "not in docs/calibration.md: {quoted}"
    );
    // the ext4 run has no filesystem mechanism of the kind
    assert_eq!(share(&s, "ext4-c2", "cil_flush"), 0.0);
}

/// "Inode inactivation": the README and the History entry quote the queued-work and
/// inodegc-stack summaries.
#[test]
fn the_inode_inactivation_figures_are_the_summary() {
    let s = summary();
    let gc = &s["xfs-c1-inodegc-stack.bpftrace.txt"];
    let q1 = &s["xfs-c1-queued-work.bpftrace.txt"];
    let statfs = gc["statfs_share"].as_f64().unwrap();
    let by = |q: &Value, comm: &str| q["preempted_by"][comm].as_u64().unwrap();
    let flat = |p: &str| read(p).split_whitespace().collect::<Vec<_>>().join(" ");
    let readme = flat("recordings/dbench-peer-wakes/README.md");
    let group = |n: u64| {
        // the README's thin spaces between thousands: 40 878
        let t = n.to_string();
        if t.len() > 4 {
            format!("{} {}", &t[..t.len() - 3], &t[t.len() - 3..])
        } else {
            t
        }
    };
    for quoted in [
        format!(
            "at one client {} of its {} preemptions (of {} switch-outs) are by `kworker/0:0`",
            by(q1, "kworker/0:0"),
            q1["preempted"],
            group(q1["switch_out"].as_u64().unwrap())
        ),
        format!("{statfs:.1}% of the queuing of `xfs_inodegc_worker` is the client's `statfs`"),
    ] {
        assert!(readme.contains(&quoted), "not in the README: {quoted}");
    }
    let quoted = format!(
        "`xfs_inodegc_queue_all`, {statfs:.0}% of its queuing) or an unlink, and at one client its kworker preempts the client in {} of {} preemptions",
        by(q1, "kworker/0:0"),
        q1["preempted"]
    );
    assert!(
        flat("docs/calibration.md").contains(&quoted),
        "not in docs/calibration.md: {quoted}"
    );
}
