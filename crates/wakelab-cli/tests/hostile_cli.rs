//! Issue 21, the command line's part: what a careless user or an attacker gives `wakelab`
//! (endless devices and pipes, a full disk, a closed pipe, wrong output paths, mismatched
//! shards, hostile names and numbers) gets a message and a non-zero status, never a hang, a
//! panic or a silently wrong table.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn cmd(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_wakelab"));
    c.args(args)
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE");
    c
}

fn wakelab(args: &[&str]) -> (Option<i32>, String, String) {
    let out = cmd(args).stdin(Stdio::null()).output().unwrap();
    split(out)
}

fn split(out: Output) -> (Option<i32>, String, String) {
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("wakelab-hostile-cli-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A refusal: status 1, a message containing every one of `needles`, and no panic.
#[track_caller]
fn refused(r: &(Option<i32>, String, String), needles: &[&str]) {
    let (code, _, err) = r;
    assert_eq!(*code, Some(1), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    for n in needles {
        assert!(err.contains(n), "{n:?} not in: {err}");
    }
}

// ---- item 3: every read is bounded -----------------------------------------------------------

#[test]
fn endless_devices_are_read_up_to_the_limit_only() {
    let t = std::time::Instant::now();
    for args in [
        &["run", "/dev/zero"][..],
        &["decide", "/dev/zero"],
        &["merge", "--preset", "default", "/dev/zero"],
        &["merge", "--experiment", "/dev/zero"],
        &["link", "encode", "/dev/zero"],
        &["trace", "/dev/zero"],
        &["rtapp", "/dev/zero"],
        &[
            "compare-measured",
            "--preset",
            "default",
            "--measured",
            "/dev/zero",
        ],
    ] {
        refused(&wakelab(args), &["/dev/zero", "bytes, the limit for"]);
    }
    // each stops at its limit (1 MiB to 128 MiB), not at the OOM killer
    assert!(t.elapsed().as_secs() < 60, "{:?}", t.elapsed());
}

/// A FIFO whose writer never stops, and the same on stdin.
#[test]
fn endless_pipes_are_read_up_to_the_limit_only() {
    let fifo = tmp("endless.fifo");
    let _ = std::fs::remove_file(&fifo);
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut f = std::fs::OpenOptions::new().write(true).open(fifo).unwrap();
            let block = [b' '; 65536];
            // ends when the reader closes its end (EPIPE: Rust ignores SIGPIPE)
            while f.write_all(&block).is_ok() {}
        })
    };
    refused(
        &wakelab(&["run", s(&fifo)]),
        &[s(&fifo), "more than 1048576 bytes"],
    );
    writer.join().unwrap();

    for args in [&["run", "-"][..], &["decide"], &["link", "encode", "-"]] {
        let mut child = cmd(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let feeder = std::thread::spawn(move || {
            let block = [b' '; 65536];
            while stdin.write_all(&block).is_ok() {}
        });
        let r = split(child.wait_with_output().unwrap());
        feeder.join().unwrap();
        refused(&r, &["stdin: more than 1048576 bytes"]);
    }
}

// ---- item 6: a full disk is an error, a closed pipe ends quietly -----------------------------

#[test]
fn a_full_disk_is_an_error_with_status_1() {
    for args in [
        &["show", "default"][..],
        &["presets"],
        &["patches"],
        &["link", "encode", "--preset", "t1"],
        &[
            "run",
            "--preset",
            "default",
            "--clients",
            "1",
            "--duration-ms",
            "20",
            "--quiet",
        ],
        &["rtapp", "--preset", "default"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = cmd(args).stdout(full).output().unwrap();
        let r = split(out);
        refused(&r, &["writing to stdout", "No space left on device"]);
    }
    // and a file output on a full disk
    refused(
        &wakelab(&[
            "run",
            "--preset",
            "default",
            "--clients",
            "1",
            "--duration-ms",
            "20",
            "--quiet",
            "--points-out",
            "/dev/full",
        ]),
        &["writing /dev/full", "No space left on device"],
    );
}

#[test]
fn a_closed_pipe_still_ends_quietly_with_141() {
    for args in [
        &["show", "default"][..],
        &["presets"],
        &["link", "encode", "--preset", "t1"],
    ] {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = cmd(args).stdout(writer).output().unwrap();
        let (code, _, err) = split(out);
        assert_eq!(code, Some(141), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: {err}");
    }
}

// ---- item 7: output paths are checked before the run ----------------------------------------

#[test]
fn output_paths_are_checked_before_running() {
    let long = [
        "run",
        "--preset",
        "default",
        "--clients",
        "1,2,4,8",
        "--iterations",
        "8",
    ];
    for (flag, path, needle) in [
        ("--points-out", "/nonexistent/p.json", "does not exist"),
        ("--svg", "/nonexistent/p.svg", "does not exist"),
        ("--png", "/nonexistent/p.png", "does not exist"),
        ("--points-out", "/tmp", "is a directory"),
    ] {
        let mut a = long.to_vec();
        a.extend([flag, path]);
        let t = std::time::Instant::now();
        let r = wakelab(&a);
        refused(&r, &[flag, path, needle]);
        // no progress line: nothing ran (the run itself would take tens of seconds)
        assert!(!r.2.contains("elapsed"), "{}", r.2);
        assert!(t.elapsed().as_secs() < 5);
    }
    // the input experiment is never overwritten, by any output flag or spelling of its path
    let exp = tmp("same.json");
    let (_, shown, _) = wakelab(&["show", "default"]);
    std::fs::write(&exp, &shown).unwrap();
    let dotted = format!("{}/./same.json", exp.parent().unwrap().display());
    for flag in ["--points-out", "--svg", "--png"] {
        refused(
            &wakelab(&["run", s(&exp), "--quiet", flag, &dotted]),
            &[flag, "refusing to overwrite"],
        );
    }
    refused(
        &wakelab(&["trace", s(&exp), "-o", s(&exp)]),
        &["--output", "refusing to overwrite"],
    );
    refused(
        &wakelab(&["rtapp", s(&exp), "-o", s(&exp)]),
        &["--output", "refusing to overwrite"],
    );
    // a hard link to it is the same file too
    let linked = tmp("same-linked.json");
    let _ = std::fs::remove_file(&linked);
    std::fs::hard_link(&exp, &linked).unwrap();
    refused(
        &wakelab(&["run", s(&exp), "--quiet", "--points-out", s(&linked)]),
        &["--points-out", "refusing to overwrite"],
    );
    assert_eq!(std::fs::read_to_string(&exp).unwrap(), shown);
    // two outputs to one file
    let p = tmp("twice.out");
    refused(
        &wakelab(&["run", "--preset", "default", "--svg", s(&p), "--png", s(&p)]),
        &["--svg and --png both name"],
    );
    refused(
        &wakelab(&["trace", "--preset", "default", "-o", "/nonexistent/t.json"]),
        &["--output /nonexistent/t.json", "does not exist"],
    );
}

// ---- item 5: merge checks what it merges -----------------------------------------------------

const SWEEP: [&str; 7] = [
    "--clients",
    "1,2,4",
    "--iterations",
    "3",
    "--duration-ms",
    "30",
    "--quiet",
];

fn shard(preset: &str, i: u32, n: u32) -> PathBuf {
    let f = tmp(&format!("{preset}-{i}of{n}.json"));
    let sh = format!("{i}/{n}");
    let mut a = vec!["run", "--preset", preset];
    a.extend(SWEEP);
    a.extend(["--shard", &sh, "--points-out", s(&f)]);
    let (code, _, err) = wakelab(&a);
    assert_eq!(code, Some(0), "{err}");
    f
}

fn merge(extra: &[&str], files: &[&PathBuf]) -> (Option<i32>, String, String) {
    let mut a = vec!["merge", "--preset", "default"];
    a.extend(extra);
    a.extend(files.iter().map(|f| s(f)));
    wakelab(&a)
}

/// JSON and CSV (and text) of a merge are byte-identical to the unsharded run: the points
/// file's floats read back exactly (serde_json's `float_roundtrip`; without it 229.33333333333334
/// read back as ...37).
#[test]
fn merged_json_and_csv_are_byte_identical_to_the_unsharded_run() {
    let files: Vec<PathBuf> = (1..=3).map(|i| shard("default", i, 3)).collect();
    let f: Vec<&PathBuf> = files.iter().collect();
    for format in ["json", "csv", "text"] {
        let mut a = vec!["run", "--preset", "default", "--format", format];
        a.extend(SWEEP);
        let (code, whole, err) = wakelab(&a);
        assert_eq!(code, Some(0), "{err}");
        let mut ov = SWEEP[..6].to_vec();
        ov.extend(["--format", format]);
        let (code, merged, err) = merge(&ov, &[f[2], f[0], f[1]]);
        assert_eq!(code, Some(0), "{err}");
        assert_eq!(merged, whole, "{format}");
    }
}

#[test]
fn merge_refuses_other_experiments_duplicates_gaps_and_nothing() {
    let files: Vec<PathBuf> = (1..=3).map(|i| shard("default", i, 3)).collect();
    let f: Vec<&PathBuf> = files.iter().collect();
    let ov = &SWEEP[..6];
    // nothing to merge
    refused(&merge(ov, &[]), &["no points files given"]);
    // a shard twice, a shard missing
    refused(
        &merge(ov, &[f[0], f[1], f[1], f[2]]),
        &["both shard 2/3", s(f[1])],
    );
    refused(&merge(ov, &[f[0], f[2]]), &["shard 2/3 missing"]);
    // the overrides are part of the experiment: merging without them names both
    refused(
        &merge(&[], &[f[0], f[1], f[2]]),
        &[
            "points of a different experiment",
            "--clients 1,2,4 --iterations 3 --duration-ms 30",
            "this merge has no overrides",
        ],
    );
    refused(
        &merge(
            &["--clients", "1,2,4", "--iterations", "3"],
            &[f[0], f[1], f[2]],
        ),
        &[
            "--duration-ms 30",
            "this merge has --clients 1,2,4 --iterations 3",
        ],
    );
    // another experiment with the same flags (T4's points under the default's names)
    let t4 = shard("t4", 1, 1);
    refused(
        &merge(ov, &[&t4]),
        &[
            "points of a different experiment",
            "another experiment file or preset",
        ],
    );
    // shards of two different splits
    let half = shard("default", 1, 2);
    refused(&merge(ov, &[f[0], &half]), &["shard 1/2", "share n"]);
    // a points file from before identities, and one edited to claim another shard
    let old = tmp("old-points.json");
    std::fs::write(&old, "[]").unwrap();
    refused(&merge(ov, &[&old]), &["without the experiment's identity"]);
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(f[0]).unwrap()).unwrap();
    v["shard"] = serde_json::json!([2, 3]);
    let forged = tmp("forged.json");
    std::fs::write(&forged, v.to_string()).unwrap();
    refused(
        &merge(ov, &[f[0], &forged, f[2]]),
        &["not the 6 of shard 2/3"],
    );
    // compare-measured --points checks the same way
    let m = tmp("m.csv");
    std::fs::write(&m, "clients,a,b\n1,1,2\n").unwrap();
    refused(
        &wakelab(&[
            "compare-measured",
            "--preset",
            "default",
            "--measured",
            s(&m),
            "--points",
            s(f[0]),
        ]),
        &["points of a different experiment"],
    );
}

// ---- items 8 and 9: flags, messages, numbers and names ----------------------------------------

#[test]
fn flags_are_bounded_and_named() {
    for (args, needles) in [
        (
            &["run", "--preset", "default", "--shard", "a/b"][..],
            &["--shard \"a/b\"", "1 <= i <= n"][..],
        ),
        (
            &["run", "--preset", "default", "--shard", "3/2"],
            &["--shard \"3/2\""],
        ),
        (
            &["run", "--preset", "default", "--shard", "1/999999"],
            &["--shard", "n <= 4096"],
        ),
        (
            &["run", "--preset", "default", "--threads", "100000"],
            &["--threads 100000: give 1..=1024"],
        ),
        (
            &["run", "--preset", "default", "--threads", "0"],
            &["--threads 0: give 1..=1024"],
        ),
    ] {
        refused(&wakelab(args), needles);
    }
}

#[test]
fn decide_counts_values_in_words() {
    let snap = tmp("snap.json");
    std::fs::write(
        &snap,
        r#"{"format": 1, "machine": {"sockets": 1, "cores_per_llc": 8},
            "kernel": {"version": "5.10"}, "now_ns": 10000000000,
            "cpus": [{"cpus": "0-7", "avg_idle": 50000}],
            "nr_idle_scan": [1, 2, 3],
            "task": {"id": 1, "prev_cpu": 2}, "current": {"id": 2, "prev_cpu": 2},
            "request": {"this_cpu": 2}}"#,
    )
    .unwrap();
    let r = wakelab(&["decide", s(&snap)]);
    refused(
        &r,
        &["nr_idle_scan: needs 0 or 1 values (one per LLC), got 3"],
    );
}

/// `import` marks values that are not finite numbers (missing, named in a note) instead of
/// turning them into 0.00 silently.
#[test]
fn import_marks_values_that_are_not_finite() {
    let f = tmp("nonfinite.csv");
    std::fs::write(&f, "clients,a,b\n1,NaN,inf\n2,1e309,5\n").unwrap();
    let (code, _, err) = wakelab(&["import", s(&f)]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains("note: 3 values are not finite numbers")
            && err.contains("line 2 column 3: NaN, line 2 column 7: inf, line 3 column 3: 1e309"),
        "{err}"
    );
    let (code, json, err) = wakelab(&["import", s(&f), "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["rows"][0]["values"], serde_json::json!([null, null]));
    assert_eq!(v["rows"][1]["values"], serde_json::json!([null, 5.0]));
    // a text table's chosen rows too
    let t = tmp("nonfinite.txt");
    std::fs::write(
        &t,
        "                             a                      b\n\
         Hmean     1        1.00 (   0.00%)         Inf (   0.00%)\n",
    )
    .unwrap();
    let (code, _, err) = wakelab(&["import", s(&t)]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("1 value is not a finite number"), "{err}");
}

/// Variant names reach the CSV from links: a formula stays text.
#[test]
fn csv_output_neutralises_formulas() {
    let (_, shown, _) = wakelab(&["show", "default"]);
    let mut e: serde_json::Value = serde_json::from_str(&shown).unwrap();
    e["variants"][0]["name"] = serde_json::json!("=HYPERLINK(\"http://evil\",\"x\")");
    e["variants"][1]["name"] = serde_json::json!("@cmd");
    let exp = tmp("formula.json");
    std::fs::write(&exp, e.to_string()).unwrap();
    let (code, csv, err) = wakelab(&[
        "run",
        s(&exp),
        "--clients",
        "1",
        "--duration-ms",
        "20",
        "--quiet",
        "--format",
        "csv",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        csv.contains(",\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\",") && csv.contains(",'@cmd,"),
        "{csv}"
    );
}

/// Issue 21 item 4: a large experiment is refused with its estimated cost before anything
/// runs, unless `--yes` is given; the gallery runs without it.
#[test]
fn a_large_experiment_asks_for_yes_first() {
    let started = std::time::Instant::now();
    let (code, out, err) = wakelab(&[
        "run",
        "--preset",
        "default",
        "--duration-ms",
        "120000",
        "--iterations",
        "64",
        "--quiet",
    ]);
    assert_eq!(code, Some(1), "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("this experiment is large: "), "{err}");
    assert!(err.contains(" of CPU on one core"), "{err}");
    assert!(err.contains("pass --yes to run it anyway"), "{err}");
    assert!(
        started.elapsed().as_secs() < 30,
        "refused before running, not after"
    );
}
