//! `wakelab run` end to end, as a newcomer uses it: a preset comparison, residency, shards.

use std::process::Command;

fn wakelab(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_wakelab"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn preset_comparison_prints_the_mmtests_table_ops_block_and_residency() {
    let (ok, out, err) = wakelab(&[
        "run",
        "--preset",
        "default",
        "--clients",
        "1,2",
        "--duration-ms",
        "60",
        "--quiet",
        "--residency",
    ]);
    assert!(ok, "{err}");
    assert!(
        out.contains("4.15-prev-idle") && out.contains("recent-used"),
        "{out}"
    );
    assert!(out.lines().any(|l| l.starts_with("Hmean     1 ")), "{out}");
    assert!(out.contains("Ops SIS Search"), "{out}");
    assert!(
        out.contains("Frequency residency") && out.contains(" GHz "),
        "{out}"
    );
    assert!(
        out.contains("Idle-state residency") && out.contains("C6"),
        "{out}"
    );
    // the default scenario quotes no published figures
    assert!(!out.contains("Published ("), "{out}");
}

/// `wakelab run --preset ID` at 1 client for 20 ms: its text output.
fn short_run(preset: &str) -> String {
    let (ok, out, err) = wakelab(&[
        "run",
        "--preset",
        preset,
        "--clients",
        "1",
        "--duration-ms",
        "20",
        "--quiet",
    ]);
    assert!(ok, "{err}");
    out
}

/// A gallery preset with published figures prints them under the simulated comparison, in the
/// same layout, with the posting's percentages and no significance marks.
#[test]
fn target_presets_print_the_published_figures_beside_the_simulated_ones() {
    let out = short_run("t3");
    let published = out
        .split("Published (")
        .nth(1)
        .unwrap_or_else(|| panic!("no published block: {out}"));
    assert!(
        published
            .lines()
            .any(|l| l == "Hmean     64     12325.51 (   0.00%)    13792.01 (  11.90%)"),
        "{published}"
    );
    assert_eq!(
        published.lines().filter(|l| l.starts_with("Hmean")).count(),
        10
    );
    // T3's posting gives no schedstats; T4's does.
    assert!(!out.contains("Published Ops"), "{out}");
    let out4 = short_run("t4");
    let ops = out4
        .split("Published Ops (")
        .nth(1)
        .unwrap_or_else(|| panic!("no published Ops block: {out4}"));
    assert!(
        ops.lines()
            .any(|l| l.starts_with("Ops SIS Recent Used Hit")
                && l.ends_with("56547.00   118064916.00")),
        "{ops}"
    );
    assert!(
        out.find("Published (") > out.find("Hmean     1 ")
            && out.find("Published (") < out.find("Ops SIS Search"),
        "{out}"
    );
}

