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
