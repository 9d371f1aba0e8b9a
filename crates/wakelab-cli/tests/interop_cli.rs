//! The interop subcommands end to end: trace, import, compare-measured, rtapp.

use std::process::Command;

fn wakelab(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_wakelab"))
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

fn tmp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("wakelab-interop-cli-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

#[test]
fn trace_writes_a_chrome_trace_and_refuses_long_windows() {
    let out = tmp("trace.json");
    let o = out.to_str().unwrap();
    let (ok, _, err) = wakelab(&[
        "trace",
        "--preset",
        "default",
        "--clients",
        "2",
        "--variant",
        "1",
        "--iteration",
        "0",
        "--duration-ms",
        "30",
        "--from-ms",
        "5",
        "--to-ms",
        "15",
        "-o",
        o,
    ]);
    assert!(ok, "{err}");
    assert!(err.contains("ui.perfetto.dev"), "{err}");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let ev = v["traceEvents"].as_array().unwrap();
    assert!(ev.iter().any(|e| e["ph"] == "X"));
    assert!(ev.iter().any(|e| e["ph"] == "C"));
    assert_eq!(v["otherData"]["variant"], 1);
    assert_eq!(
        v["otherData"]["window_ns"],
        serde_json::json!([5_000_000, 15_000_000])
    );

    let (ok, _, err) = wakelab(&[
        "trace",
        "--preset",
        "default",
        "--clients",
        "2",
        "--duration-ms",
        "30",
        "--max-segments",
        "50",
        "-o",
        o,
    ]);
    assert!(!ok);
    assert!(
        err.contains("too long to export whole") && err.contains("--from-ms"),
        "{err}"
    );
}

#[test]
fn import_prints_the_compare_mmtests_layout() {
    let f = tmp("t3.txt");
    std::fs::write(
        &f,
        "                          5.10.0-rc6             5.10.0-rc6\n\
         \x20                          schedstat          idlecandidate\n\
         Hmean     1        500.06 (   0.00%)      505.67 (   1.12%)\n\
         Hmean     64     12325.51 (   0.00%)    13792.01 *  11.90%*\n",
    )
    .unwrap();
    let (ok, out, err) = wakelab(&["import", f.to_str().unwrap(), "--benchmark", "tbench4"]);
    assert!(ok, "{err}");
    assert!(out.contains("tbench4, Hmean"), "{out}");
    assert!(
        out.contains("schedstat") && out.contains("idlecandidate"),
        "{out}"
    );
    assert!(out.contains("13792.01 *  11.90%*"), "{out}");
    let (ok, out, _) = wakelab(&["import", f.to_str().unwrap(), "--json"]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["kernels"][1], "5.10.0-rc6-idlecandidate");

    let bad = tmp("bad.csv");
    std::fs::write(&bad, "clients,a,b\n1,2,x\n").unwrap();
    let (ok, _, err) = wakelab(&["import", bad.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("line 2, column 5"), "{err}");
}

#[test]
fn compare_measured_prints_both_sides() {
    let f = tmp("m.csv");
    std::fs::write(&f, "clients,base,patched\n1,100,110\n2,200,190\n").unwrap();
    let (ok, out, err) = wakelab(&[
        "compare-measured",
        "--preset",
        "default",
        "--clients",
        "1,2",
        "--duration-ms",
        "30",
        "--measured",
        f.to_str().unwrap(),
        "--quiet",
    ]);
    assert!(ok, "{err}");
    assert!(
        out.contains("== simulated ==") && out.contains("== measured"),
        "{out}"
    );
    assert!(out.contains("== side by side =="), "{out}");
    let head = out
        .lines()
        .find(|l| l.contains("simulated") && l.contains("measured"));
    assert!(head.is_some(), "{out}");
    let (ok, out, err) = wakelab(&[
        "compare-measured",
        "--preset",
        "default",
        "--clients",
        "1,2",
        "--duration-ms",
        "30",
        "--measured",
        f.to_str().unwrap(),
        "--quiet",
        "--json",
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let labels: Vec<&str> = v["series"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["label"].as_str().unwrap())
        .collect();
    assert!(labels.contains(&"patched (measured)"), "{labels:?}");
}

#[test]
fn rtapp_prints_json_and_notes_apart() {
    let (ok, out, err) = wakelab(&["rtapp", "--preset", "default", "--clients", "2"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("stdout is only the JSON");
    assert!(
        v["tasks"].as_object().is_some_and(|t| t.len() >= 4),
        "{out}"
    );
    assert_eq!(v["global"]["duration"], 1);
    assert!(err.contains("approximated"), "{err}");
    let (ok, _, err) = wakelab(&["rtapp", "--preset", "nope"]);
    assert!(!ok && err.contains("no preset"), "{err}");
}

/// `wakelab trace -o - | head -c 10`: a reader that stops early ends the command quietly with
/// the status of a process killed by SIGPIPE (128 + 13), not an error message. The trace is
/// megabytes, far more than a pipe buffers, so the write is still going on when the pipe closes.
#[cfg(unix)]
#[test]
fn trace_to_a_closed_pipe_ends_quietly() {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_wakelab"))
        .args(["trace", "--preset", "t3", "--duration-ms", "40", "-o", "-"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut head = [0u8; 10];
    child.stdout.take().unwrap().read_exact(&mut head).unwrap();
    // the read end is dropped here
    let out = child.wait_with_output().unwrap();
    assert_eq!(&head[..2], b"{\"");
    assert_eq!(out.status.code(), Some(141), "{out:?}");
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
