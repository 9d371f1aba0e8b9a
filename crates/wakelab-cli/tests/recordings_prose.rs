//! Figures quoted in recordings/README.md from measurements that are not simulations: the
//! "Neighbour costs" table is recomputed from the JSON the scripts wrote
//! (recordings/host-2vcpu/mem-sharing.json, neighbour-cost.json), and every figure the prose
//! quotes from that table must be one of the table's. Editing a figure by hand, or re-measuring
//! without updating the page, fails here.

use std::path::PathBuf;

use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn readme() -> String {
    std::fs::read_to_string(root().join("recordings/README.md")).unwrap()
}

/// The README's section under `heading` (a `####` title), up to the next heading.
fn readme_section(heading: &str) -> String {
    let readme = readme();
    let (_, rest) = readme
        .split_once(&format!("#### {heading}"))
        .unwrap_or_else(|| panic!("recordings/README.md has no section `{heading}`"));
    let (section, _) = rest.split_once("\n#").unwrap_or((rest, ""));
    section.to_string()
}

/// The README's text between `<!-- marker -->` and `<!-- /marker -->`, and what follows.
fn readme_marked(marker: &str) -> (String, String) {
    let readme = readme();
    let (_, rest) = readme
        .split_once(&format!("<!-- {marker} -->"))
        .unwrap_or_else(|| panic!("recordings/README.md has no marker `{marker}`"));
    let (inside, after) = rest
        .split_once(&format!("<!-- /{marker} -->"))
        .unwrap_or_else(|| panic!("recordings/README.md has no closing marker `{marker}`"));
    (inside.to_string(), after.to_string())
}

/// Prose with every run of whitespace (line breaks included) made one space, so that a quoted
/// phrase matches wherever the text was wrapped.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A repository file's text, [`flat`].
fn repo_flat(path: &str) -> String {
    flat(&std::fs::read_to_string(root().join(path)).unwrap())
}

/// A JSON file of the repository, by its path from the root.
fn repo_json(path: &str) -> Value {
    let path = root().join(path);
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn json(name: &str) -> Value {
    repo_json(&format!("recordings/host-2vcpu/{name}"))
}

/// A trace summary's group (`groups[]` entry named `name`), as `wakelab trace-import --json`
/// writes it.
fn summary_group<'a>(summary: &'a Value, name: &str) -> &'a Value {
    summary["groups"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["group"] == name)
        .unwrap_or_else(|| panic!("no group {name}"))
}

fn f(v: &Value, key: &str) -> f64 {
    v[key]
        .as_f64()
        .unwrap_or_else(|| panic!("no number `{key}` in {v}"))
}

