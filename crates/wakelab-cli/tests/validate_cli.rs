//! `wakelab validate`: the real-vs-model tables of docs/calibration.md are what the command
//! computes now, and every row is within 2x or listed, with a reason, in the expected misses
//! (recordings/validation-misses.tsv). A model change that breaks a row that agreed fails here;
//! so does a fix of a listed row (drop it from the list), so the list stays true.

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn wakelab(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_wakelab"))
        .current_dir(root())
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn docs_tables_are_current_and_misses_are_listed() {
    let (ok, _, err) = wakelab(&["validate", "--check", "--check-doc", "docs/calibration.md"]);
    assert!(
        ok,
        "{err}\n(regenerate: wakelab validate --write-doc docs/calibration.md; \
         update recordings/validation-misses.tsv for rows that moved on purpose)"
    );
}

#[test]
fn one_recording_prints_its_table() {
    let (ok, out, err) = wakelab(&[
        "validate",
        "recordings/host-2vcpu/tbench-c2.json",
        "--duration-ms",
        "50",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("### tbench-c2"), "{out}");
    assert!(
        out.contains("| tbench_srv: burst p50 (wake-up to block) |"),
        "{out}"
    );
    assert!(
        out.contains("wake-ups tbench -> tbench_srv (share)"),
        "{out}"
    );
}

#[test]
fn model_summaries_are_written_beside_the_table() {
    let top = std::env::temp_dir().join(format!("wakelab-model-summaries-{}", std::process::id()));
    // a folder that does not exist yet: validate creates it
    let dir = top.join("new");
    let (ok, _, err) = wakelab(&[
        "validate",
        "recordings/host-2vcpu/tbench-c1.json",
        "--duration-ms",
        "50",
        "--model-summaries",
        dir.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let json = std::fs::read_to_string(dir.join("tbench-c1.model.summary.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let groups: Vec<&str> = v["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["group"].as_str().unwrap())
        .collect();
    assert!(groups.contains(&"tbench_srv"), "{groups:?}");
    // and the experiment that run ran, which `wakelab run` takes as it is
    let path = dir.join("tbench-c1.model.experiment.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["scenario"]["run"]["seed"], 1, "{text}");
    assert!(
        text.contains("\"perf/0\""),
        "the recorder's threads are in it"
    );
    let (ok, out, err) = wakelab(&["run", path.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(out.contains("Hmean"), "{out}");
    std::fs::remove_dir_all(&top).ok();
}

#[test]
fn bad_input_is_named() {
    let (ok, _, err) = wakelab(&["validate", "--duration-ms", "0"]);
    assert!(!ok);
    assert!(err.contains("--duration-ms 0"), "{err}");
    let (ok, _, err) = wakelab(&["validate", "Cargo.toml"]);
    assert!(!ok);
    assert!(err.contains("Cargo.toml"), "{err}");
    let (ok, _, err) = wakelab(&["validate", "--kernel", "6.1"]);
    assert!(!ok);
    assert!(
        err.contains("--kernel 6.1: not a modelled version (4.15, "),
        "{err}"
    );
    for flag in ["--check", "--check-doc", "--write-doc"] {
        let mut args = vec!["validate", "--kernel", "5.15", flag];
        if flag != "--check" {
            args.push("docs/calibration.md");
        }
        let (ok, _, err) = wakelab(&args);
        assert!(!ok, "{flag}");
        assert!(err.contains(&format!("--kernel 5.15 with {flag}")), "{err}");
    }
    let (ok, _, err) = wakelab(&["validate", "--baseline", "--check"]);
    assert!(!ok);
    assert!(err.contains("--baseline with --check: "), "{err}");
}

/// `(bench, row) -> (real, model)` from `wakelab validate`'s markdown.
fn table_cells(md: &str) -> std::collections::HashMap<(String, String), (String, String)> {
    let mut out = std::collections::HashMap::new();
    let mut bench = String::new();
    for l in md.lines() {
        if let Some(b) = l.strip_prefix("### ") {
            bench = b.trim().to_string();
        } else if let Some(rest) = l.strip_prefix("| ") {
            let c: Vec<&str> = rest.split(" | ").collect();
            if c.len() >= 3 && c[0] != "row" {
                out.insert(
                    (bench.clone(), c[0].to_string()),
                    (c[1].to_string(), c[2].to_string()),
                );
            }
        }
    }
    out
}

/// recordings/README.md's "What the kernel changes" table: the host and model columns are
/// docs/calibration.md's tables, the guest column is what `wakelab validate
/// recordings/tcg61-2vcpu` computes from the emulated CFS guest's summaries.
#[test]
fn host_vs_cfs_guest_table_is_the_validate_output() {
    let calibration = std::fs::read_to_string(root().join("docs/calibration.md")).unwrap();
    let host = table_cells(&calibration);
    let (ok, guest_md, err) = wakelab(&[
        "validate",
        "recordings/tcg61-2vcpu",
        "--misses",
        "/nonexistent-expected-misses.tsv",
    ]);
    assert!(ok, "{err}");
    let guest = table_cells(&guest_md);
    let readme = std::fs::read_to_string(root().join("recordings/README.md")).unwrap();
    let (_, rest) = readme
        .split_once("### What the kernel changes (host 6.18 vs guest 6.1)")
        .expect("README has the section");
    let table = rest.split("\n\nRead:").next().unwrap();
    let mut n = 0;
    for l in table
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| recording"))
    {
        let c: Vec<&str> = l
            .trim_start_matches("| ")
            .trim_end_matches(" |")
            .split(" | ")
            .collect();
        let key = (c[0].to_string(), c[1].to_string());
        let (h_real, h_model) = host
            .get(&key)
            .unwrap_or_else(|| panic!("{key:?} not in calibration.md"));
        let (g_real, _) = guest
            .get(&key)
            .unwrap_or_else(|| panic!("{key:?} not in the guest's tables"));
        assert_eq!(
            (c[2], c[3], c[4]),
            (h_real.as_str(), g_real.as_str(), h_model.as_str()),
            "recordings/README.md, host vs CFS guest, {key:?}"
        );
        n += 1;
    }
    assert!(n >= 10, "only {n} rows found");
}

/// The model's whole trace summary of recording `name`'s seed-1 run, as `wakelab validate
/// --seeds 1 --model-summaries` writes it now.
fn seed_1_model_summary(name: &str) -> serde_json::Value {
    let top = std::env::temp_dir().join(format!("wakelab-summary-{name}-{}", std::process::id()));
    let (ok, _, err) = wakelab(&[
        "validate",
        &format!("recordings/host-2vcpu/{name}.json"),
        "--seeds",
        "1",
        "--model-summaries",
        top.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let json = std::fs::read_to_string(top.join(format!("{name}.model.summary.json"))).unwrap();
    std::fs::remove_dir_all(&top).ok();
    serde_json::from_str(&json).unwrap()
}

/// The expected-miss reasons of pgbench-select-c2 quote the model's trace summary of seed 1
/// ("preempted right after N of their M replies"): the figures are what `--model-summaries`
/// writes now (postgres' `waker_then_preempted` of `wakes_issued`).
#[test]
fn the_pgbench_select_reasons_quote_the_model_summary() {
    let v = seed_1_model_summary("pgbench-select-c2");
    let pg = v["groups"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["group"] == "postgres")
        .unwrap();
    let quoted = format!(
        "preempted right after {} of their {} replies",
        pg["waker_then_preempted"], pg["wakes_issued"]
    );
    let misses = std::fs::read_to_string(root().join("recordings/validation-misses.tsv")).unwrap();
    let citing: Vec<&str> = misses
        .lines()
        .filter(|l| l.contains("replies; the host's side"))
        .collect();
    assert!(citing.len() >= 5, "{citing:?}");
    for l in citing {
        assert!(l.contains(&quoted), "{quoted}\n{l}");
    }
}

/// Reasons that quote what another kernel does ("the model's 5.15 gives X here (`wakelab
/// validate --kernel 5.15`)", or "the model's baseline gives X here (`wakelab validate
/// --baseline`)" for the host's kernel without its build's patches) quote what that command
/// prints now for their row.
#[test]
fn the_other_kernel_figures_quoted_in_reasons_are_todays() {
    let misses = std::fs::read_to_string(root().join("recordings/validation-misses.tsv")).unwrap();
    // (version) -> [(bench, row, quoted)]
    let mut quotes: std::collections::BTreeMap<String, Vec<(String, String, String)>> =
        Default::default();
    for l in misses.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = l.split('\t').collect();
        let [bench, row, reason] = f[..] else {
            continue;
        };
        let mut rest = reason;
        while let Some(i) = rest.find("the model's ") {
            rest = &rest[i + "the model's ".len()..];
            let Some((version, tail)) = rest.split_once(" gives ") else {
                continue;
            };
            // `the model's baseline gives X here (`wakelab validate --baseline`)`: the host's
            // kernel without its build's patches
            let cmd = if version == "baseline" {
                " here (`wakelab validate --baseline`)".to_string()
            } else {
                format!(" here (`wakelab validate --kernel {version}`)")
            };
            if let Some((quoted, _)) = tail.split_once(cmd.as_str()) {
                quotes.entry(version.to_string()).or_default().push((
                    bench.into(),
                    row.into(),
                    quoted.into(),
                ));
            }
        }
    }
    let n: usize = quotes.values().map(Vec::len).sum();
    // seven 5.15 quotes since 7 December 2026 (the one baseline quote went with its row,
    // pgbench-rw-c2's idle wake-ups, now within 2x, and tbench-c2's waker-blocks-next quote
    // when tbench's work per operation became exponential); a baseline quote is checked the
    // same way
    assert!(n >= 7, "{quotes:?}");
    for (version, q) in &quotes {
        let mut benches: Vec<String> = q
            .iter()
            .map(|(b, _, _)| format!("recordings/host-2vcpu/{b}.json"))
            .collect();
        benches.sort();
        benches.dedup();
        let (mut args, flag) = if version == "baseline" {
            (vec!["validate", "--baseline"], "(--baseline: ".to_string())
        } else {
            (
                vec!["validate", "--kernel", version.as_str()],
                format!("(--kernel {version}: "),
            )
        };
        args.extend(benches.iter().map(String::as_str));
        let (ok, out, err) = wakelab(&args);
        assert!(ok, "{err}");
        assert!(out.contains(&flag), "{out}");
        let cells = table_cells(&out);
        for (bench, row, quoted) in q {
            let (_, model) = &cells[&(bench.clone(), row.clone())];
            assert_eq!(
                model, quoted,
                "{bench} / {row}: `wakelab validate --kernel {version}` gives {model}, the \
                 reason quotes {quoted}"
            );
        }
    }
}

/// Rows off per recording (and `all`) in `wakelab validate`'s markdown.
fn off_rows(md: &str) -> std::collections::HashMap<String, usize> {
    let mut out = std::collections::HashMap::new();
    let mut bench = String::new();
    for l in md.lines() {
        if let Some(b) = l.strip_prefix("### ") {
            bench = b.trim().to_string();
        } else if l.starts_with("| ") && l.contains("| **off") {
            *out.entry(bench.clone()).or_default() += 1;
            *out.entry("all".to_string()).or_default() += 1;
        }
    }
    out
}

/// docs/calibration.md's "The same recordings under other kernels" table: each cell is what
/// `wakelab validate` with the column's flags counts now.
#[test]
fn the_kernel_comparison_table_is_todays() {
    let doc = std::fs::read_to_string(root().join("docs/calibration.md")).unwrap();
    let at = doc
        .find("### The same recordings under other kernels")
        .expect("section");
    let table: Vec<Vec<String>> = doc[at..]
        .lines()
        .skip_while(|l| !l.starts_with("| recording |"))
        .skip(2)
        .take_while(|l| l.starts_with("| "))
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect();
    assert!(table.len() >= 5 && table[0][0] == "all", "{table:?}");
    // the host's build: the generated tables of the same doc (`docs_tables_are_current_...`
    // checks them against a run)
    let begin = doc
        .find("<!-- wakelab validate: begin")
        .expect("begin marker");
    let end = doc.find("<!-- wakelab validate: end").expect("end marker");
    let columns: [&[&str]; 3] = [&[], &["--baseline"], &["--kernel", "5.15"]];
    for (i, flags) in columns.iter().enumerate() {
        let mut args = vec!["validate"];
        args.extend_from_slice(flags);
        let off = if flags.is_empty() {
            off_rows(&doc[begin..end])
        } else {
            let (ok, out, err) = wakelab(&args);
            assert!(ok, "{err}");
            off_rows(&out)
        };
        for row in &table {
            let now = off.get(&row[0]).copied().unwrap_or(0);
            assert_eq!(
                row[i + 1],
                now.to_string(),
                "{} under `wakelab {}`: the doc says {}, the run counts {now}",
                row[0],
                args.join(" "),
                row[i + 1]
            );
        }
    }
}

/// docs/calibration.md, "The same recordings on another instance": the generated block is what
/// `wakelab validate --against recordings/host-v1300` prints now, and the prose's "most of the
/// model's misses are on rows the instances agree on" holds.
#[test]
fn the_instance_comparison_is_todays() {
    let doc = std::fs::read_to_string(root().join("docs/calibration.md")).unwrap();
    let marker = "<!-- wakelab validate --against recordings/host-v1300:";
    let (_, rest) = doc
        .split_once(&format!("{marker} begin"))
        .expect("begin marker");
    let (_, rest) = rest.split_once("-->").unwrap();
    let (block, _) = rest
        .split_once(&format!("{marker} end"))
        .expect("end marker");
    let (ok, out, err) = wakelab(&["validate", "--against", "recordings/host-v1300"]);
    assert!(ok, "{err}");
    assert_eq!(
        block.trim(),
        out.trim(),
        "regenerate the block with `wakelab validate --against recordings/host-v1300`"
    );
    let all = out
        .lines()
        .find(|l| l.starts_with("| all |"))
        .expect("the total row");
    let n: Vec<usize> = all
        .trim_matches('|')
        .split('|')
        .skip(1)
        .map(|c| c.trim().parse().unwrap())
        .collect();
    // every listed miss on a row apart between the instances says so, with the second value
    let tsv = std::fs::read_to_string(root().join("recordings/validation-misses.tsv")).unwrap();
    for l in out
        .lines()
        .filter(|l| l.starts_with("- ") && l.ends_with(" *"))
    {
        let (bench, rest) = l[2..].split_once(": `").unwrap();
        let (row, rest) = rest.split_once("` ").unwrap();
        let (_, rest) = rest.split_once(" -> ").unwrap();
        let (second, _) = rest.rsplit_once(" (").unwrap();
        let quoted = format!(
            "the host's own value on the second instance (recordings/host-v1300) is {second},"
        );
        assert!(
            tsv.lines()
                .any(|m| m.starts_with(&format!("{bench}\t{row}\t")) && m.contains(&quoted)),
            "{bench} / {row}: its reason does not quote `{quoted}`"
        );
    }
    let (among_apart, misses) = (n[2], n[3]);
    assert!(
        2 * among_apart < misses,
        "{among_apart} of {misses} model misses are on rows apart between the instances: \
         the prose says most are not"
    );
}

#[test]
fn against_refuses_the_model_flags() {
    let (ok, _, err) = wakelab(&["validate", "--against", "recordings/host-v1300", "--check"]);
    assert!(!ok);
    assert!(err.contains("--against with --check"), "{err}");
}

/// A recording's benchmark family: its name less the client or group count, every hackbench
/// variant one family.
fn family(recording: &str) -> String {
    let base = match recording.rsplit_once('-') {
        Some((b, n))
            if n.len() > 1
                && (n.starts_with('c') || n.starts_with('g'))
                && n[1..].bytes().all(|c| c.is_ascii_digit()) =>
        {
            b
        }
        _ => recording,
    };
    if base.starts_with("hackbench") {
        "hackbench".into()
    } else {
        base.into()
    }
}

/// (rows, off rows) per family of `wakelab validate`'s Markdown tables.
fn off_by_family(md: &str) -> std::collections::BTreeMap<String, (usize, usize)> {
    let mut out = std::collections::BTreeMap::new();
    let mut fam = None;
    for l in md.lines() {
        if let Some(name) = l.strip_prefix("### ") {
            fam = Some(family(name.trim()));
        } else if let Some(f) = &fam {
            if l.starts_with("| ") && !l.starts_with("| row ") {
                let e = out.entry(f.clone()).or_insert((0, 0));
                e.0 += 1;
                e.1 += usize::from(l.contains("| **off"));
            }
        }
    }
    out
}

/// docs/calibration.md, "The same recordings on another instance": the model, unchanged,
/// against recordings/host-v1300, off rows per family beside the committed tables'.
#[test]
fn the_model_against_the_second_instance() {
    let doc = std::fs::read_to_string(root().join("docs/calibration.md")).unwrap();
    let (_, rest) = doc.split_once("<!-- v1300-model -->").unwrap();
    let (table, _) = rest.split_once("<!-- /v1300-model -->").unwrap();
    let begin = doc
        .find("<!-- wakelab validate: begin")
        .expect("begin marker");
    let end = doc.find("<!-- wakelab validate: end").expect("end marker");
    let committed = off_by_family(&doc[begin..end]);
    let (ok, out, err) = wakelab(&["validate", "recordings/host-v1300"]);
    assert!(ok, "{err}");
    let v1300 = off_by_family(&out);
    let mut expected: Vec<String> = committed
        .iter()
        .map(|(f, (r, o))| {
            let (r2, o2) = v1300.get(f).copied().unwrap_or((0, 0));
            format!("| {f} | {r} | {o} | {r2} | {o2} |")
        })
        .collect();
    let sum = |m: &std::collections::BTreeMap<String, (usize, usize)>| {
        m.values().fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    };
    let (c, v) = (sum(&committed), sum(&v1300));
    expected.push(format!("| all | {} | {} | {} | {} |", c.0, c.1, v.0, v.1));
    let rows: Vec<&str> = table
        .lines()
        .filter(|l| l.starts_with("| "))
        .skip(1)
        .collect();
    assert_eq!(rows, expected);
    // the prose's count of the misses that are off against both instances, by family
    let a = off_rows_named(&doc[begin..end]);
    let b = off_rows_named(&out);
    let both: Vec<&(String, String)> = a.iter().filter(|k| b.contains(k)).collect();
    let count = |p: &str| both.iter().filter(|(r, _)| r.starts_with(p)).count();
    let quoted = format!(
        "**{} of the {} rows off on the committed set are off on the second instance too**: \
         those misses are the model's, not one recording's (dbench {}, pgbench {}, hackbench {}, \
         tbench-c4's preempted share).",
        both.len(),
        a.len(),
        count("dbench"),
        count("pgbench"),
        count("hackbench"),
    );
    let tbench: Vec<_> = both
        .iter()
        .filter(|(r, _)| r.starts_with("tbench"))
        .collect();
    assert_eq!(
        tbench,
        [&&(
            "tbench-c4".to_string(),
            "tbench: preempted (share of switch-outs)".to_string()
        )]
    );
    let flat = doc.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(&quoted),
        "not in docs/calibration.md: {quoted}"
    );
}

/// (recording, row) of every off row of `wakelab validate`'s Markdown tables.
fn off_rows_named(md: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rec = String::new();
    for l in md.lines() {
        if let Some(name) = l.strip_prefix("### ") {
            rec = name.trim().to_string();
        } else if l.starts_with("| ") && l.contains("| **off") {
            let row = l[2..].split(" | ").next().unwrap().to_string();
            out.push((rec.clone(), row));
        }
    }
    out
}