#[test]
fn shards_merge_into_the_same_report_as_one_run() {
    let dir = std::env::temp_dir().join(format!("wakelab-run-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let base = [
        "--preset",
        "default",
        "--clients",
        "1,2",
        "--duration-ms",
        "40",
        "--quiet",
    ];
    let mut one = vec!["run"];
    one.extend(base);
    let (ok, whole, err) = wakelab(&one);
    assert!(ok, "{err}");
    let mut files = vec![];
    for i in 1..=3 {
        let f = dir.join(format!("p{i}.json"));
        let shard = format!("{i}/3");
        let mut a = vec!["run"];
        a.extend(base);
        a.extend(["--shard", &shard, "--points-out", f.to_str().unwrap()]);
        let (ok, _, err) = wakelab(&a);
        assert!(ok, "{err}");
        files.push(f);
    }
    // merge takes the experiment as it ran: the overrides are part of it
    let exp = dir.join("exp.json");
    let (ok, shown, _) = wakelab(&["show", "default"]);
    assert!(ok);
    let mut e: serde_json::Value = serde_json::from_str(&shown).unwrap();
    e["clients"] = serde_json::json!([1, 2]);
    e["scenario"]["run"]["duration_ms"] = serde_json::json!(40);
    e["scenario"]["run"]["warmup_ms"] = serde_json::json!(40 / 5);
    std::fs::write(&exp, e.to_string()).unwrap();
    let mut m = vec!["merge", "--experiment", exp.to_str().unwrap()];
    for f in &files {
        m.push(f.to_str().unwrap());
    }
    let (ok, merged, err) = wakelab(&m);
    assert!(ok, "{err}");
    assert_eq!(merged, whole);
}

/// Issue 7: "the same experiment file gives byte-identical outputs, whatever the thread
/// count". Every output format and the raw point results, with 1, 2 and 5 worker threads
/// (5 > the client counts x iterations of a variant, so the pool's scheduling order differs).
#[test]
fn outputs_are_byte_identical_whatever_the_thread_count() {
    let dir = std::env::temp_dir().join(format!("wakelab-threads-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut runs: Vec<Vec<String>> = Vec::new();
    for threads in ["1", "2", "5"] {
        let mut outputs = Vec::new();
        for format in ["text", "json", "csv"] {
            let points = dir.join(format!("points-{threads}-{format}.json"));
            let (ok, out, err) = wakelab(&[
                "run",
                "--preset",
                "default",
                "--clients",
                "1,2,4",
                "--iterations",
                "2",
                "--duration-ms",
                "40",
                "--quiet",
                "--threads",
                threads,
                "--format",
                format,
                "--points-out",
                points.to_str().unwrap(),
            ]);
            assert!(ok, "{err}");
            outputs.push(out);
            outputs.push(std::fs::read_to_string(&points).unwrap());
        }
        runs.push(outputs);
    }
    assert!(runs[0][0].contains("Hmean"), "{}", runs[0][0]);
    assert_eq!(runs[0], runs[1], "1 thread vs 2 threads");
    assert_eq!(runs[0], runs[2], "1 thread vs 5 threads");
}

/// `--svg` and `--png` write the throughput plot; the PNG is a real 1600x960 image.
#[test]
fn run_writes_svg_and_png_plots() {
    let dir = std::env::temp_dir().join(format!("wakelab-plots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (svg, png) = (dir.join("t.svg"), dir.join("t.png"));
    let (ok, _, err) = wakelab(&[
        "run",
        "--preset",
        "default",
        "--clients",
        "1,2",
        "--duration-ms",
        "40",
        "--quiet",
        "--svg",
        svg.to_str().unwrap(),
        "--png",
        png.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let s = std::fs::read_to_string(&svg).unwrap();
    assert!(
        s.starts_with("<svg") && s.contains("4.15-recent-used"),
        "{s}"
    );
    let b = std::fs::read(&png).unwrap();
    assert_eq!(&b[..8], b"\x89PNG\r\n\x1a\n");
    // IHDR: width and height, big-endian, right after the chunk header
    assert_eq!(u32::from_be_bytes(b[16..20].try_into().unwrap()), 1600);
    assert_eq!(u32::from_be_bytes(b[20..24].try_into().unwrap()), 960);
}

/// Issue 19: `show` prints machine presets too (the `scenario.machine` section), experiments
/// still first; an unknown id lists both kinds.
#[test]
fn show_prints_machine_presets_and_lists_both_kinds() {
    let (ok, shown, err) = wakelab(&["show", "rome-2s-256t"]);
    assert!(ok, "{err}");
    let m: serde_json::Value = serde_json::from_str(&shown).unwrap();
    assert_eq!(m["preset"], "rome-2s-256t");
    assert_eq!(m["shape"]["llcs_per_socket"], 16);
    let (ok, shown, _) = wakelab(&["show", "t3"]);
    assert!(ok);
    let e: serde_json::Value = serde_json::from_str(&shown).unwrap();
    assert!(e["scenario"]["machine"].is_object());
    let (ok, _, err) = wakelab(&["show", "nosuch"]);
    assert!(!ok);
    assert!(
        err.contains("experiments: default") && err.contains("machines: skl-client-8t"),
        "{err}"
    );
    assert!(err.contains("icx-2s-160t-snc2"), "{err}");
}

#[test]
fn patch_effects_prints_each_patch_with_its_decision_counts() {
    let (ok, out, err) = wakelab(&[
        "patch-effects",
        "--preset",
        "t2",
        "--duration-ms",
        "100",
        "--json",
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let rows = v["patches"].as_array().unwrap();
    assert_eq!(rows.len(), wakelab_sim::kernel::PatchId::ALL.len());
    let row = |k: &str| rows.iter().find(|r| r["patch"] == k).unwrap().clone();
    // t2 (dbench x4 on 8 cores without SMT): prev-idle-no-migrate keeps wakees on an idle
    // prev, so it picks other CPUs; wake-affine-idle-params is no functional change
    let p = row("prev-idle-no-migrate");
    assert_eq!(p["acts"], true, "{p}");
    assert!(p["differ_cpu"].as_u64().unwrap() > 0, "{p}");
    let p = row("wake-affine-idle-params");
    assert_eq!(p["acts"], false, "{p}");
    assert_eq!(
        p["differ_cpu"].as_u64().unwrap() + p["differ_state"].as_u64().unwrap(),
        0
    );
    assert!(p["decisions"].as_u64().unwrap() > 100, "{p}");
    // the table names its columns; bad input names the flag
    let (ok, out, _) = wakelab(&["patch-effects", "--preset", "t2", "--duration-ms", "50"]);
    assert!(ok);
    assert!(
        out.contains("other CPU") && out.contains("prev-idle-no-migrate"),
        "{out}"
    );
    let (ok, _, err) = wakelab(&["patch-effects", "--preset", "t2", "--clients", "0"]);
    assert!(!ok);
    assert!(err.contains("--clients 0"), "{err}");
}

#[test]
fn errors_are_reported_without_a_backtrace_even_with_rust_backtrace_set() {
    let out = Command::new(env!("CARGO_BIN_EXE_wakelab"))
        .args(["run", "--preset", "no-such-preset"])
        .env("RUST_BACKTRACE", "1")
        .env("RUST_LIB_BACKTRACE", "1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("Error: no preset \"no-such-preset\""),
        "{err}"
    );
    assert!(!err.contains("backtrace"), "{err}");
    // a cause chain is kept
    let out = Command::new(env!("CARGO_BIN_EXE_wakelab"))
        .args(["run", "/nonexistent/exp.json"])
        .env("RUST_BACKTRACE", "1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("Error: cannot read") && err.contains("\nCaused by:\n    "),
        "{err}"
    );
    assert!(!err.contains("backtrace"), "{err}");
}

#[test]
fn patches_lists_every_sched_feature_with_its_defaults_and_what_it_does() {
    let (ok, out, err) = wakelab(&["patches"]);
    assert!(ok, "{err}");
    let (_, features) = out.split_once("Sched features").unwrap();
    for f in wakelab_sim::kernel::SchedFeature::ALL {
        let line = features
            .lines()
            .find(|l| l.starts_with(f.name()))
            .unwrap_or_else(|| panic!("{} missing:\n{features}", f.name()));
        assert!(line.contains(" on") || line.contains(" off"), "{line}");
    }
    // 6.18's EEVDF features exist only there; SIS_PROP is gone from it
    assert!(
        features.contains("DELAY_DEQUEUE            6.18 on\n"),
        "{features}"
    );
    let sis_prop = features
        .lines()
        .find(|l| l.starts_with("SIS_PROP"))
        .unwrap();
    assert!(!sis_prop.contains("6.18"), "{sis_prop}");
    assert!(features.contains("ttwu_runnable"), "{features}");
}
