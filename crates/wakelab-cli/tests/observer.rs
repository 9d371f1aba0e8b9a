//! recordings/observer/README.md: what `perf sched record` costs the benchmarks, on the host and
//! in the model. The host's figures are the committed runs' summary (summary.json, written by
//! scripts/trace-reads/observer_summary.py); the model's are computed here from the validation
//! runs (`wakelab_interop::validate::model_bench`, which charges the recorder's measured costs)
//! and the same runs without those costs, so a model change that moves them fails until the
//! README says so.

use std::path::PathBuf;

use serde_json::Value;
use wakelab_interop::validate::bench::{
    PERF_SCHED_RECORD_IDLE_EXIT_NS, PERF_SCHED_RECORD_SWITCH_NS, PERF_SCHED_RECORD_WAKEUP_NS,
    RecorderRuns,
};
use wakelab_interop::validate::{KernelChoice, Recording, model_bench};
use wakelab_sim::experiment::run_point;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Seeds per model figure (the median is quoted), as `wakelab validate` runs.
const SEEDS: u32 = 5;

/// The model's time per unit of work under the recorder over the same without it (medians over
/// the seeds): hackbench and messaging report a time, tbench a throughput.
fn model_ratio(name: &str) -> f64 {
    let text =
        std::fs::read_to_string(root().join(format!("recordings/host-2vcpu/{name}.json"))).unwrap();
    let rec = Recording::from_json(&text).unwrap();
    assert!(
        rec.traced_by_perf_sched(),
        "{name} was recorded under perf sched record"
    );
    let b = model_bench(&rec, 300, KernelChoice::default()).unwrap();
    // traced, the recorder's own threads run beside the benchmark too (as `wakelab validate`
    // runs it); untraced, they do not exist
    let mut with_recorder = b.clone();
    let summary =
        std::fs::read_to_string(root().join(format!("recordings/host-2vcpu/{name}.summary.json")))
            .unwrap();
    let summary = wakelab_interop::sched_trace::TraceSummary::from_json(&summary).unwrap();
    with_recorder.add_recorder_runs(
        RecorderRuns::from_summary(&summary)
            .unwrap()
            .expect("the recorder's runs are in the trace"),
    );
    let median = |traced: bool| {
        let mut v: Vec<f64> = (1..=SEEDS)
            .map(|seed| {
                let mut e = if traced {
                    with_recorder.experiment.clone()
                } else {
                    b.experiment.clone()
                };
                e.scenario.run.seed = seed;
                if !traced {
                    e.scenario.engine.wakeup_cost_ns -= PERF_SCHED_RECORD_WAKEUP_NS;
                    e.scenario.engine.context_switch_ns -= PERF_SCHED_RECORD_SWITCH_NS;
                    e.scenario.engine.idle_exit_ns -= PERF_SCHED_RECORD_IDLE_EXIT_NS;
                }
                run_point(&e, 0, b.clients, 0, None).unwrap().value
            })
            .collect();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (t, u) = (median(true), median(false));
    if name.starts_with("tbench") {
        u / t
    } else {
        t / u
    }
}

#[test]
fn the_observer_table_is_the_runs_and_the_model() {
    let readme = std::fs::read_to_string(root().join("recordings/observer/README.md")).unwrap();
    let summary: Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("recordings/observer/summary.json")).unwrap(),
    )
    .unwrap();
    let table = readme
        .split("<!-- observer-table -->")
        .nth(1)
        .expect("the README's observer table");
    let mut missing = Vec::new();
    for (name, h) in summary.as_object().unwrap() {
        let f = |k: &str| h[k].as_f64().unwrap();
        let host = format!(
            "| {name} | {} | {} | {:.2} |",
            f("untraced_median"),
            f("traced_median"),
            f("traced_time_per_work")
        );
        let modelled = name != "perf-bench-sched-pipe";
        let row = if modelled {
            format!("{host} {:.2} |", model_ratio(name))
        } else {
            format!("{host} (not modelled) |")
        };
        if !table.contains(&row) {
            missing.push(row);
        }
    }
    assert!(
        missing.is_empty(),
        "rows of recordings/observer/README.md differ; computed now:\n{}",
        missing.join("\n")
    );
}

