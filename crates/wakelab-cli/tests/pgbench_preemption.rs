//! recordings/pgbench-preemption/README.md: its tables are the files beside it. The host's
//! bpftrace runs (`bpf/summary.json`) against the model's analysis of its seed-1 validation run
//! (`model/model-c2.analysis.json`, whose experiment must still be the one `wakelab validate`
//! builds), the two instances' pgbench recordings (`recordings/host-2vcpu` and `host-v1300`), and
//! the placement and observer measurements (`v1300/*.tsv`, medians). Re-measuring or editing a
//! figure by hand without the other fails here.

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

const DIR: &str = "recordings/pgbench-preemption";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn json(path: &str) -> Value {
    serde_json::from_str(&read(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The table rows (`| ...` lines) between `<!-- marker -->` and `<!-- /marker -->`, header and
/// rule left out.
fn table(marker: &str) -> Vec<String> {
    let readme = read(&format!("{DIR}/README.md"));
    let (_, rest) = readme
        .split_once(&format!("<!-- {marker} -->"))
        .unwrap_or_else(|| panic!("no marker {marker}"));
    let (inside, _) = rest.split_once(&format!("<!-- /{marker} -->")).unwrap();
    inside
        .lines()
        .filter(|l| l.starts_with('|'))
        .skip(2)
        .map(str::to_string)
        .collect()
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

/// min-max of `pick` over the host's c2 runs, as `{lo}-{hi}{unit}` with `fmt`.
fn host_range(pick: impl Fn(&Value) -> f64, fmt: impl Fn(f64) -> String, unit: &str) -> String {
    let s = json(&format!("{DIR}/bpf/summary.json"));
    let v: Vec<f64> = s
        .as_object()
        .unwrap()
        .iter()
        .filter(|(k, _)| k.starts_with("select-c2"))
        .map(|(_, r)| pick(&r["backend"]))
        .collect();
    assert!(v.len() >= 4, "{v:?}");
    let lo = v.iter().cloned().fold(f64::MAX, f64::min);
    let hi = v.iter().cloned().fold(f64::MIN, f64::max);
    format!("{}-{}{unit}", fmt(lo), fmt(hi))
}

#[test]
fn the_pgbench_state_comparison_is_its_files() {
    let m = &json(&format!("{DIR}/model/model-c2.analysis.json"))["backend"];
    let pct = |d: usize| move |x: f64| format!("{:.*}", d, 100.0 * x);
    let int = |x: f64| format!("{x:.0}");
    let c2_runs = json(&format!("{DIR}/bpf/summary.json"))
        .as_object()
        .unwrap()
        .keys()
        .filter(|k| k.starts_with("select-c2"))
        .count();
    let words = ["four", "five", "six", "seven", "eight", "nine", "ten"];
    let expected = vec![
        format!(
            "| backend next blocks | {} | {}% |",
            host_range(|b| num(&b["waker_blocks_next_share"]), pct(2), "%"),
            pct(2)(num(&m["waker_blocks_next_share"]))
        ),
        format!(
            "| client delayed | {} | {}% |",
            host_range(|b| num(&b["wakee_delayed_share"]), pct(1), "%"),
            pct(1)(num(&m["wakee_delayed_share"]))
        ),
        format!(
            "| delayed client: lag > 0 after the check | {} | {}% |",
            host_range(
                |b| num(&b["delayed_wakee"]["lag_pos_after_share"]),
                pct(1),
                "%"
            ),
            pct(1)(num(&m["delayed_wakee"]["lag_pos_after_share"]))
        ),
        format!(
            "| delayed client: lag after, p50 | {} | {:.1} µs |",
            host_range(
                |b| num(&b["delayed_wakee"]["lag_after_us_p10_p50_p90_bucket"][1]),
                int,
                " µs (bucket)"
            ),
            num(&m["delayed_wakee"]["lag_after_us_p10_p50_p90"][1])
        ),
        format!(
            "| non-delayed client: lag after, p50 | {} | {:.1} µs |",
            host_range(
                |b| num(&b["non_delayed_wakee_lag_after_us_p10_p50_p90_bucket"][1]),
                int,
                " µs (bucket)"
            ),
            num(&m["non_delayed_wakee_lag_after_us_p10_p50_p90"][1])
        ),
    ];
    assert_eq!(table("pgbench-model"), expected);
    // docs/calibration.md quotes the host's range ("The same recordings under other kernels")
    let calibration = read("docs/calibration.md")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let quoted = format!(
        "its backend blocks after {} of its replies under bpftrace",
        host_range(|b| num(&b["waker_blocks_next_share"]), pct(2), "%")
    );
    assert!(calibration.contains(&quoted), "{quoted}");
    let readme = read(&format!("{DIR}/README.md"));
    assert!(
        readme.contains(&format!(
            "| host, the {} c2 runs | model |",
            words[c2_runs - 4]
        )),
        "the header's count of runs"
    );
}

/// The committed model experiment is the one `wakelab validate` builds for the recording now
/// (seed 1), but for the raised `max_wakeup_records` that the trace needs.
#[test]
fn the_pgbench_model_experiment_is_what_validate_builds() {
    let top = std::env::temp_dir().join(format!("wakelab-pgbench-exp-{}", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_wakelab"))
        .current_dir(root())
        .args([
            "validate",
            "recordings/host-2vcpu/pgbench-select-c2.json",
            "--seeds",
            "1",
            "--model-summaries",
            top.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let fresh: Value = serde_json::from_str(
        &std::fs::read_to_string(top.join("pgbench-select-c2.model.experiment.json")).unwrap(),
    )
    .unwrap();
    std::fs::remove_dir_all(&top).ok();
    let mut committed = json(&format!("{DIR}/model/model-c2-experiment.json"));
    committed["scenario"]["engine"]["max_wakeup_records"] =
        fresh["scenario"]["engine"]["max_wakeup_records"].clone();
    assert!(
        committed == fresh,
        "model/model-c2-experiment.json is not what validate builds now: regenerate it and \
         model-c2.analysis.json (the README's \"The model beside it\")"
    );
}

fn transactions(log: &str) -> f64 {
    let (_, rest) = log
        .split_once("number of transactions actually processed: ")
        .unwrap();
    rest.split_whitespace().next().unwrap().parse().unwrap()
}

fn tps(log: &str) -> f64 {
    let (_, rest) = log.split_once("tps = ").unwrap();
    rest.split_whitespace().next().unwrap().parse().unwrap()
}

/// CPU per transaction (µs) of a recording's `group`.
fn cpu_per_txn(summary: &Value, group: &str, txns: f64) -> f64 {
    let g = summary["groups"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["group"] == group)
        .unwrap_or_else(|| panic!("no group {group}"));
    num(&g["cpu_ns"]) / txns / 1e3
}

#[test]
fn the_pgbench_instances_table_is_the_recordings() {
    let mut expected = Vec::new();
    for c in [1, 2, 4] {
        let name = format!("pgbench-select-c{c}");
        let mut row = format!("| {name} |");
        for dir in ["recordings/host-2vcpu", "recordings/host-v1300"] {
            let log = read(&format!("{dir}/{name}.bench.log"));
            let s = json(&format!("{dir}/{name}.summary.json"));
            let n = transactions(&log);
            row += &format!(
                " {:.0} | {:.1} | {:.1} |",
                tps(&log),
                cpu_per_txn(&s, "postgres", n),
                cpu_per_txn(&s, "pgbench", n)
            );
        }
        expected.push(row);
    }
    assert_eq!(table("pgbench-instances"), expected);
    // the two instances' c2 throughput, as recordings/README.md and the README quote it
    let c2 = |dir: &str| tps(&read(&format!("{dir}/pgbench-select-c2.bench.log")));
    let ratio = c2("recordings/host-v1300") / c2("recordings/host-2vcpu");
    let flat = |p: &str| read(p).split_whitespace().collect::<Vec<_>>().join(" ");
    let quoted = format!("runs pgbench-select-c2 at {ratio:.1}x the committed recording's tps");
    assert!(flat("recordings/README.md").contains(&quoted), "{quoted}");
    let quoted = format!("the {ratio:.1}x between the two instances' c2 recordings");
    assert!(
        flat(&format!("{DIR}/README.md")).contains(&quoted),
        "{quoted}"
    );
}

/// Medians per mode of the tsv's `cols` (three rounds: the middle one).
fn medians(path: &str, modes: &[&str], cols: &[&str]) -> Vec<Vec<f64>> {
    let text = read(path);
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split('\t').collect()).collect();
    modes
        .iter()
        .map(|m| {
            cols.iter()
                .map(|c| {
                    let i = header.iter().position(|h| h == c).unwrap();
                    let mut v: Vec<f64> = rows
                        .iter()
                        .filter(|r| r[0] == *m)
                        .map(|r| r[i].parse().unwrap())
                        .collect();
                    assert_eq!(v.len() % 2, 1, "{path} {m}: an odd number of rounds");
                    v.sort_by(f64::total_cmp);
                    v[v.len() / 2]
                })
                .collect()
        })
        .collect()
}

#[test]
fn the_placement_and_observer_tables_are_the_measurements() {
    let modes = ["same", "split", "split-spin", "free"];
    let pg = medians(
        &format!("{DIR}/v1300/placement-pgbench-select-c1.tsv"),
        &modes,
        &["tps", "backend_us_per_txn", "pgbench_us_per_txn"],
    );
    let tb = medians(
        &format!("{DIR}/v1300/placement-tbench-c1.tsv"),
        &modes,
        &["mb_per_s", "server_us_per_mb", "client_us_per_mb"],
    );
    let expected: Vec<String> = modes
        .iter()
        .zip(pg.iter().zip(&tb))
        .map(|(m, (p, t))| {
            format!(
                "| {m} | {:.0} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} |",
                p[0], p[1], p[2], t[0], t[1], t[2]
            )
        })
        .collect();
    assert_eq!(table("pgbench-placement"), expected);
    // the prose's range: split over same, each side of both benchmarks
    let ratios: Vec<f64> = (1..3)
        .flat_map(|k| [pg[1][k] / pg[0][k], tb[1][k] / tb[0][k]])
        .collect();
    let lo = ratios.iter().cloned().fold(f64::MAX, f64::min);
    let hi = ratios.iter().cloned().fold(f64::MIN, f64::max);
    let readme = read(&format!("{DIR}/README.md"));
    let flat = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    let quoted = format!("costs each side of a pair {lo:.1}-{hi:.1}x the CPU");
    assert!(flat.contains(&quoted), "not in the README: `{quoted}`");

    let obs = ["untraced", "perf", "bpftrace"];
    let expected: Vec<String> = ["select-c1", "select-c2"]
        .iter()
        .map(|r| {
            let v = medians(&format!("{DIR}/v1300/observer-{r}.tsv"), &obs, &["tps"]);
            format!("| {r} | {:.0} | {:.0} | {:.0} |", v[0][0], v[1][0], v[2][0])
        })
        .collect();
    assert_eq!(table("pgbench-observers"), expected);
    let c2 = medians(
        &format!("{DIR}/v1300/observer-select-c2.tsv"),
        &obs,
        &["tps"],
    );
    let quoted = format!(
        "`perf sched record` costs this instance {:.0}% of its throughput and `eevdf.bt` {:.0}%",
        100.0 * (1.0 - c2[1][0] / c2[0][0]),
        100.0 * (1.0 - c2[2][0] / c2[0][0])
    );
    assert!(flat.contains(&quoted), "not in the README: `{quoted}`");
}