/// The rows the README's table must have, computed from the JSON.
fn expected_rows() -> Vec<String> {
    let mem = json("mem-sharing.json");
    let mem_rows = mem["rows"].as_array().unwrap();
    let mem_row = |label: &str, kib: u64| {
        let r = mem_rows
            .iter()
            .find(|r| r["kib"].as_u64() == Some(kib))
            .unwrap_or_else(|| panic!("mem-sharing.json has no {kib} KiB row"));
        let alone = f(r, "alone_ns");
        format!(
            "| {label} | {alone:.2} ns | {:+.0}% | {:+.0}% |",
            100.0 * (f(r, "same_on_cpu1_ns") / alone - 1.0),
            100.0 * (f(r, "stream_on_cpu1_ns") / alone - 1.0)
        )
    };
    let nb = json("neighbour-cost.json");
    let nb_row = |prefix: &str| {
        nb["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["benchmark"].as_str().unwrap().starts_with(prefix))
            .unwrap_or_else(|| panic!("neighbour-cost.json has no {prefix} row"))
            .clone()
    };
    let tb = nb_row("tbench");
    let tb_alone = f(&tb, "alone");
    let hb = nb_row("hackbench");
    let hb_alone = f(&hb, "alone");
    vec![
        mem_row("ALU loop", 0),
        mem_row("chase 256 KiB (L2)", 256),
        mem_row("chase 2 MiB (L3)", 2048),
        mem_row("chase 4 MiB (L3, half of it)", 4096),
        mem_row("chase 64 MiB (DRAM)", 65536),
        // MB/sec: CPU time per operation is the inverse of the rate (all on CPU 0)
        format!(
            "| tbench, CPU time per operation | {tb_alone:.3} MB/sec | {:+.1}% | {:+.1}% |",
            100.0 * (tb_alone / f(&tb, "same_on_cpu1") - 1.0),
            100.0 * (tb_alone / f(&tb, "stream_on_cpu1") - 1.0)
        ),
        format!(
            "| hackbench pipe, 1 group | {hb_alone:.3} s | {:+.1}% | {:+.1}% |",
            100.0 * (f(&hb, "same_on_cpu1") / hb_alone - 1.0),
            100.0 * (f(&hb, "stream_on_cpu1") / hb_alone - 1.0)
        ),
    ]
}

#[test]
fn neighbour_cost_table_is_the_measurements() {
    let (table, prose) = readme_marked("neighbour-costs");
    let rows: Vec<&str> = table
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| case"))
        .collect();
    let expected = expected_rows();
    assert_eq!(
        rows, expected,
        "recordings/README.md, Neighbour costs table"
    );

    // The prose after the table quotes figures from it: each of them must be in the table.
    let section = prose.split("\n## ").next().unwrap();
    let cells: Vec<String> = expected
        .iter()
        .flat_map(|r| r.split('|').map(|c| c.trim().to_string()))
        .collect();
    for quoted in ["2.8%", "6.1%", "12.2%", "68.71 ns", "307.936 MB/sec", "26%"] {
        assert!(
            section.contains(quoted),
            "the prose no longer quotes {quoted}"
        );
        let bare = quoted.trim_end_matches(" ns").trim_end_matches(" MB/sec");
        assert!(
            cells
                .iter()
                .any(|c| c.trim_start_matches('+').starts_with(bare)),
            "the prose quotes {quoted}, which the measurements no longer give"
        );
    }
}

/// `/tmp/wakelab-record.XXXXXX` (the recorder's temporary directory) as `$TMP`.
fn tmp_as_var(cmd: &str) -> String {
    let mut out = String::new();
    let mut rest = cmd;
    while let Some(i) = rest.find("/tmp/wakelab-record.") {
        out.push_str(&rest[..i]);
        out.push_str("$TMP");
        let tail = &rest[i + "/tmp/wakelab-record.".len()..];
        let end = tail
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(tail.len());
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

/// The benchmark's own result as status.tsv gives it, shortened to the figure.
fn short_result(status: &str) -> String {
    let s = status.trim();
    if let Some(r) = s.strip_prefix("Throughput ") {
        // "Throughput 121.935 MB/sec 1 clients ..."
        return r.split(" MB/sec").next().unwrap().to_string() + " MB/sec";
    }
    if let Some((tps, _)) = s.split_once(" (without") {
        return tps.to_string();
    }
    s.to_string()
}

/// 1234567 as "1,234,567".
fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The first five columns of README's "The recordings" table (recording, command, result, trace
/// lines, foreign CPU) are what each recording's metadata (`NAME.json`) and status.tsv say; the
/// columns after them are earlier recordings' results, whose traces are gone.
#[test]
fn recordings_table_is_the_metadata() {
    let dir = root().join("recordings/host-2vcpu");
    let status = std::fs::read_to_string(dir.join("status.tsv")).unwrap();
    let mut expected = Vec::new();
    for line in status.lines().filter(|l| !l.trim().is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (name, state, result) = (cols[0], cols[1], cols.get(2).copied().unwrap_or(""));
        assert_eq!(state, "ok", "{name}: status.tsv says {line}");
        let meta = json(&format!("{name}.json"));
        let cmd = tmp_as_var(meta["benchmark_command"].as_str().unwrap());
        let lines = meta["trace"]["lines"].as_u64().unwrap();
        let foreign = f(&meta["background_load"], "other_share_of_2cpu_span");
        expected.push(format!(
            "| {name} | `{cmd}` | {} | {} | {:.1}% |",
            short_result(result),
            thousands(lines),
            100.0 * foreign
        ));
    }
    let (table, _) = readme_marked("recordings-table");
    let rows: Vec<String> = table
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| recording"))
        .map(|l| {
            // the first five cells
            let cells: Vec<&str> = l.split(" | ").collect();
            format!("{} |", cells[..5].join(" | "))
        })
        .collect();
    assert_eq!(
        rows,
        expected,
        "recordings/README.md, The recordings: expected rows start\n{}",
        expected.join("\n")
    );
}

/// recordings/README.md, "Group commit": the counts in its table are the analysis files'
/// (recordings/dbench-ext4-group-commit/NAME.analysis.json, written by
/// scripts/trace-reads/jbd2/analyze.py).
#[test]
fn the_group_commit_table_quotes_its_analysis_files() {
    let section = readme_section("Group commit");
    let analysis = |name: &str| -> Value {
        let path = root()
            .join("recordings/dbench-ext4-group-commit")
            .join(format!("{name}.analysis.json"));
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    let spaced = |n: u64| thousands(n).replace(',', " ");
    let mut expected = Vec::new();
    for name in [
        "dbench-ext4-c1a",
        "dbench-ext4-c1b",
        "dbench-ext4-c2",
        "dbench-ext4-c4",
    ] {
        let a = analysis(name);
        let n = |k: &str| {
            a[k].as_u64()
                .unwrap_or_else(|| panic!("{name}: no count `{k}`"))
        };
        expected.push(format!(
            "{} / {}",
            spaced(n("dbench_ops_total")),
            n("dbench_flush_ops")
        ));
        expected.push(n("commits").to_string());
        if name == "dbench-ext4-c2" || name == "dbench-ext4-c4" {
            let woken: u64 = a["client_wakes_per_commit_hist"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(k, v)| k.parse::<u64>().unwrap() * v.as_u64().unwrap())
                .sum();
            expected.push(format!("{} of {woken}", n("spurious_in_fsync")));
            expected.push(format!("| {} (", n("client_to_jbd2_wakes_total")));
        }
    }
    for e in &expected {
        assert!(
            section.contains(e.as_str()),
            "recordings/README.md, Group commit: `{e}` (from the analysis files) is not quoted"
        );
    }
}

#[test]
fn the_pgbench_hand_off_table_quotes_its_analysis_files() {
    let section = readme_section("Hand-offs between backends");
    // the table's rows, each a label and its c1 / c2 / c4 cells
    let row = |label: &str| -> Vec<String> {
        let line = section
            .lines()
            .find(|l| l.starts_with(&format!("| {label}")))
            .unwrap_or_else(|| panic!("no row `{label}`"));
        line.split('|')
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .skip(1)
            .map(String::from)
            .collect()
    };
    let mut want: Vec<(&str, Vec<String>)> = vec![
        ("WAL syncs per commit", vec![]),
        ("commits that flushed their own WAL without waiting", vec![]),
        ("waited for `WALWriteLock`, then flushed", vec![]),
        ("waited for `WALWriteLock` and were covered", vec![]),
        ("backend -> backend wake-ups, `WALWriteLock`", vec![]),
        ("backend -> backend wake-ups, row lock", vec![]),
        ("postgres -> postgres as the committed reading", vec![]),
        ("of which IO completions in softirq", vec![]),
        ("backend D-state blocks", vec![]),
    ];
    for c in ["c1", "c2", "c4"] {
        let path = root().join(format!(
            "recordings/pgbench-rw-handoffs/nice0/rw-{c}.analysis.json"
        ));
        let a: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let commits = a["backend_commits_in_trace"].as_f64().unwrap();
        let share = |class: &str| {
            let n = a["b_commits"]["classes"]
                .as_array()
                .unwrap()
                .iter()
                // "own fdatasync" exactly; the longer classes by their start
                .find(|x| {
                    let name = x["class"].as_str().unwrap();
                    name == class || (class.len() > 13 && name.starts_with(class))
                })
                .map_or(0.0, |x| x["share"].as_f64().unwrap());
            if n == 0.0 {
                "0".to_string()
            } else {
                format!("{:.1}%", n * 100.0)
            }
        };
        let handoffs = |kind: &str, wait: &dyn Fn(&str) -> bool| {
            let n: f64 = a["a_pg_to_pg"]["by_wakee_wait"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|w| {
                    w["waker"] == "backend"
                        && w["wakee"] == "backend"
                        && w["kind"] == kind
                        && wait(w["wakee_wait"].as_str().unwrap())
                })
                .map(|w| w["n"].as_f64().unwrap())
                .fold(0.0, |a, b| a + b); // `sum` of nothing is -0.0
            format!("{:.4}", n / commits)
        };
        let softirq: f64 = a["a_perf_style_count"]["by_ctx"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|x| x["ctx"] == "softirq")
            .map(|x| x["n"].as_f64().unwrap())
            .fold(0.0, |a, b| a + b);
        let cells = [
            a["pg_stats_delta"]["wal_sync_per_commit"].to_string(),
            share("own fdatasync"),
            share("own fdatasync after waiting"),
            share("no fdatasync: waited"),
            handoffs("futex_wake", &|w| w == "LWLock:WALWrite"),
            handoffs("kill(signal)", &|w| w.starts_with("lock:")),
            a["a_perf_style_count"]["per_txn"].to_string(),
            format!("{:.4}", softirq / commits),
            a["c_D_blocks"]["per_txn"].to_string(),
        ];
        for (w, cell) in want.iter_mut().zip(cells) {
            w.1.push(cell);
        }
    }
    for (label, cells) in want {
        assert_eq!(
            row(label),
            cells,
            "recordings/README.md, pgbench hand-offs, row `{label}` (c1 / c2 / c4 from the analysis files)"
        );
    }
}

/// docs/calibration.md ("hackbench and sched-messaging: why the rows are off") quotes ranges
/// over the hackbench preemption re-recording's g1 runs from the tables its analysis wrote
/// (recordings/hackbench-preemption/summary.md, scripts/trace-reads/hackbench/).
#[test]
fn the_hackbench_preemption_ranges_are_the_recordings() {
    let summary =
        std::fs::read_to_string(root().join("recordings/hackbench-preemption/summary.md")).unwrap();
    // (table's first header cell, column, which runs) -> the range of that column, in %
    let range = |first: &str, column: &str, runs: &dyn Fn(&str) -> bool| -> String {
        // the table whose header starts with `first` and has `column`
        let mut lines = summary.lines().skip_while(|l| {
            !(l.starts_with(&format!("| {first} |")) && l.contains(&format!("| {column} |")))
        });
        let cells = |l: &str| -> Vec<String> {
            l.trim()
                .trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        };
        let header = cells(lines.next().unwrap_or_else(|| panic!("no table `{first}`")));
        let col = header
            .iter()
            .position(|h| h == column)
            .unwrap_or_else(|| panic!("no column `{column}`"));
        let values: Vec<f64> = lines
            .skip(1)
            .take_while(|l| l.starts_with('|'))
            .map(cells)
            .filter(|c| runs(&c[0]))
            .filter_map(|c| c[col].split('%').next().unwrap().parse::<f64>().ok())
            .collect();
        assert!(values.len() >= 2, "`{column}`: {values:?}");
        let lo = values.iter().cloned().fold(f64::INFINITY, f64::min);
        let hi = values.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        format!("{}-{}%", lo.round(), hi.round())
    };
    let g1 = |r: &str| r.starts_with("g1-") && !r.ends_with("unshielded");
    let g1_full = |r: &str| r.starts_with("g1-full-") && !r.ends_with("unshielded");
    let calibration = std::fs::read_to_string(root().join("docs/calibration.md")).unwrap();
    let prose = flat(&calibration);
    for (quoted, context) in [
        (
            range("run", "local wake -> waker preempted", &g1_full),
            "`write` in",
        ),
        (
            range("bpftrace run", "remote: curr eligible+protected", &g1),
            "slice in",
        ),
        (
            range("bpftrace run", "wakee vlag >= 100 us", &g1),
            "or more in",
        ),
    ] {
        assert!(
            prose.contains(&format!("{context} {quoted}")),
            "docs/calibration.md does not quote `{context} {quoted}` (recordings/hackbench-preemption/summary.md)"
        );
    }
}

#[test]
fn the_hackbench_system_call_paragraph_quotes_its_model_analysis() {
    // docs/calibration.md, "Reads and writes as system calls": the model's figures are
    // model_analyze.py's reading of seed 1's pipe-thread g1 trace, committed beside the report
    let a = repo_json("recordings/hackbench-preemption/model/model-g1-syscalls.analysis.json");
    let f = |v: &Value| v.as_f64().unwrap();
    let pct = |x: f64, d: usize| format!("{:.*}%", d, 100.0 * x);
    let remote = a["remote_wakes_target_curr_and_outcome"]
        .as_object()
        .unwrap();
    let total: f64 = remote.values().map(f).sum();
    let sender: f64 = remote
        .iter()
        .filter(|(k, _)| k.starts_with("('sender'"))
        .map(|(_, v)| f(v))
        .sum();
    let rcv = &a["receiver_run_ends"];
    let rcv_preempted = f(&rcv["preempted"]) / (f(&rcv["preempted"]) + f(&rcv["blocked"]));
    let para = calibration_paragraph("**Reads and writes as system calls");
    for quoted in [
        format!(
            "{:.2} µs (p50) after the wake-up",
            f(&a["receiver_wake_latency_us"]["local"]["p50"])
        ),
        format!(
            "in {} of local wake-ups",
            pct(f(&a["sender_local_receiver_wakes"]["share"]), 0)
        ),
        format!(
            "{} of receiver wake-ups are local",
            pct(f(&a["receiver_wakes_by_senders"]["local_share"]), 1)
        ),
        format!(
            "{:.2} µs after its wake-up at p50",
            f(&a["receiver_wake_latency_us"]["other_cpu"]["p50"])
        ),
        format!("{} of them find a sender running", pct(sender / total, 0)),
        format!("{} of their runs", pct(rcv_preempted, 1)),
        format!(
            "{} of all switch-outs are preemptions",
            pct(f(&a["preempted_share_all"]), 1)
        ),
    ] {
        assert!(para.contains(&quoted), "not quoted: `{quoted}` in: {para}");
    }
}

/// The paragraph of docs/calibration.md that starts with `start`, its whitespace collapsed.
/// The cells of validation row `row` in `bench`'s table of docs/calibration.md, split at " | "
/// (cell 1 the real value, 2 the model's).
fn calibration_row(bench: &str, row: &str) -> Vec<String> {
    let calibration = std::fs::read_to_string(root().join("docs/calibration.md")).unwrap();
    let table = calibration
        .split(&format!("\n### {bench}\n"))
        .nth(1)
        .unwrap_or_else(|| panic!("no table for {bench}"));
    table
        .lines()
        .find(|l| l.starts_with(&format!("| {row} |")))
        .unwrap_or_else(|| panic!("no row {row} for {bench}"))
        .split(" | ")
        .map(str::to_string)
        .collect()
}

fn calibration_paragraph(start: &str) -> String {
    let calibration = std::fs::read_to_string(root().join("docs/calibration.md")).unwrap();
    flat(
        calibration
            .split("\n\n")
            .find(|p| p.starts_with(start))
            .unwrap_or_else(|| panic!("no paragraph starts with {start}")),
    )
}

/// docs/calibration.md, "Who runs when a remote wake-up comes": the figures are the model
/// analysis file's (the lag each slice was picked with, from the exported trace) and the host's
/// per-CPU shares from the recording's analysis.
#[test]
fn the_remote_wake_up_paragraph_quotes_the_lag_at_pick() {
    let a = repo_json("recordings/hackbench-preemption/model/model-g1-syscalls.analysis.json");
    let host = repo_json("recordings/hackbench-preemption/runs/g1-sched-c.analysis.json");
    let f = |v: &Value| v.as_f64().unwrap();
    let pct = |x: f64| format!("{:.1}%", 100.0 * x);
    let para = calibration_paragraph("**Who runs when a remote wake-up comes");
    let picks = repo_json("recordings/hackbench-preemption/pick/summary.json");
    // "lo-hi%" / "lo-hi" over the host's runs
    let range = |kind: &str, field: &str, as_pct: bool| {
        let v: Vec<f64> = picks
            .as_object()
            .unwrap()
            .values()
            .map(|r| f(&r[kind][field]))
            .collect();
        let (lo, hi) = (
            v.iter().copied().fold(f64::MAX, f64::min),
            v.iter().copied().fold(f64::MIN, f64::max),
        );
        if as_pct {
            format!("{:.1}-{:.1}%", 100.0 * lo, 100.0 * hi)
        } else {
            format!("{lo}-{hi}")
        }
    };
    let model_lag = &a["lag_at_pick_us"];
    let at_remote = &a["remote_wakes_target_curr_lag_at_pick_us"];
    let at_once = &a["remote_wakes_target_curr_switched_out_at_once"]["sender"];
    let model_cpu = &a["cpu_share_per_cpu"];
    let host_cpu = &host["cpu_share_in_data_span_per_cpu"];
    for quoted in [
        format!(
            "picked with a lag of {:.2} µs at p50, 100 µs or more in {}",
            f(&at_remote["receiver"]["p50"]),
            pct(f(&at_remote["receiver"]["ge_100us_share"]))
        ),
        format!(
            "below 10 µs in {} of their picks (host, picks after a preemption: {})",
            pct(f(&model_lag["sender"]["below_10us_share"])),
            range("preempted", "below_10us_share", true)
        ),
        format!(
            "of 100 µs or more in {} (host {})",
            pct(f(&model_lag["sender"]["ge_100us_share"])),
            range("preempted", "ge_100us_share", true)
        ),
        format!(
            "receivers with 100 µs or more in {} (host, picks after a block: {})",
            pct(f(&model_lag["receiver"]["ge_100us_share"])),
            range("blocked", "ge_100us_share", true)
        ),
        format!(
            "senders {} times per run and its receivers {} times, the model {} and {} times",
            range("preempted", "picks", false),
            range("blocked", "picks", false),
            model_lag["sender"]["n"],
            model_lag["receiver"]["n"]
        ),
        format!(
            "of the {} remote wake-ups that find a sender running, {} switch it out",
            at_once["n"], at_once["at_once"]
        ),
        format!(
            "senders {} and {} of the time, the host's {} and {}",
            pct(f(&model_cpu["cpu0:sender"])),
            pct(f(&model_cpu["cpu1:sender"])),
            pct(f(&host_cpu["cpu0:sender"])),
            pct(f(&host_cpu["cpu1:sender"]))
        ),
    ] {
        assert!(para.contains(&quoted), "not quoted: `{quoted}` in: {para}");
    }
}

/// recordings/tbench-preemption/README.md, "Read on the host": the shares under the two bpftrace
/// scripts are their committed outputs (requeue/), the perf recording's the validation table's,
/// the run-length quantiles tbench-c1's summary.
#[test]
fn the_tbench_observer_paragraph_quotes_its_recordings() {
    let text = repo_flat("recordings/tbench-preemption/README.md");
    let para = text
        .split("## Read on the host")
        .nth(1)
        .unwrap()
        .split("## ")
        .next()
        .unwrap();
    // @req[client eligible after, exec_start unchanged, lag <= -s/2]: count
    let raw = std::fs::read_to_string(
        root().join("recordings/tbench-preemption/requeue/c2-req.bpftrace.txt"),
    )
    .unwrap();
    let (mut all, mut eligible) = (0u64, 0u64);
    for l in raw.lines().filter(|l| l.starts_with("@req[")) {
        let (key, n) = l.split_once("]: ").unwrap();
        let n: u64 = n.trim().parse().unwrap();
        all += n;
        if key.starts_with("@req[1,") {
            eligible += n;
        }
    }
    let d = &repo_json("recordings/tbench-preemption/requeue/c2-d.summary.json")["c2-d"]["client"];
    let f = |v: &Value| v.as_f64().unwrap();
    let blocks_next = calibration_row("tbench-c2", "tbench: waker blocks next (share)");
    let c1 = json("tbench-c1.summary.json");
    let run = &summary_group(&c1, "tbench")["run"];
    let us = |k: &str| format!("{:.1}", f(&run[k]) / 1000.0);
    let thousands = |n: u64| {
        let s = n.to_string();
        let (a, b) = s.split_at(s.len() - 3);
        format!("{a} {b}")
    };
    for quoted in [
        format!(
            "eligible after {:.2}% of the {} such wake-ups",
            100.0 * eligible as f64 / all as f64,
            thousands(all)
        ),
        format!(
            "after {:.1}% of its local wake-ups (it then blocks next in {:.1}%)",
            100.0 * f(&d["waker_eligible_share"]),
            100.0 * f(&d["waker_blocks_next_share"])
        ),
        format!("\"waker blocks next\" {}", blocks_next[1]),
        format!(
            "p10 / p50 / p90 / p99 = {} / {} / {} / {} µs",
            us("p10"),
            us("p50"),
            us("p90"),
            us("p99")
        ),
    ] {
        assert!(para.contains(&quoted), "not quoted: `{quoted}` in: {para}");
    }
}

/// docs/calibration.md, "Who preempts at a tbench wake-up": the host's shares are the bpftrace
/// summary's three c2 runs (recordings/tbench-preemption/bpf), the model's its analysis of the
/// exported trace, the run lengths the committed tbench-c2 recording's.
#[test]
fn the_tbench_preemption_paragraph_quotes_its_recordings() {
    let host = repo_json("recordings/tbench-preemption/bpf/summary.json");
    let model = repo_json("recordings/tbench-preemption/model/model-c2.analysis.json");
    let rec = json("tbench-c2.summary.json");
    let para = calibration_paragraph("**Who preempts at a tbench wake-up");
    let f = |v: &Value| v.as_f64().unwrap();
    let runs = ["c2-a", "c2-b", "c2-c"];
    // "lo-hi" over the host's c2 runs of `value(run)`, each formatted by `fmt`
    let range = |value: &dyn Fn(&Value) -> f64, fmt: &dyn Fn(f64) -> String| {
        let v: Vec<f64> = runs.iter().map(|r| value(&host[r])).collect();
        let lo = v.iter().copied().fold(f64::MAX, f64::min);
        let hi = v.iter().copied().fold(f64::MIN, f64::max);
        format!("{}-{}", fmt(lo), fmt(hi))
    };
    let pct1 = |x: f64| format!("{:.1}", 100.0 * x);
    let pct2 = |x: f64| format!("{:.2}%", 100.0 * x);
    let share = |role: &'static str, key: &'static str| move |r: &Value| f(&r[role][key]);
    let per_client = |r: &Value| f(&r["server"]["local_wakes"]) / f(&r["client"]["local_wakes"]);
    let m = |role: &str, key: &str| f(&model[role][key]);
    let run_mean_us = |group: &str| {
        format!(
            "{:.1} µs",
            f(&summary_group(&rec, group)["run"]["mean"]) / 1000.0
        )
    };
    // the validation table's row for the same benchmark (docs/calibration.md, tbench-c2)
    let row = calibration_row("tbench-c2", "tbench: wake-ups issued per block");
    for quoted in [
        format!(
            "(wake-ups issued per block {}, real {}, table below)",
            row[2], row[1]
        ),
        format!(
            "on the host after {}% of its local wake-ups (it then blocks next in {}%), in the model after {} ({})",
            range(&share("client", "waker_eligible_share"), &pct1),
            range(&share("client", "waker_blocks_next_share"), &pct1),
            pct2(m("client", "waker_eligible_share")),
            pct2(m("client", "waker_blocks_next_share")),
        ),
        format!(
            "DELAY_DEQUEUE at {}% of those wake-ups on the host, {:.1}% in the model",
            range(&share("client", "wakee_delayed_share"), &pct1),
            100.0 * m("client", "wakee_delayed_share"),
        ),
        format!(
            "servers issue {} local wake-ups per client one (the reply finds the client asleep), the model's {:.3}",
            range(&per_client, &|x| format!("{x:.3}")),
            m("server", "local_wakes") / m("client", "local_wakes"),
        ),
        format!(
            "({} against {},",
            run_mean_us("tbench"),
            run_mean_us("tbench_srv")
        ),
    ] {
        assert!(para.contains(&quoted), "not quoted: `{quoted}` in: {para}");
    }
}

/// recordings/tbench-preemption/README.md: the host-vs-model table and the figures of its
/// bullets are the bpftrace summary's (three c2 runs), the model analysis file's and
/// wake-cost.json's.
#[test]
fn the_tbench_preemption_readme_quotes_its_files() {
    let text = repo_flat("recordings/tbench-preemption/README.md");
    let host = repo_json("recordings/tbench-preemption/bpf/summary.json");
    let model = repo_json("recordings/tbench-preemption/model/model-c2.analysis.json");
    let cost = repo_json("recordings/tbench-preemption/wake-cost.json");
    let f = |v: &Value| v.as_f64().unwrap();
    let runs = ["c2-a", "c2-b", "c2-c"];
    let spaced = |n: f64| {
        // 190283 -> "190 283"
        let s = format!("{}", n as u64);
        let mut out = String::new();
        for (i, c) in s.chars().enumerate() {
            if i > 0 && (s.len() - i) % 3 == 0 {
                out.push(' ');
            }
            out.push(c);
        }
        out
    };
    let host_col = |fmt: &dyn Fn(&Value) -> String| {
        runs.iter()
            .map(|r| fmt(&host[r]))
            .collect::<Vec<_>>()
            .join(" / ")
    };
    let pct = |digits: usize| move |x: f64| format!("{:.*}%", digits, 100.0 * x);
    let share = |key: &'static str| move |r: &Value| pct(1)(f(&r["client"][key]));
    let per_client = |r: &Value| {
        format!(
            "{:.3}",
            f(&r["server"]["local_wakes"]) / f(&r["client"]["local_wakes"])
        )
    };
    let (c, s) = (&model["client"], &model["server"]);
    let mut quoted = vec![
        format!(
            "| local wake-ups issued by the clients | {} (`-t 3`) | {} (300 ms) |",
            host_col(&|r| spaced(f(&r["client"]["local_wakes"]))),
            spaced(f(&c["local_wakes"]))
        ),
        format!(
            "| ... the client eligible afterwards | {} | {} |",
            host_col(&share("waker_eligible_share")),
            pct(2)(f(&c["waker_eligible_share"]))
        ),
        format!(
            "| {} | {} |",
            host_col(&share("no_resched_share")),
            pct(2)(f(&c["no_resched_share"]))
        ),
        format!(
            "rather than being preempted | {} | {} |",
            host_col(&share("waker_blocks_next_share")),
            pct(2)(f(&c["waker_blocks_next_share"]))
        ),
        format!(
            "| ... the server was still queued by DELAY_DEQUEUE | {} | {} |",
            host_col(&share("wakee_delayed_share")),
            pct(1)(f(&c["wakee_delayed_share"]))
        ),
        format!(
            "| local wake-ups issued by the servers, per client one | {} | {:.3} |",
            host_col(&per_client),
            f(&s["local_wakes"]) / f(&c["local_wakes"])
        ),
        format!(
            "in the model one in {}.",
            (1.0 / f(&c["waker_eligible_share"]) / 10.0).round() * 10.0
        ),
    ];
    let lag = &c["waker_lag_us_p10_p50_p90"];
    quoted.push(format!(
        "model: p10 / p50 / p90 {:.1} / {:.1} / {:.1} µs)",
        f(&lag[0]),
        f(&lag[1]),
        f(&lag[2])
    ));
    quoted.push(format!(
        "the model's {:.3}: in the model",
        f(&s["local_wakes"]) / f(&c["local_wakes"])
    ));
    // wake-cost.json: per round trip, each thread's CPU and the wall time
    let us = |v: &Value| f(v) / 1000.0;
    let pair = |case: &str| {
        let (a, b) = (
            us(&cost[case]["cpu_a_ns_per_round"]),
            us(&cost[case]["cpu_b_ns_per_round"]),
        );
        format!("{:.1}-{:.1} µs", a.min(b), a.max(b))
    };
    quoted.push(format!(
        "costs each thread {:.1} µs of CPU per round trip ({:.1} µs wall)",
        us(&cost["packed_1"]["cpu_a_ns_per_round"]),
        us(&cost["packed_1"]["wall_ns_per_round"])
    ));
    quoted.push(format!(
        "the two vCPUs it costs each {} and takes {:.1} µs, and {} / {:.1} µs when",
        pair("split_1"),
        us(&cost["split_1"]["wall_ns_per_round"]),
        pair("split_busy_1"),
        us(&cost["split_busy_1"]["wall_ns_per_round"])
    ));
    // this instance's tbench throughputs under bpftrace (the summary's runs)
    let mb = |r: &str| f(&host[r]["throughput_mb_s"]);
    let c2: Vec<f64> = runs.iter().map(|r| mb(r)).collect();
    quoted.push(format!(
        "tbench made {:.1} MB/sec with 1 client (split over the vCPUs, `bpf/c1-a`) and {:.1}-{:.1} with 2",
        mb("c1-a"),
        c2.iter().copied().fold(f64::MAX, f64::min),
        c2.iter().copied().fold(f64::MIN, f64::max)
    ));
    // the committed tbench-c2 recording's run lengths
    let rec = json("tbench-c2.summary.json");
    let (cl, sv) = (
        &summary_group(&rec, "tbench")["run"],
        &summary_group(&rec, "tbench_srv")["run"],
    );
    quoted.push(format!(
        "runs per switch-in are {:.1} µs (client) and {:.1} µs (server)",
        f(&cl["mean"]) / 1000.0,
        f(&sv["mean"]) / 1000.0
    ));
    quoted.push(format!(
        "p99 / p50 of {:.1} for the client, {:.1} for the server",
        f(&cl["p99"]) / f(&cl["p50"]),
        f(&sv["p99"]) / f(&sv["p50"])
    ));
    for q in quoted {
        assert!(text.contains(&q), "not quoted: `{q}`");
    }
}

/// recordings/send-return/README.md: its table is summary.json's, its ranges are the table's,
/// and pgbench's default `send_return_cycles` is the median it names at 2.0 GHz.
#[test]
fn the_send_return_readme_and_pgbench_default_are_the_recording() {
    let text = std::fs::read_to_string(root().join("recordings/send-return/README.md")).unwrap();
    let flat = flat(&text);
    let s = repo_json("recordings/send-return/summary.json");
    let p50 = |side: &Value, key: &str| side[key]["p50"].as_f64().map(|ns| ns / 1000.0);
    let us = |x: Option<f64>| x.map_or("-".to_string(), |v| format!("{v:.2}"));
    let range = |v: &[f64]| {
        let lo = v.iter().cloned().fold(f64::INFINITY, f64::min);
        let hi = v.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        format!("{lo:.2}-{hi:.2}")
    };
    let (mut unix, mut tcp, mut switch, mut local, mut queued, mut extra) =
        (vec![], vec![], vec![], vec![], vec![], vec![]);
    let runs = [
        "select-c1",
        "select-c2",
        "select-c4",
        "rw-c1",
        "rw-c2",
        "rw-c4",
    ]
    .into_iter()
    .chain(["tbench-c1", "tbench-c2", "tbench-c4"]);
    for run in runs {
        let v = &s[run];
        let names = if run.starts_with("tbench") {
            ["tbench", "tbench_srv"]
        } else {
            ["pgbench", "postgres"]
        };
        for (r, name) in names.iter().enumerate() {
            let l = &v[format!("role{r}.local")];
            let q = &v[format!("role{r}.queued")];
            let n = |side: &Value| side["waking_to_exit_ns"]["n"].as_u64().unwrap_or(0);
            let (ln, qn) = (n(l), n(q));
            let shown = |side: &Value, key: &str, count: u64| {
                if count >= 100 { p50(side, key) } else { None }
            };
            let l_wk = shown(l, "waking_to_exit_ns", ln);
            let l_wu = shown(l, "wakeup_to_exit_ns", ln);
            let pre_n = l["exit_to_switch_preempted_ns"]["n"].as_u64().unwrap_or(0);
            let l_sw = shown(l, "exit_to_switch_preempted_ns", ln.min(pre_n));
            let q_wk = shown(q, "waking_to_exit_ns", qn);
            let row = format!(
                "| {run} | {name} | {ln} | {} | {} | {} | {qn} | {} |",
                us(l_wk),
                us(l_wu),
                us(l_sw),
                us(q_wk)
            );
            assert!(text.contains(&row), "README lacks the row `{row}`");
            if ln >= 500 {
                let into = if run.starts_with("tbench") {
                    &mut tcp
                } else {
                    &mut unix
                };
                into.push(l_wu.unwrap());
            }
            switch.extend(l_sw);
            local.extend(l_wk);
            queued.extend(q_wk);
            if let (Some(a), Some(b)) = (l_wk, q_wk) {
                extra.push(b - a);
            }
        }
    }
    unix.sort_by(f64::total_cmp);
    let median = unix[unix.len() / 2];
    let quoted = [
        format!(
            "with at least 500 local wake-ups is {median:.2} µs ({})",
            range(&unix)
        ),
        format!("The rest of a loopback TCP send** is {} µs", range(&tcp)),
        format!("leaves the CPU {} µs after", range(&switch)),
        format!(
            "costs the waker {} µs more than a local one**",
            range(&extra)
        ),
        format!("Queued wake-ups take {} µs", range(&queued)),
        format!("against {} µs for local ones", range(&local)),
    ];
    let c1 = json("tbench-c1.summary.json");
    let v1045 = summary_group(&c1, "tbench");
    let here = p50(&s["tbench-c1"]["role0.queued"], "waking_to_exit_ns").unwrap();
    let quoted = quoted.into_iter().chain([format!(
        "client took {:.2} µs (p50) from its `sched_waking` to its block, all of it, where this \
         instance's takes {here:.2} µs just to return",
        f(&v1045["waker_runs_on"], "p50") / 1000.0
    )]);
    for q in quoted {
        assert!(flat.contains(&q), "README lacks `{q}`");
    }
    let cycles = (median * 2.0 * 1000.0).round() as u64;
    assert_eq!(
        wakelab_sim::workload::PgbenchConfig::default().send_return_cycles,
        wakelab_sim::engine::Amount::Fixed(cycles),
        "pgbench's send_return_cycles is the README's median at 2.0 GHz"
    );
    assert!(flat.contains(&format!(
        "`send_return_cycles`, {:.1}k cycles at 2.0 GHz",
        cycles as f64 / 1000.0
    )));
}

/// recordings/tbench-preemption/README.md, "Message sizes: not the cause": its figures are
/// bytes/summary.json's (c2).
#[test]
fn the_tbench_message_size_figures_are_the_recording() {
    let text = repo_flat("recordings/tbench-preemption/README.md");
    let s = repo_json("recordings/tbench-preemption/bytes/summary.json");
    let rows = |key: &str| s["c2"][key].as_array().unwrap().clone();
    let bucket = |key: &str, b: u64| {
        rows(key)
            .into_iter()
            .find(|r| r["bucket"] == b)
            .unwrap_or_else(|| panic!("no bucket {b} in {key}"))
    };
    let us = |r: &Value| format!("{:.2} µs", f(r, "mean_ns") / 1000.0);
    let bytes = |r: &Value| format!("{}", r["mean_bytes"]);
    let (cs0, cs6) = (bucket("send.client", 0), bucket("send.client", 6));
    let (sr0, sr6) = (bucket("recv.server", 0), bucket("recv.server", 6));
    let (cr0, cr5) = (bucket("recv.client", 0), bucket("recv.client", 5));
    let sends: f64 = rows("send.client").iter().map(|r| f(r, "n")).sum();
    let quoted = [
        format!(
            "the client's send takes {} (mean) for {} bytes and {} for {}",
            us(&cs0),
            bytes(&cs0),
            us(&cs6),
            bytes(&cs6).replace("65595", "65 595")
        ),
        format!("({:.2}% of its sends)", 100.0 * f(&cs6, "n") / sends),
        format!(
            "the server's receive takes {} for {} bytes and {} for {}",
            us(&sr0),
            bytes(&sr0),
            us(&sr6),
            bytes(&sr6).replace("65591", "65 591")
        ),
        format!(
            "costs the same for {} bytes ({}) as for {} ({}",
            bytes(&cr0),
            us(&cr0),
            bytes(&cr5).replace("56290", "56 290"),
            us(&cr5).replace(" µs", "")
        ),
    ];
    for q in quoted {
        assert!(text.contains(&q), "README lacks `{q}`");
    }
}

/// |nr(CPU 0) - nr(CPU 1)| of the model's hackbench-pipe-thread-g1 run (the experiment in
/// recordings/hackbench-preemption/model/) as `kernel`, seed `seed`, over its first 250 ms:
/// sampled every 50 µs over the middle 80% of the span its segments cover, as
/// scripts/trace-reads/hackbench/runqueue_imbalance.py reads the exported counters. Returns
/// (p50, p90, mean rounded to 0.1).
fn model_runqueue_imbalance(kernel: &str, seed: u64) -> (u32, u32, String) {
    let window = (0, 250_000_000);
    let d = model_hackbench_detail(kernel, seed, window);
    let starts = d
        .timeline
        .iter()
        .filter(|s| s.task.is_some() && s.end > window.0 && s.start < window.1)
        .map(|s| s.start.max(window.0));
    let (a, b) = (starts.clone().min().unwrap(), starts.max().unwrap());
    let (lo, hi) = (a + (b - a) / 10, b - (b - a) / 10);
    let mut changes: Vec<(u64, u16, u32)> =
        d.runnable.iter().map(|r| (r.t_ns, r.cpu, r.nr)).collect();
    changes.sort_by_key(|c| c.0);
    let (mut nr, mut i, mut diffs) = ([0u32; 2], 0, Vec::new());
    let mut t = lo;
    while t < hi {
        while i < changes.len() && changes[i].0 <= t {
            nr[changes[i].1 as usize] = changes[i].2;
            i += 1;
        }
        diffs.push(nr[0].abs_diff(nr[1]));
        t += 50_000;
    }
    let mean = diffs.iter().map(|&d| d as f64).sum::<f64>() / diffs.len() as f64;
    let mut sorted = diffs.clone();
    sorted.sort_unstable();
    let q = |x: f64| sorted[((x * sorted.len() as f64).ceil() as usize).max(1) - 1];
    (q(0.5), q(0.9), format!("{mean:.1}"))
}

/// The detailed run of the hackbench-pipe-thread-g1 experiment of
/// recordings/hackbench-preemption/model/ as `kernel`, seed `seed`, recording `window` (ns).
fn model_hackbench_detail(
    kernel: &str,
    seed: u64,
    window: (u64, u64),
) -> wakelab_sim::experiment::PointDetail {
    use wakelab_sim::experiment::{DetailOptions, run_point_detailed};
    let text = std::fs::read_to_string(
        root().join("recordings/hackbench-preemption/model/model-experiment.json"),
    )
    .unwrap();
    let mut v: Value = serde_json::from_str(&text).unwrap();
    v["scenario"]["kernel"]["version"] = kernel.into();
    v["variants"][0]["kernel"]["version"] = kernel.into();
    v["scenario"]["run"]["seed"] = seed.into();
    let exp = wakelab_sim::scenario::Experiment::from_json(&v.to_string()).unwrap();
    run_point_detailed(
        &exp,
        0,
        1,
        0,
        DetailOptions {
            window: Some(window),
            explain_decision: None,
            shadow_kernel: None,
        },
        None,
    )
    .unwrap()
}

/// recordings/hackbench-preemption/REPORT.md, "Runqueue lengths": the host's figures are the
/// script's output on the committed raw traces (runqueues/host.json); the model's are
/// recomputed here, so a model change that moves them fails until the report says so.
#[test]
fn the_runqueue_imbalance_figures_are_the_recordings_and_the_model() {
    let report = repo_flat("recordings/hackbench-preemption/REPORT.md");
    let (_, section) = report
        .split_once("## Runqueue lengths")
        .expect("REPORT.md has a `Runqueue lengths` section");
    let (section, _) = section.split_once(" ## ").unwrap_or((section, ""));
    let host = repo_json("recordings/hackbench-preemption/runqueues/host.json");
    for r in host.as_array().unwrap() {
        let quoted = format!(
            "`{}`: p50 {}, p90 {}, mean {}",
            r["trace"].as_str().unwrap(),
            r["diff_p50"],
            r["diff_p90"],
            r["diff_mean"]
        );
        assert!(section.contains(&quoted), "not quoted: `{quoted}`");
    }
    // every model line, so that a change shows all the lines to write
    let missing: Vec<String> = [("6.18", 1), ("6.18", 2), ("6.18", 3), ("5.15", 1)]
        .iter()
        .map(|&(kernel, seed)| {
            let (p50, p90, mean) = model_runqueue_imbalance(kernel, seed);
            format!("model {kernel}, seed {seed}: p50 {p50}, p90 {p90}, mean {mean}")
        })
        .filter(|quoted| !section.contains(quoted))
        .collect();
    assert!(missing.is_empty(), "not quoted: {missing:#?}");
}

/// The stored lag (`vlag`) a hackbench wakee brings to its placement in the model's run of the
/// REPORT's experiment (6.18, seed 1, first 250 ms): every recorded wake-up preemption check
/// of a hackbench task that was not a delayed requeue (placement keeps the stored lag, so the
/// lag after placement is `vlag`). Returns (p50 as the lower edge of lagwide.bt's 50 µs bucket,
/// share of 1 000 µs or more, number of wake-ups).
fn model_wakee_lag(seed: u64) -> (i64, f64, usize) {
    let d = model_hackbench_detail("6.18", seed, (0, 250_000_000));
    let mut lags: Vec<i64> = d
        .wake_preempts
        .iter()
        .filter(|w| !w.wakee_delayed && d.task_names[w.wakee as usize].starts_with("hackbench"))
        .map(|w| w.wakee_lag_ns)
        .collect();
    lags.sort_unstable();
    let n = lags.len();
    let p50 = lags[n / 2];
    let bucket = (p50 / 1000).div_euclid(50) * 50;
    let ge_1000 = lags.iter().filter(|&&l| l >= 1_000_000).count() as f64 / n as f64;
    (bucket, ge_1000, n)
}

/// recordings/hackbench-preemption/REPORT.md, "The lags the wakees bring": the host's figures
/// are lagwide/summary.json's (lagwide_summary.py over the committed bpftrace outputs), the
/// model's are recomputed, so a model change that moves them fails until the report says so.
#[test]
fn the_wakee_lag_figures_are_the_recordings_and_the_model() {
    let report = repo_flat("recordings/hackbench-preemption/REPORT.md");
    let (_, section) = report
        .split_once("## The lags the wakees bring")
        .expect("REPORT.md has a `The lags the wakees bring` section");
    let (section, _) = section.split_once(" ## ").unwrap_or((section, ""));
    let host = repo_json("recordings/hackbench-preemption/lagwide/summary.json");
    let runs: Vec<&Value> = host.as_object().unwrap().values().collect();
    let f = |v: &Value| v.as_f64().unwrap();
    let range = |get: &dyn Fn(&Value) -> f64, fmt: &dyn Fn(f64) -> String| {
        let v: Vec<f64> = runs.iter().map(|r| get(r)).collect();
        let lo = v.iter().copied().fold(f64::MAX, f64::min);
        let hi = v.iter().copied().fold(f64::MIN, f64::max);
        format!("{}-{}", fmt(lo), fmt(hi))
    };
    let pct = |x: f64| format!("{:.0}", 100.0 * x);
    let int = |x: f64| format!("{x:.0}");
    let (p50, ge_1000, n) = model_wakee_lag(1);
    for quoted in [
        format!(
            "host p50 {} µs, 1 000 µs or more in {}%",
            range(&|r| f(&r["wakee_vlag"]["p50_bucket_us"]), &int),
            range(&|r| f(&r["wakee_vlag"]["ge_1000us_share"]), &pct)
        ),
        format!(
            "model p50 {p50} µs, 1 000 µs or more in {}% ({n} wake-ups)",
            pct(ge_1000)
        ),
        format!(
            "mean nr_queued {}",
            range(&|r| f(&r["remote_nr_queued_mean"]), &|x| format!("{x:.1}"))
        ),
        format!(
            "eligible in {}% of them",
            range(
                &|r| f(&r["remote_curr_eligible_share_nr_queued_5_to_12"]),
                &pct
            )
        ),
    ] {
        assert!(section.contains(&quoted), "not quoted: `{quoted}`");
    }
    // the per-cycle reading (cycle.bt, cycle/summary.json)
    let cycle = repo_json("recordings/hackbench-preemption/cycle/summary.json");
    let runs: Vec<&Value> = cycle.as_object().unwrap().values().collect();
    let range = |get: &dyn Fn(&Value) -> f64, fmt: &dyn Fn(f64) -> String| {
        let v: Vec<f64> = runs.iter().map(|r| get(r)).collect();
        let lo = v.iter().copied().fold(f64::MAX, f64::min);
        let hi = v.iter().copied().fold(f64::MIN, f64::max);
        format!(
            "{}{}{}",
            fmt(lo),
            if lo < 0.0 { " to " } else { "-" },
            fmt(hi)
        )
    };
    let plus = |x: f64| format!("{x:+.1}");
    let num = |x: f64| format!("{x}");
    for quoted in [
        format!(
            "means are {} µs waiting (wait p50 {} µs) and {} µs running (run p50 {} µs)",
            range(&|r| f(&r["wait_gain_us"]["mean"]), &plus).replace("-", " to "),
            range(&|r| f(&r["wait_us"]["p50"]), &int),
            range(&|r| f(&r["run_change_us"]["mean"]), &num),
            range(&|r| f(&r["run_us"]["p50"]), &int)
        ),
        format!(
            "slowed the runs ({} s against `lagwide.bt`'s {} s)",
            range(&|r| f(&r["time_s"]), &num),
            {
                let t: Vec<f64> = host
                    .as_object()
                    .unwrap()
                    .values()
                    .map(|r| f(&r["time_s"]))
                    .collect();
                let lo = t.iter().copied().fold(f64::MAX, f64::min);
                let hi = t.iter().copied().fold(f64::MIN, f64::max);
                format!("{lo}-{hi}")
            }
        ),
        format!(
            "stored-lag p50 of {} µs, with {}% of blocks delayed",
            range(&|r| f(&r["l0_us"]["p50"]), &int),
            range(&|r| f(&r["delayed_block_share"]), &|x| format!(
                "{:.1}",
                100.0 * x
            ))
        ),
    ] {
        assert!(section.contains(&quoted), "not quoted: `{quoted}`");
    }
}

/// The PostgreSQL server processes of the pgbench recordings (recordings/README.md, "The server's
/// own processes"): the timer-woken `postgres` tasks of each summary are the listed pids, and
/// the model's background writer and WAL writer (`PG_AUX`, wakelab-sim's pgbench generator)
/// take their sleep and burst from them.
#[test]
fn the_pgbench_server_processes_are_the_recordings() {
    use wakelab_sim::workload::PG_AUX;
    // (recording, pid, role): by the server's start order, bgwriter before walwriter
    const AUX: [(&str, u64, &str); 8] = [
        ("pgbench-select-c1", 12074, "postgres/bgwriter"),
        ("pgbench-select-c1", 12076, "postgres/walwriter"),
        ("pgbench-select-c4", 2772, "postgres/walwriter"),
        ("pgbench-rw-c1", 2765, "postgres/bgwriter"),
        ("pgbench-rw-c1", 2772, "postgres/walwriter"),
        ("pgbench-rw-c2", 15803, "postgres/bgwriter"),
        ("pgbench-rw-c2", 15805, "postgres/walwriter"),
        ("pgbench-rw-c4", 2772, "postgres/walwriter"),
    ];
    let median = |mut v: Vec<f64>| -> f64 {
        v.sort_by(f64::total_cmp);
        let n = v.len();
        (v[(n - 1) / 2] + v[n / 2]) / 2.0
    };
    let mut sleeps = Vec::new();
    let mut bursts: std::collections::BTreeMap<&str, (Vec<f64>, Vec<f64>)> = Default::default();
    for kind in ["select", "rw"] {
        for c in [1, 2, 4] {
            let name = format!("pgbench-{kind}-c{c}");
            let s = json(&format!("{name}.summary.json"));
            // every listed postgres task that sleeps ~200 ms is one of the table's
            let timer: Vec<u64> = s["tasks"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|t| t["group"] == "postgres" && t["sleep"]["n"].as_u64() > Some(0))
                .filter(|t| (199e6..201e6).contains(&f(&t["sleep"], "p50")))
                .map(|t| t["pid"].as_u64().unwrap())
                .collect();
            let listed: Vec<u64> = AUX.iter().filter(|a| a.0 == name).map(|a| a.1).collect();
            let mut sorted = timer.clone();
            sorted.sort();
            assert_eq!(
                sorted, listed,
                "{name}: the postgres tasks sleeping ~200 ms"
            );
            for &(_, pid, role) in AUX.iter().filter(|a| a.0 == name) {
                let t = s["tasks"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|t| t["pid"] == pid)
                    .unwrap();
                assert!(t["wakes_issued"].as_u64().unwrap() <= 4, "{name} {pid}");
                sleeps.push(f(&t["sleep"], "p50"));
                let b = bursts.entry(role).or_default();
                b.0.push(f(&t["burst"], "p10"));
                b.1.push(f(&t["burst"], "p90"));
            }
        }
    }
    // 200.2 ms, to 0.1 ms
    let sleep_ms = (median(sleeps) / 1e5).round() / 10.0;
    let section = flat(&readme_section("The server's own processes"));
    for a in PG_AUX {
        assert_eq!(a.sleep_ns, (sleep_ms * 1e6).round() as u64, "{}", a.name);
        let (p10, p90) = bursts.remove(a.name).unwrap();
        // µs to 0.1, as cycles at the recording host's 2.0 GHz
        let us = |ns: f64| (ns / 100.0).round() / 10.0;
        let (lo, hi) = (us(median(p10)), us(median(p90)));
        assert_eq!(
            a.burst_cycles,
            ((lo * 2000.0).round() as u64, (hi * 2000.0).round() as u64),
            "{}",
            a.name
        );
        let quoted = format!("{lo:.1}-{hi:.1} µs");
        assert!(section.contains(&quoted), "the README quotes {quoted}");
    }
    assert!(bursts.is_empty());
}

/// recordings/dbench-submit-tail: the README's table quotes the analysis files, and the
/// validation's `LOOP_DATA_SUBMIT_CYCLES` is their clients' p10 / p50 (blocked next, averaged
/// over the three runs) less the 1.75 µs wake-up the validation runs charge to the waker, read
/// as a uniform range at 2.0 GHz (to 1k cycles); `LOOP_JOURNAL_SUBMIT_CYCLES` is jbd2's, the
/// same way (its two ext4 runs).
#[test]
fn the_dbench_submit_tail_is_the_recordings() {
    let dir = "recordings/dbench-submit-tail";
    let readme = repo_flat(&format!("{dir}/README.md"));
    // "waker blocked next: 2547 (82.8%); waking to switch-out p10 / p50 / p90 5.9 / 11.1 / 94.7 µs"
    // (share, the three percentiles as written, as numbers)
    let read = |file: &str, kind: &str| -> (String, String, [f64; 3]) {
        let text = std::fs::read_to_string(root().join(dir).join(file)).unwrap();
        let l = text
            .lines()
            .find(|l| l.starts_with(&format!("waker {kind} next:")))
            .unwrap_or_else(|| panic!("{file}: no {kind} line"));
        let share = l.split(['(', ')']).nth(1).unwrap().to_string();
        let written = l
            .split("p10 / p50 / p90 ")
            .nth(1)
            .unwrap()
            .trim_end_matches(" µs")
            .to_string();
        let p: Vec<f64> = written.split(" / ").map(|x| x.parse().unwrap()).collect();
        (share, written, [p[0], p[1], p[2]])
    };
    let (mut p10, mut p50) = (0.0, 0.0);
    for run in ["ext4-c2", "ext4-c4", "xfs-c2"] {
        let (sb, wb, b) = read(&format!("dbench-{run}.dbench.txt"), "blocked");
        let (sp, wp, _) = read(&format!("dbench-{run}.dbench.txt"), "preempted");
        let row = format!("| {run} | {sb}: {wb} | {sp}: {wp} |");
        assert!(readme.contains(&row), "{row}");
        p10 += b[0] / 3.0;
        p50 += b[1] / 3.0;
    }
    let (mut j10, mut j50) = (0.0, 0.0);
    for run in ["ext4-c2", "ext4-c4"] {
        let (s, w, b) = read(&format!("dbench-{run}.jbd2.txt"), "blocked");
        let cell = format!("| {s}: {w} |");
        assert!(readme.contains(&cell), "{cell}");
        j10 += b[0] / 2.0;
        j50 += b[1] / 2.0;
    }
    // Less the wake-up the validation runs charge to the waker, p10 and p50 read as a uniform
    // range at 2.0 GHz: the client's tail (the c2 / c4 / xfs-c2 means) and jbd2's (c2 / c4)
    // the engine's wake-up and the recorder's per wake-up
    let charged = (wakelab_sim::engine::EngineParams::default().wakeup_cost_ns
        + wakelab_interop::validate::bench::PERF_SCHED_RECORD_WAKEUP_NS) as f64
        / 1000.0;
    let cycles = |p10: f64, p50: f64| {
        let (q10, q50) = (p10 - charged, p50 - charged);
        let half = (q50 - q10) / 0.4 / 2.0;
        ((q50 - half) * 2000.0, (q50 + half) * 2000.0)
    };
    for ((clo, chi), (lo, hi), what) in [
        (
            wakelab_interop::validate::bench::LOOP_DATA_SUBMIT_CYCLES,
            cycles(p10, p50),
            "the client's",
        ),
        (
            wakelab_interop::validate::bench::LOOP_JOURNAL_SUBMIT_CYCLES,
            cycles(j10, j50),
            "jbd2's",
        ),
    ] {
        assert!(
            (clo as f64 - lo).abs() <= 1000.0 && (chi as f64 - hi).abs() <= 1000.0,
            "{what} tail: constant {clo}-{chi}, the recordings give {lo:.0}-{hi:.0}"
        );
    }
}

/// lag.bt's kind of a task (scripts/trace-reads/jbd2/lag.bt): dbench, jbd2, an unbound kworker
/// (the loop device's worker) or ksoftirqd; `None` for the rest.
fn lag_kind(name: &str) -> Option<&'static str> {
    [
        ("dbench", "dbench"),
        ("jbd2", "jbd2"),
        ("kworker/u", "kworker/u*"),
        ("ksoftirqd", "ksoftirqd/*"),
    ]
    .into_iter()
    .find(|(prefix, _)| name.starts_with(prefix))
    .map(|(_, kind)| kind)
}

/// lag_summary.py's `signed` on the model's lags (ns): lag.bt's 20 µs buckets to 4 ms, the
/// positive side's p50 / p90 and the negative side's p50 as bucket lower edges.
fn lag_signed(lags: &[i64]) -> Value {
    let edge = |ns: i64| ((ns.unsigned_abs() / 1000) / 20 * 20).min(4000);
    let q = |v: &mut Vec<u64>, x: f64| -> Value {
        if v.is_empty() {
            return Value::Null;
        }
        v.sort_unstable();
        // the lower edge of the bucket holding quantile x (bpfmaps.py `quantile`)
        let k = ((x * v.len() as f64).ceil() as usize).max(1) - 1;
        v[k].into()
    };
    let mut pos: Vec<u64> = lags.iter().filter(|&&l| l >= 0).map(|&l| edge(l)).collect();
    let mut neg: Vec<u64> = lags.iter().filter(|&&l| l < 0).map(|&l| edge(l)).collect();
    let n = lags.len();
    let share = if n == 0 {
        Value::Null
    } else {
        ((pos.len() as f64 / n as f64 * 1e4).round() / 1e4).into()
    };
    serde_json::json!({
        "n": n,
        "share_nonnegative": share,
        "p50_positive_us": q(&mut pos.clone(), 0.5),
        "p90_positive_us": q(&mut pos, 0.9),
        "p50_negative_us": q(&mut neg, 0.5),
    })
}

/// The model's side of recordings/dbench-kthread-lag: `wakelab validate`'s run of recording
/// `name` (seed 1, 300 ms), every wake-up onto a CPU running another fair task (the engine's
/// wake-up preemption records: the wakee placed, the check done), by wakee kind and by whether
/// the running task is jbd2: the wakee's placed lag and whether the running task is still
/// eligible. (The stored lag at `sched_waking` has no model record.)
fn model_kthread_lag(name: &str) -> Value {
    use wakelab_interop::validate::{KernelChoice, Recording, model_bench, model_detail};
    let meta =
        std::fs::read_to_string(root().join(format!("recordings/host-2vcpu/{name}.json"))).unwrap();
    let rec = Recording::from_json(&meta).unwrap();
    let b = model_bench(&rec, 300, KernelChoice::default()).unwrap();
    let d = model_detail(&b).unwrap();
    let mut out = serde_json::Map::new();
    for kind in ["dbench", "jbd2", "kworker/u*", "ksoftirqd/*"] {
        let mut k = serde_json::Map::new();
        for (on_jbd2, where_) in [(false, "onto_other"), (true, "onto_jbd2")] {
            let ws: Vec<_> = d
                .wake_preempts
                .iter()
                .filter(|w| {
                    lag_kind(&d.task_names[w.wakee as usize]) == Some(kind)
                        && d.task_names[w.curr as usize].starts_with("jbd2") == on_jbd2
                })
                .collect();
            let lags: Vec<i64> = ws.iter().map(|w| w.wakee_lag_ns).collect();
            k.insert(format!("placed_{where_}"), lag_signed(&lags));
            let yes = ws.iter().filter(|w| w.curr_eligible).count();
            let share = if ws.is_empty() {
                Value::Null
            } else {
                ((yes as f64 / ws.len() as f64 * 1e4).round() / 1e4).into()
            };
            k.insert(
                format!("curr_eligible_{where_}"),
                serde_json::json!({"n": ws.len(), "share": share}),
            );
        }
        out.insert(kind.to_string(), Value::Object(k));
    }
    Value::Object(out)
}

/// recordings/dbench-kthread-lag: the model's side (`model/NAME.json`) is recomputed here
/// (regenerate with `UPDATE_EXPECT=1`), and the README's table quotes both sides: the host's
/// from bpf/summary.json (lag_summary.py over the committed bpftrace outputs), the model's from
/// those files.
#[test]
fn the_kthread_lag_readme_quotes_the_host_and_the_model() {
    let readme = repo_flat("recordings/dbench-kthread-lag/README.md");
    let host = repo_json("recordings/dbench-kthread-lag/bpf/summary.json");
    let pct = |v: &Value| format!("{:.1}%", v.as_f64().unwrap() * 100.0);
    let models: Vec<(&str, Value)> = ["c1", "c2"]
        .into_iter()
        .map(|c| {
            let name = format!("dbench-ext4-{c}");
            let model = model_kthread_lag(&name);
            let text = serde_json::to_string_pretty(&model).unwrap() + "\n";
            expect_test::expect_file![
                root().join(format!("recordings/dbench-kthread-lag/model/{name}.json"))
            ]
            .assert_eq(&text);
            (c, model)
        })
        .collect();
    for (c, model) in &models {
        for (kind, where_) in [
            ("kworker/u*", "onto_jbd2"),
            ("kworker/u*", "onto_other"),
            ("ksoftirqd/*", "onto_other"),
            ("jbd2", "onto_other"),
        ] {
            let key = format!("curr_eligible_{where_}");
            let runs: Vec<String> = ["a", "b", "c"]
                .iter()
                .map(|r| pct(&host[format!("ext4-{c}-{r}")][kind][&key]["share"]))
                .collect();
            let m = &model[kind][&key];
            let row = format!(
                "| ext4-{c} | {kind} | {} | {} | {} ({}) |",
                where_.replace('_', " "),
                runs.join(" / "),
                pct(&m["share"]),
                m["n"]
            );
            assert!(readme.contains(&row), "not in the README: `{row}`");
        }
    }
}

/// ring.c's token ring (scripts/trace-reads/switch-ring) in the model: `n` tasks pinned to
/// vCPU 0 of the recording host's shape, each reading 100 bytes from its pipe and writing 100
/// bytes to the next one's, each a system call with the costs of recordings/switch-cost's
/// `syscalls.c` (a 100-byte write 0.303 µs, a read that finds data 0.322 µs, each drawn
/// uniformly within +-50% as the workloads' costs are, at 2.0 GHz), 40 000 hops, under
/// 6.18 with the host build's vcpu-pack, with or without 6.18.y's wake-up preemption check
/// (next-buddy-eevdf, revert-force-wakeup-preemption, wakeup-preempt-delayed). Per hop: the
/// simulated time, the blocks (= wake-ups) and the preemptions (switches less blocks).
fn model_ring(n: u32, fix: bool) -> Value {
    use serde_json::json;
    use wakelab_sim::experiment::{DetailOptions, run_point_detailed};
    use wakelab_sim::kernel::{KernelConfig, KernelVersion, PatchId};
    let laps = 40_000 / n;
    let hops = u64::from(laps * n);
    let recv = json!({"syscall": {"body": [
        {"recv": {"bytes": 100, "inbox": {"kind": "pipe"}}},
        {"run": {"cycles": {"lo": 322, "hi": 966}}}]}});
    let send = |i: u32| {
        json!({"syscall": {"body": [{"run": {"cycles": {"lo": 303, "hi": 909}}},
            {"send": {"task": {"task": (i + 1) % n}, "bytes": 100}}]}})
    };
    let tasks: Vec<Value> = (0..n)
        .map(|i| {
            let mut program = if i == 0 {
                vec![
                    send(0),
                    json!({"loop": {"count": laps - 1, "body": [recv.clone(), send(0)]}}),
                    recv.clone(),
                ]
            } else {
                vec![json!({"loop": {"count": laps, "body": [recv.clone(), send(i)]}})]
            };
            program.push(json!({"exit": null}));
            json!({"name": format!("ring/{i}"), "affinity": "0", "start_cpu": 0, "program": program})
        })
        .collect();
    let mut e = wakelab_sim::presets::experiment("default").unwrap();
    e.scenario.machine = wakelab_sim::presets::machine("epyc-kvm-2vcpu").unwrap();
    let mut k = KernelConfig::baseline(KernelVersion::V6_18).with(PatchId::VcpuPack);
    if fix {
        k = k
            .with(PatchId::NextBuddyEevdf)
            .with(PatchId::RevertForceWakeupPreemption)
            .with(PatchId::WakeupPreemptDelayed);
    }
    e.scenario.kernel = k;
    e.variants.truncate(1);
    e.variants[0].kernel = None;
    e.variants[0].freq = None;
    e.scenario.workload = serde_json::from_value(json!({"kind": "custom", "tasks": tasks,
        "stop_when_all_exited": true, "metric": {"kind": "completion_time"}}))
    .unwrap();
    e.scenario.freq.governor = serde_json::from_value(json!("performance")).unwrap();
    e.scenario.interference.clear();
    e.scenario.run.duration_ms = 10_000;
    e.scenario.run.warmup_ms = 0;
    e.scenario.run.seed = 1;
    // at three and four tasks with 6.18.y's check, also what the CPU runs after each switch-out
    // (pick.bt's maps): the run's timeline and wake-ups are recorded, which changes no result
    let picks = fix && (n == 3 || n == 4);
    let detail = if picks {
        e.scenario.engine.max_timeline_segments = 200_000;
        e.scenario.engine.max_wakeup_records = 200_000;
        DetailOptions {
            window: Some((0, e.scenario.run.duration_ms * 1_000_000)),
            ..DetailOptions::default()
        }
    } else {
        DetailOptions::default()
    };
    e.validate().unwrap();
    let d = run_point_detailed(&e, 0, 1, 0, detail, None).unwrap();
    let r = &d.result;
    let per_hop = |x: u64| (x as f64 / hops as f64 * 1e3).round() / 1e3;
    let mut out = json!({
        "ns_per_hop": (r.sim_ns as f64 / hops as f64).round(),
        "blocks_per_hop": per_hop(r.wakeups),
        "preempted_per_hop": per_hop(r.context_switches.saturating_sub(r.wakeups)),
    });
    if picks {
        // neither record reached its cap: every switch and wake-up is in them
        assert!(d.timeline.len() < 200_000, "{}", d.timeline.len());
        assert!(d.wake_records.len() + d.plain_wakes.len() < 200_000);
        let (next_after, then) = ring_picks(&d, n);
        let per = |m: std::collections::BTreeMap<String, u64>| -> Value {
            m.into_iter().map(|(k, v)| (k, json!(per_hop(v)))).collect()
        };
        out["next_after"] = per(next_after);
        out["then"] = per(then);
    }
    out
}

/// pick.bt's two maps (scripts/trace-reads/switch-ring/pick.bt) from a model run's timeline:
/// at each switch-out of a ring task (tasks 0..n) on CPU 0 followed at once by another ring
/// task, how it left (`1` blocked: woken again before it next ran; `0` preempted) and whether
/// the next is the ring task woken last (`1`) or another (`0`), as "how,which"; and at the
/// next task's own switch-out, how its stretch ended, as "how,which,how".
fn ring_picks(
    d: &wakelab_sim::experiment::PointDetail,
    n: u32,
) -> (
    std::collections::BTreeMap<String, u64>,
    std::collections::BTreeMap<String, u64>,
) {
    let mut wakes: Vec<(u64, u32)> = d
        .wake_records
        .iter()
        .filter(|w| w.task < n)
        .map(|w| (w.t_ns, w.task))
        .chain(
            d.plain_wakes
                .iter()
                .filter(|w| w.task < n)
                .map(|w| (w.t_ns, w.task)),
        )
        .collect();
    wakes.sort_unstable();
    let segs: Vec<_> = d
        .timeline
        .iter()
        .filter(|g| g.cpu == 0 && g.task.is_some_and(|t| t < n))
        .collect();
    let (mut next_after, mut then) = (
        std::collections::BTreeMap::new(),
        std::collections::BTreeMap::new(),
    );
    let mut began: std::collections::HashMap<u32, (u8, u8)> = Default::default();
    for i in 0..segs.len().saturating_sub(1) {
        let (a, b) = (segs[i], segs[i + 1]);
        let (ta, tb) = (a.task.unwrap(), b.task.unwrap());
        if ta == tb || b.start != a.end {
            continue;
        }
        // blocked if woken after this switch-out and before it runs again
        let next_run = segs[i + 1..]
            .iter()
            .find(|g| g.task == Some(ta))
            .map(|g| g.start);
        let from = wakes.partition_point(|w| w.0 < a.end);
        let how = match wakes[from..].iter().find(|w| w.1 == ta) {
            Some(w) if next_run.is_none_or(|s| w.0 <= s) => 1u8,
            _ => 0,
        };
        let upto = wakes.partition_point(|w| w.0 <= a.end);
        let which = (upto > 0 && wakes[upto - 1].1 == tb) as u8;
        *next_after.entry(format!("{how},{which}")).or_insert(0) += 1;
        if let Some((h, w)) = began.remove(&ta) {
            *then.entry(format!("{h},{w},{how}")).or_insert(0) += 1;
        }
        began.insert(tb, (how, which));
    }
    (next_after, then)
}

/// recordings/switch-ring: the model's side (`model/ring.json`) is recomputed here (regenerate
/// with `UPDATE_EXPECT=1`), and the README's table quotes both sides: the host's from
/// summary.json (summarize.py over the committed runs), the model's from that file.
#[test]
fn the_switch_ring_readme_quotes_the_host_and_the_model() {
    let readme = repo_flat("recordings/switch-ring/README.md");
    let host = repo_json("recordings/switch-ring/summary.json");
    let sizes = [2u32, 3, 4, 8, 16, 40];
    let mut model = serde_json::Map::new();
    for (key, fix) in [("6.18.2", false), ("6.18.y", true)] {
        let runs: serde_json::Map<String, Value> = sizes
            .iter()
            .map(|&n| (format!("n{n}"), model_ring(n, fix)))
            .collect();
        model.insert(key.into(), Value::Object(runs));
    }
    let model = Value::Object(model);
    expect_test::expect_file![root().join("recordings/switch-ring/model/ring.json")]
        .assert_eq(&(serde_json::to_string_pretty(&model).unwrap() + "\n"));
    let us = |v: &Value| format!("{:.2}", v.as_f64().unwrap() / 1000.0);
    let two = |v: &Value| format!("{:.2}", v.as_f64().unwrap());
    for n in sizes {
        let h = |mode: &str, key: &str| &host["runs"][format!("{mode}-n{n}")][key];
        let m = |k: &str, key: &str| &model[k][format!("n{n}")][key];
        let row = format!(
            "| {n} | {} ({}-{}) | {} ({}-{}) | {} | {} / {} | {} / {} | {} / {} | {} / {} |",
            us(&h("thread", "ns_per_hop")["median"]),
            us(&h("thread", "ns_per_hop")["min"]),
            us(&h("thread", "ns_per_hop")["max"]),
            us(&h("process", "ns_per_hop")["median"]),
            us(&h("process", "ns_per_hop")["min"]),
            us(&h("process", "ns_per_hop")["max"]),
            us(m("6.18.y", "ns_per_hop")),
            two(&h("thread", "blocks_per_hop")["median"]),
            two(&h("thread", "preempted_per_hop")["median"]),
            two(&h("process", "blocks_per_hop")["median"]),
            two(&h("process", "preempted_per_hop")["median"]),
            two(m("6.18.2", "blocks_per_hop")),
            two(m("6.18.2", "preempted_per_hop")),
            two(m("6.18.y", "blocks_per_hop")),
            two(m("6.18.y", "preempted_per_hop")),
        );
        assert!(readme.contains(&row), "not in the README: `{row}`");
    }
    // "What runs next": pick.bt's maps per hop on the host (bpf/pick-thread-nN.txt) and the
    // model's same reading (ring.json's `next_after` and `then`, at three and four tasks)
    let host_picks = |n: u32| -> std::collections::BTreeMap<String, f64> {
        let t = std::fs::read_to_string(
            root().join(format!("recordings/switch-ring/bpf/pick-thread-n{n}.txt")),
        )
        .unwrap();
        let hops: f64 = t
            .split("hops=")
            .nth(1)
            .and_then(|r| r.split_whitespace().next())
            .unwrap()
            .parse()
            .unwrap();
        let mut m = std::collections::BTreeMap::new();
        for l in t.lines() {
            for (map, prefix) in [("@next_after[", "n"), ("@then_blocks[", "t")] {
                if let Some(rest) = l.strip_prefix(map) {
                    let (key, count) = rest.split_once("]: ").unwrap();
                    let key = key.replace(", ", ",");
                    m.insert(
                        format!("{prefix}{key}"),
                        count.parse::<f64>().unwrap() / hops,
                    );
                }
            }
        }
        m
    };
    let rows = [
        ("preempted; the task woken last runs", "n0,1"),
        ("preempted; another runs", "n0,0"),
        ("blocked; the task woken last runs", "n1,1"),
        ("... which then blocks", "t1,1,1"),
        ("blocked; another (a writer preempted earlier) runs", "n1,0"),
        (
            "... which then is preempted (it found the token, wrote)",
            "t1,0,0",
        ),
        ("... which then blocks (its pipe is empty)", "t1,0,1"),
    ];
    let (h3, h4) = (host_picks(3), host_picks(4));
    for (label, key) in rows {
        let m = |n: u32| {
            let (map, k) = if let Some(k) = key.strip_prefix('n') {
                ("next_after", k)
            } else {
                ("then", &key[1..])
            };
            model["6.18.y"][format!("n{n}")][map][k]
                .as_f64()
                .unwrap_or(0.0)
        };
        let h = |m: &std::collections::BTreeMap<String, f64>| m.get(key).copied().unwrap_or(0.0);
        let row = format!(
            "| {label} | {:.2} | {:.2} | {:.2} | {:.2} |",
            h(&h3),
            m(3),
            h(&h4),
            m(4)
        );
        assert!(readme.contains(&row), "not in the README: `{row}`");
    }
}

/// The median of `v` (the mean of the middle two for an even count, as Python's
/// `statistics.median`).
fn median_of(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    assert!(n > 0);
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// recordings/switch-cost, "3. The pieces of a hop": the engine's hop costs re-derived here from
/// the committed measurements as scripts/trace-reads/switch-cost/derive.py does (the system
/// calls timed alone, the switch-ring's time, blocks and preemptions per hop, the pinned pipe's
/// counts untraced and traced, reading 1's traced and untraced times), and compared with the
/// defaults the engine and the validation runs use and with the README's figures.
#[test]
fn the_switch_cost_readme_is_derive_py() {
    use wakelab_sim::engine::{EngineParams, Inbox};
    let inbox = |kind: &str| -> Inbox {
        serde_json::from_value(serde_json::json!({ "kind": kind })).unwrap()
    };
    let text = |p: &str| std::fs::read_to_string(root().join(p)).unwrap();
    // a whitespace table with a header line: the median of each column
    let medians = |p: &str| -> std::collections::BTreeMap<String, f64> {
        let t = text(p);
        let mut lines = t.lines().filter(|l| !l.trim().is_empty());
        let head: Vec<String> = lines
            .next()
            .unwrap()
            .split_whitespace()
            .map(String::from)
            .collect();
        let rows: Vec<Vec<f64>> = lines
            .map(|l| l.split_whitespace().map(|x| x.parse().unwrap()).collect())
            .collect();
        head.iter()
            .enumerate()
            .map(|(i, h)| (h.clone(), median_of(rows.iter().map(|r| r[i]).collect())))
            .collect()
    };
    let sc = medians("recordings/switch-cost/hop/syscalls.txt");
    let so = medians("recordings/switch-cost/hop/sockets.txt");
    let (w, r, e) = (
        sc["write_ns"] / 1e3,
        sc["read_ns"] / 1e3,
        sc["read_empty_ns"] / 1e3,
    );
    let ring = repo_json("recordings/switch-ring/summary.json");
    let per_n: Vec<f64> = [2, 3, 4, 8, 16, 40]
        .iter()
        .map(|n| {
            let x = &ring["runs"][format!("thread-n{n}")];
            let m = |k: &str| x[k]["median"].as_f64().unwrap();
            let (hop, b, p) = (
                m("ns_per_hop") / 1e3,
                m("blocks_per_hop"),
                m("preempted_per_hop"),
            );
            (hop - w - r - 2.0 * b * e) / (2.0 * b + p)
        })
        .collect();
    let s = median_of(per_n.clone());
    let wake = e + s;
    // the pinned pipe: mode usecs_per_op wakeups switches ...
    let modes = text("recordings/switch-cost/hop/pipe-modes.txt");
    let col = |mode: &str, i: usize| {
        median_of(
            modes
                .lines()
                .filter(|l| l.split_whitespace().next() == Some(mode))
                .map(|l| l.split_whitespace().nth(i).unwrap().parse().unwrap())
                .collect(),
        )
    };
    let half = 200_000.0;
    let (b_un, s_un) = (col("counted", 2) / half, col("counted", 3) / half);
    let (b_tr, s_tr) = (
        col("perf_sched_record", 2) / half,
        col("perf_sched_record", 3) / half,
    );
    let observer = |untraced_hc: f64, traced_hc: f64| {
        (traced_hc - untraced_hc - (b_tr - b_un) * (wake + e) - (s_tr - s_un) * s) / (b_tr + s_tr)
    };
    let old = text("recordings/switch-cost/pipe-pinned.txt");
    let old_col = |mode: &str| {
        median_of(
            old.lines()
                .filter(|l| l.split_whitespace().next() == Some(mode))
                .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
                .collect(),
        ) / 2.0
    };
    let obs = observer(old_col("untraced"), old_col("perf_sched_record"));
    let obs_today = observer(col("untraced", 1) / 2.0, col("perf_sched_record", 1) / 2.0);
    let ns10 = |us: f64| ((us * 100.0).round() * 10.0) as u64;
    let p = EngineParams::default();
    assert_eq!(p.context_switch_ns, ns10(s), "context_switch_ns");
    assert_eq!(p.wakeup_cost_ns, ns10(wake), "wakeup_cost_ns");
    use wakelab_interop::validate::bench::{
        PERF_SCHED_RECORD_SWITCH_NS, PERF_SCHED_RECORD_WAKEUP_NS,
    };
    assert_eq!(
        PERF_SCHED_RECORD_WAKEUP_NS,
        ns10(obs),
        "recorder per wake-up"
    );
    assert_eq!(
        PERF_SCHED_RECORD_SWITCH_NS,
        ns10(obs),
        "recorder per switch"
    );
    // the empty reads, at the host's nominal 2.0 GHz
    for (kind, us) in [
        ("pipe", e),
        ("unix", so["unix_read_empty_ns"] / 1e3),
        ("tcp", so["tcp_read_empty_ns"] / 1e3),
    ] {
        let cycles = inbox(kind).empty_read_cycles();
        assert_eq!(cycles, (us * 2000.0).round() as u32, "{kind}: {us} µs");
    }
    let readme = repo_flat("recordings/switch-cost/README.md");
    let f2 = |x: f64| format!("{x:.2}");
    let f3 = |x: f64| format!("{x:.3}");
    let mut quoted = vec![
        format!(
            "null system call (`getppid`) {} µs",
            f3(sc["null_ns"] / 1e3)
        ),
        format!("nobody waits on {} µs", f3(w)),
        format!("finds data {} µs", f3(r)),
        format!("(EAGAIN) {} µs", f3(e)),
        format!(
            "AF_UNIX stream socket {} µs and of an empty loopback TCP socket {} µs",
            f3(so["unix_read_empty_ns"] / 1e3),
            f3(so["tcp_read_empty_ns"] / 1e3)
        ),
        format!("**{} wake-ups** and {} switches", f2(b_un), f2(s_un)),
        format!("{} wake-ups and {} switches", f2(b_tr), f2(s_tr)),
        format!(
            "Untraced it takes {} µs per op ({} µs per half-cycle), traced {} µs ({} µs)",
            f2(col("untraced", 1)),
            f2(col("untraced", 1) / 2.0),
            f2(col("perf_sched_record", 1)),
            f2(col("perf_sched_record", 1) / 2.0)
        ),
        format!(
            "**S = {} µs** (`context_switch_ns`), and **wake = {} + {} = {} µs**",
            f2(s),
            f2(e),
            f2(s),
            f2(wake)
        ),
        format!("**{} µs** per wake-up and per switch", f2(obs)),
        format!("gives {} µs by the same arithmetic", f2(obs_today)),
    ];
    quoted.push(format!(
        "S: {} µs at 2 tasks, {} at 3, {} at 4, {} at 8, {} at 16, {} at 40",
        f2(per_n[0]),
        f2(per_n[1]),
        f2(per_n[2]),
        f2(per_n[3]),
        f2(per_n[4]),
        f2(per_n[5])
    ));
    for q in &quoted {
        assert!(readme.contains(q.as_str()), "not in the README: `{q}`");
    }
}

/// recordings/tbench-preemption/README.md, "At 4 clients": every row of the state table is the
/// host's c4-a run (bpf/summary.json) and the model's analysis file, as shares of the role's
/// local wake-ups, and no state at 1% or more on either side is left out.
#[test]
fn the_tbench_c4_state_table_is_its_files() {
    let readme =
        std::fs::read_to_string(root().join("recordings/tbench-preemption/README.md")).unwrap();
    let (_, rest) = readme.split_once("<!-- c4-keys -->").unwrap();
    let (table, _) = rest.split_once("<!-- /c4-keys -->").unwrap();
    let host = &repo_json("recordings/tbench-preemption/bpf/summary.json")["c4-a"];
    let model = repo_json("recordings/tbench-preemption/model/model-c4.analysis.json");
    let share = |side: &Value, key: &str| {
        side["keys"][key].as_f64().unwrap_or(0.0) / side["local_wakes"].as_f64().unwrap()
    };
    let mut expected = Vec::new();
    for role in ["client", "server"] {
        let (h, m) = (&host[role], &model[role]);
        let mut keys: Vec<String> = h["keys"]
            .as_object()
            .unwrap()
            .keys()
            .chain(m["keys"].as_object().unwrap().keys())
            .cloned()
            .collect();
        keys.sort();
        keys.dedup();
        keys.retain(|k| share(h, k) >= 0.01 || share(m, k) >= 0.01);
        // the host's largest first, as the table orders them
        keys.sort_by(|a, b| share(h, b).partial_cmp(&share(h, a)).unwrap());
        for k in keys {
            expected.push(format!(
                "| {role} | {k} | {:.1}% | {:.1}% |",
                100.0 * share(h, &k),
                100.0 * share(m, &k)
            ));
        }
    }
    let rows: Vec<&str> = table
        .lines()
        .filter(|l| l.starts_with("| client") || l.starts_with("| server"))
        .collect();
    assert_eq!(rows, expected);
}