/// The `power:cpu_idle` section's figures are those of its committed runs (cpu-idle/runs.tsv and
/// run2/runs.tsv: pairs in order, without then with the event; events-run1.txt: the counts).
#[test]
fn the_cpu_idle_figures_are_the_committed_runs() {
    let dir = root().join("recordings/observer/cpu-idle");
    let (mut without, mut with) = (vec![], vec![]);
    for f in ["runs.tsv", "run2/runs.tsv"] {
        for line in std::fs::read_to_string(dir.join(f))
            .unwrap()
            .lines()
            .skip(1)
        {
            let cols: Vec<&str> = line.split('\t').collect();
            let us: f64 = cols[2].parse().unwrap();
            match cols[0] {
                "without_cpu_idle" => without.push(us),
                "with_cpu_idle" => with.push(us),
                other => panic!("mode {other:?}"),
            }
        }
    }
    assert_eq!(without.len(), with.len());
    let n = without.len() as f64;
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let diffs: Vec<f64> = without.iter().zip(&with).map(|(a, b)| b - a).collect();
    let d = mean(&diffs);
    let sd = (diffs.iter().map(|x| (x - d).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    let events: f64 = std::fs::read_to_string(dir.join("events-run1.txt"))
        .unwrap()
        .lines()
        .find(|l| l.contains("power:cpu_idle"))
        .and_then(|l| l.split_whitespace().next())
        .unwrap()
        .parse()
        .unwrap();
    let per_op = events / 50_000.0;
    let readme = std::fs::read_to_string(root().join("recordings/observer/README.md")).unwrap();
    let readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    for quoted in [
        format!("{} pairs", without.len()),
        format!(
            "{:.1} µs per round trip without the idle events, {:.1} with",
            mean(&without),
            mean(&with)
        ),
        format!("**{d:.2} ± {:.2} µs**", sd / n.sqrt()),
        format!("{per_op:.1} `power:cpu_idle` events per round trip"),
        format!("**about {:.1} µs", d / per_op),
    ] {
        assert!(readme.contains(&quoted), "README does not say {quoted:?}");
    }
    // the charge comes from the one-sided runs (`an_exit_from_idle_costs_on_vcpu_0_alone`);
    // the round trip's difference, one exit of vCPU 0 per round trip, must not contradict it
    let charged = PERF_SCHED_RECORD_IDLE_EXIT_NS as f64 / 1000.0;
    assert!(
        (d - charged).abs() < 2.0 * sd / n.sqrt(),
        "round trip +{d:.2} µs against {charged} µs charged per exit of vCPU 0"
    );
}

/// "Which vCPU fires it": in every run of cpu-idle/per-cpu.txt
/// (scripts/trace-reads/idle-events-per-cpu.sh, build v1147) both vCPUs enter cpuidle over a
/// thousand times, vCPU 0 fires an entry and an exit event for at least 90% of its cpuidle
/// entries and vCPU 1 fires none, which is why the validation runs of that host charge vCPU 0's
/// exits alone and leave out the wake-ups issued in vCPU 1's idle context (bench.rs
/// `idle_event_cpus`); in cpu-idle/per-cpu-v1272.txt (a later build) both vCPUs fire it, and
/// `idle_event_cpus` gives every CPU for that build.
#[test]
fn the_vcpus_that_fire_the_idle_event_are_the_models() {
    use wakelab_interop::validate::bench::Host;
    for (file, firing) in [("per-cpu.txt", vec![0]), ("per-cpu-v1272.txt", vec![0, 1])] {
        let text = std::fs::read_to_string(root().join("recordings/observer/cpu-idle").join(file))
            .unwrap();
        let host_kernel = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("# "))
            .and_then(|l| l.split(';').next())
            .unwrap()
            .to_string();
        let mut runs = 0;
        for l in text.lines().filter(|l| !l.starts_with('#')) {
            let v: Vec<u64> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
            let [_run, cpu, entries, _to_idle, enter, exit] = v[..] else {
                panic!("{file}: {l}")
            };
            assert!(
                entries > 1000,
                "{file}: too few cpuidle entries to read: {l}"
            );
            assert!(cpu < 2, "{file}: {l}");
            if firing.contains(&cpu) {
                assert!(enter == exit && enter * 10 >= entries * 9, "{file}: {l}");
                runs += 1;
            } else {
                assert_eq!((enter, exit), (0, 0), "{file}: {l}");
            }
        }
        assert!(runs >= 3, "{file}: {runs} runs");
        let host = Host {
            nr_cpus: 2,
            kernel: host_kernel,
            cmdline: String::new(),
        };
        let expected = (firing.len() < 2).then(|| wakelab_sim::cpumask::CpuMask::single(0));
        assert_eq!(
            wakelab_interop::validate::bench::idle_event_cpus(&host),
            expected,
            "{file}"
        );
    }
}

/// "Which vCPU pays it": cpu-idle/exit-per-cpu.tsv (scripts/trace-reads/idle-exit-cost.sh)
/// wakes a thread on one vCPU from a thread spinning on the other, so that only the sleeper's
/// vCPU leaves idle, with and without `power:cpu_idle`. The median of the paired differences of
/// the runs' median wake latency is the charge per exit of vCPU 0 (bench.rs
/// `PERF_SCHED_RECORD_IDLE_EXIT_NS`, to 10 ns); vCPU 1's is under a fifth of it, none charged.
#[test]
fn an_exit_from_idle_costs_on_vcpu_0_alone() {
    let text =
        std::fs::read_to_string(root().join("recordings/observer/cpu-idle/exit-per-cpu.tsv"))
            .unwrap();
    let mut runs: std::collections::BTreeMap<(u32, u32), [Option<f64>; 2]> = Default::default();
    for l in text
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
    {
        let c: Vec<&str> = l.split('\t').collect();
        let key = (c[0].parse().unwrap(), c[1].parse().unwrap());
        let slot = match c[2] {
            "without" => 0,
            "with" => 1,
            other => panic!("mode {other:?}"),
        };
        runs.entry(key).or_default()[slot] = Some(c[4].parse().unwrap());
    }
    let median_diff = |cpu: u32| {
        let mut d: Vec<f64> = runs
            .iter()
            .filter(|((_, c), _)| *c == cpu)
            .map(|(_, [a, b])| b.unwrap() - a.unwrap())
            .collect();
        assert!(d.len() >= 10, "{} pairs for CPU {cpu}", d.len());
        d.sort_by(f64::total_cmp);
        let m = d.len() / 2;
        if d.len().is_multiple_of(2) {
            (d[m - 1] + d[m]) / 2.0
        } else {
            d[m]
        }
    };
    let (cpu0, cpu1) = (median_diff(0), median_diff(1));
    assert_eq!(
        PERF_SCHED_RECORD_IDLE_EXIT_NS,
        (cpu0 / 10.0).round() as u64 * 10,
        "vCPU 0's exit: +{cpu0} ns"
    );
    assert!(
        cpu1.abs() < cpu0 / 5.0,
        "vCPU 1's exit: {cpu1} ns, vCPU 0's {cpu0} ns"
    );
    let readme = std::fs::read_to_string(root().join("recordings/observer/README.md")).unwrap();
    let readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    for quoted in [
        format!("**{:.2} µs**", cpu0 / 1000.0),
        format!("{:.2} µs for vCPU 1", cpu1 / 1000.0),
    ] {
        assert!(readme.contains(&quoted), "README does not say {quoted:?}");
    }
}
