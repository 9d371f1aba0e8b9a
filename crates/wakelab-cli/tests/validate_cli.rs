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
    let dir = std::env::temp_dir().join(format!("wakelab-model-summaries-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
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
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_input_is_named() {
    let (ok, _, err) = wakelab(&["validate", "--duration-ms", "0"]);
    assert!(!ok);
    assert!(err.contains("--duration-ms 0"), "{err}");
    let (ok, _, err) = wakelab(&["validate", "Cargo.toml"]);
    assert!(!ok);
    assert!(err.contains("Cargo.toml"), "{err}");
}
