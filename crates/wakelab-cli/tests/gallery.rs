//! Every figure quoted in the gallery texts, the README's results table and
//! docs/calibration.md agrees with the presets' runs: `wakelab gallery --check`, one target per
//! test so the test runner spreads them over the cores (issue 23; docs/calibration.md,
//! "Checked figures"). After a model change: `wakelab gallery --write`, then rebuild.

use std::path::Path;
use std::process::Command;

fn check(target: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = Command::new(env!("CARGO_BIN_EXE_wakelab"))
        .args([
            "gallery",
            "--check",
            "--threads",
            "1",
            "--only",
            target,
            "--root",
        ])
        .arg(&root)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "the prose disagrees with {target}'s runs (regenerate: `wakelab gallery --write`):\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn t1_figures_agree_with_the_runs() {
    check("t1");
}

#[test]
fn t2_figures_agree_with_the_runs() {
    check("t2");
}

#[test]
fn t2_pgbench_figures_agree_with_the_runs() {
    check("t2-pgbench");
}

#[test]
fn t3_figures_agree_with_the_runs() {
    check("t3");
}

#[test]
fn t4_figures_agree_with_the_runs() {
    check("t4");
}

#[test]
fn t5_figures_agree_with_the_runs() {
    check("t5");
}

/// `--write` puts a figure that moved back in place, and a figure no claim checks is reported
/// (and left alone). On a copy of the docs, with t2-pgbench, the cheapest target.
#[test]
fn write_rewrites_a_moved_figure_and_reports_an_unchecked_one() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = std::env::temp_dir().join(format!("wakelab-gallery-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("docs")).unwrap();
    std::fs::create_dir_all(dir.join("crates/wakelab-sim/src")).unwrap();
    let edit = |f: &str, from: &str, to: &str| {
        let text = std::fs::read_to_string(root.join(f)).unwrap();
        let edited = text.replacen(from, to, 1);
        assert_ne!(
            text, edited,
            "{f} no longer says {from:?}: update this test"
        );
        std::fs::write(dir.join(f), edited).unwrap();
    };
    std::fs::copy(
        root.join("crates/wakelab-sim/src/presets.rs"),
        dir.join("crates/wakelab-sim/src/presets.rs"),
    )
    .unwrap();
    edit(
        "README.md",
        "(not identical runs:",
        "(not identical runs, 42% faster:",
    );
    let runs = "12 and 16 clients, 3 runs of 500 ms each";
    edit(
        "docs/calibration.md",
        runs,
        "12 and 16 clients, 2 runs of 500 ms each",
    );
    let out = Command::new(env!("CARGO_BIN_EXE_wakelab"))
        .args([
            "gallery",
            "--write",
            "--threads",
            "1",
            "--only",
            "t2-pgbench",
            "--root",
        ])
        .arg(&dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let calibration = std::fs::read_to_string(dir.join("docs/calibration.md")).unwrap();
    let readme = std::fs::read_to_string(dir.join("README.md")).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("figure \"42%\" is quoted but no claim checks it"),
        "{stdout}"
    );
    assert!(calibration.contains(runs), "{stdout}");
    assert!(readme.contains("42% faster"));
}
