//! Workload defaults derived from the committed recordings (recordings/host-2vcpu): each test
//! recomputes a workload's measured defaults from the recording's files, as the parameter's
//! doc comment says they were derived, and fails when the code, the recording or the
//! derivation's stated inputs (the engine's costs, the recorder's) drift apart.

use std::path::PathBuf;

use serde_json::Value;
use wakelab_interop::validate::bench::{PERF_SCHED_RECORD_SWITCH_NS, PERF_SCHED_RECORD_WAKEUP_NS};
use wakelab_sim::engine::{
    Amount, EngineParams, TCP_EMPTY_READ_CYCLES, TCP_LOOPBACK_NET_RX_CYCLES,
    TCP_LOOPBACK_NET_RX_LOCAL_CYCLES,
};
use wakelab_sim::workload::TbenchConfig;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn recording_text(name: &str) -> String {
    let path = root().join("recordings/host-2vcpu").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn recording_json(name: &str) -> Value {
    serde_json::from_str(&recording_text(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A trace summary's group (`groups[]` entry named `name`).
fn group<'a>(summary: &'a Value, name: &str) -> &'a Value {
    summary["groups"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["group"] == name)
        .unwrap_or_else(|| panic!("no group {name}"))
}

fn num(v: &Value, key: &str) -> f64 {
    v[key]
        .as_f64()
        .unwrap_or_else(|| panic!("no number `{key}` in {v}"))
}

/// The operations of a dbench / tbench run: the sum of its log's `Name Count AvgLat MaxLat`
/// table.
fn op_table_count(log: &str) -> u64 {
    log.lines()
        .filter_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            match w[..] {
                [op, count, avg, max]
                    if op.chars().all(|c| c.is_ascii_alphabetic())
                        && avg.parse::<f64>().is_ok()
                        && max.parse::<f64>().is_ok() =>
                {
                    count.parse::<u64>().ok()
                }
                _ => None,
            }
        })
        .sum()
}

/// µs at the recording host's nominal 2.0 GHz as cycles, to 10 cycles.
fn cycles_2ghz(us: f64) -> u64 {
    (us * 200.0).round() as u64 * 10
}

/// The text between `<!-- NAME -->` and `<!-- /NAME -->` in recordings/README.md, and what
/// follows it.
fn readme_marked(name: &str) -> (String, String) {
    let readme = std::fs::read_to_string(root().join("recordings/README.md")).unwrap();
    let (_, rest) = readme
        .split_once(&format!("<!-- {name} -->"))
        .unwrap_or_else(|| panic!("recordings/README.md has the {name} table"));
    let (table, after) = rest.split_once(&format!("<!-- /{name} -->")).unwrap();
    (table.to_string(), after.to_string())
}

/// The mean of a default `Amount` (a fixed value, a uniform range or an exponential).
fn mean(a: Amount) -> u64 {
    match a {
        Amount::Fixed(v) => v,
        Amount::Uniform { lo, hi } => (lo + hi) / 2,
        Amount::Exp { mean } => mean,
    }
}

/// tbench's costs (`TbenchConfig`'s defaults and the loopback receive path,
/// `TCP_LOOPBACK_NET_RX_CYCLES`) are the committed tbench-c1 recording's (one pair split over the
/// two vCPUs, so every message's wake-up goes to the other vCPU), split as
/// crates/wakelab-sim/src/workload/config.rs says: per operation and side, the CPU time
/// (`sched_stat_runtime` over the bench log's operation count) less what the engine and the
/// recorder charge by themselves.
#[test]
fn the_tbench_costs_are_the_recording() {
    let log = recording_text("tbench-c1.bench.log");
    let ops = op_table_count(&log) as f64;
    assert!(
        ops > 10_000.0,
        "tbench-c1: the op table has {ops} operations"
    );
    let summary = recording_json("tbench-c1.summary.json");
    let (client, server) = (group(&summary, "tbench"), group(&summary, "tbench_srv"));
    let params = EngineParams::default();
    // A wake-up and a switch as that recording paid them: the engine's and `perf sched record`'s.
    let wake_us = (params.wakeup_cost_ns + PERF_SCHED_RECORD_WAKEUP_NS) as f64 / 1000.0;
    let switch_us = (params.context_switch_ns + PERF_SCHED_RECORD_SWITCH_NS) as f64 / 1000.0;
    let empty_read_us = TCP_EMPTY_READ_CYCLES as f64 / 2000.0;

    // The rest of the send after its wake-up: tbench-c2's clients, each pair packed on one vCPU,
    // from their wake-up of the server to their switch-out (a preemption there), less the wake-up.
    let c2 = recording_json("tbench-c2.summary.json");
    let send_return_us = num(&group(&c2, "tbench")["waker_runs_on"], "p50") / 1000.0 - wake_us;

    // The loopback receive path: the softirq share of the run's busy ticks (/proc/stat) of the
    // benchmark's CPU per operation, less the wake-ups in it, per message (a request and a
    // reply).
    let split = loopback_split("recordings/host-2vcpu", "tbench-c1");
    let (softirq_share, net_rx_us) = (split.softirq_share, split.rx_us);
    let cpu_per_op_us = |g: &Value| num(g, "cpu_ns") / ops / 1000.0;
    let wakes_per_op = |g: &Value| num(g, "wakes_issued") / ops;

    // From a side's wake-up of the other to its block (median), less the wake-up, the rest of
    // the send and the read that finds the socket empty.
    let after_send_us = |g: &Value| {
        num(&g["waker_runs_on"], "p50") / 1000.0 - wake_us - send_return_us - empty_read_us
    };
    // The rest of the side's CPU per operation: the work before its send.
    let before_send_us = |g: &Value| {
        cpu_per_op_us(g)
            - net_rx_us
            - wakes_per_op(g) * wake_us
            - (send_return_us + after_send_us(g))
            - empty_read_us
            - switch_us
    };

    let d = TbenchConfig::default();
    let derived = [
        (
            "TCP_LOOPBACK_NET_RX_CYCLES",
            u64::from(TCP_LOOPBACK_NET_RX_CYCLES),
            net_rx_us,
        ),
        (
            "send_return_cycles",
            mean(d.send_return_cycles),
            send_return_us,
        ),
        (
            "client_cycles",
            mean(d.client_cycles),
            before_send_us(client),
        ),
        (
            "server_cycles",
            mean(d.server_cycles),
            before_send_us(server),
        ),
        (
            "client_after_send_cycles",
            mean(d.client_after_send_cycles),
            after_send_us(client),
        ),
        (
            "server_after_send_cycles",
            mean(d.server_after_send_cycles),
            after_send_us(server),
        ),
    ];
    for (name, default, us) in derived {
        assert_eq!(
            default,
            cycles_2ghz(us),
            "tbench's {name} is the recording's {us:.3} µs at 2.0 GHz"
        );
    }

    // MB/sec is payload: the log's throughput over its 3 s at the op table's count.
    let mb_per_s: f64 = split.mb_per_s.parse().expect("tbench-c1's MB/sec");
    let bytes_per_op = (mb_per_s * 3e6 / ops / 10.0).round() as u64 * 10;
    assert_eq!(
        d.bytes_per_op, bytes_per_op,
        "tbench's bytes_per_op is the recording's"
    );

    // docs/workloads.md quotes the inputs of the split.
    let doc = std::fs::read_to_string(root().join("docs/workloads.md")).unwrap();
    let doc = doc.split_whitespace().collect::<Vec<_>>().join(" ");
    for quoted in [
        format!(
            "client {:.2} µs, server {:.2} µs, `sched_stat_runtime`",
            cpu_per_op_us(client),
            cpu_per_op_us(server)
        ),
        format!("softirq share {:.1}%", 100.0 * softirq_share),
        format!(
            "median {:.2} µs from the client's wake-up of the server to its block",
            num(&client["waker_runs_on"], "p50") / 1000.0
        ),
        format!(
            "median {:.2} µs from the server's wake-up",
            num(&server["waker_runs_on"], "p50") / 1000.0
        ),
    ] {
        assert!(doc.contains(&quoted), "docs/workloads.md lacks `{quoted}`");
    }
}

/// tbench's work per operation before the send (`client_cycles`, `server_cycles`) is drawn from
/// an exponential at the recording's mean, because the recording's per-operation work is
/// skewed: at one pair split over the two vCPUs each burst (wake-up to block) is one operation,
/// and its quantiles less the burst's mean share that is not this work (the receive path, the
/// wake-up, the run after the send, the switch: taken as constant) follow the exponential at
/// that mean closer than a uniform ±50% around it at p10, p50, p90 and p99, for both sides.
/// config.rs quotes those quantiles.
#[test]
fn the_tbench_work_per_operation_has_the_recordings_skew() {
    let summary = recording_json("tbench-c1.summary.json");
    let d = TbenchConfig::default();
    let config_rs =
        std::fs::read_to_string(root().join("crates/wakelab-sim/src/workload/config.rs")).unwrap();
    let config_rs = config_rs
        .lines()
        .map(|l| l.trim().trim_start_matches("///").trim())
        .collect::<Vec<_>>()
        .join(" ");
    for (name, side, work) in [
        ("client_cycles", "tbench", d.client_cycles),
        ("server_cycles", "tbench_srv", d.server_cycles),
    ] {
        let Amount::Exp { mean: mean_cycles } = work else {
            panic!("tbench's {name} is {work:?}, not the exponential config.rs describes");
        };
        let mean_us = mean_cycles as f64 / 2000.0;
        let burst = &group(&summary, side)["burst"];
        let rest_us = num(burst, "mean") / 1000.0 - mean_us;
        let mut quoted = Vec::new();
        for (key, p) in [("p10", 0.1), ("p50", 0.5), ("p90", 0.9), ("p99", 0.99)] {
            let recorded = num(burst, key) / 1000.0 - rest_us;
            let exp = -(1.0f64 - p).ln() * mean_us;
            let uniform = mean_us * (0.5 + p);
            assert!(
                (exp - recorded).abs() < (uniform - recorded).abs(),
                "{side}'s work at {key}: recorded {recorded:.2} µs, exponential {exp:.2}, \
                 uniform {uniform:.2}: the exponential is no longer the closer"
            );
            quoted.push(if recorded < 10.0 {
                format!("{recorded:.2}")
            } else {
                format!("{recorded:.1}")
            });
        }
        let quoted = format!("p10 / p50 / p90 / p99 {} µs", quoted.join(" / "));
        assert!(
            config_rs.contains(&quoted),
            "config.rs's {name} should quote `{quoted}`"
        );
    }
}

/// recordings/README.md, "tbench on three instances": the rows of the two committed instances
/// are their files' (v782's is quoted from the hand-read table above it), and the untraced
/// range is the runs' file.
#[test]
fn the_tbench_instances_table_is_the_recordings() {
    let (table, after) = readme_marked("tbench-instances");
    let thousands = |n: u64| {
        let s = n.to_string();
        let (head, tail) = s.split_at(s.len() - 3);
        if head.is_empty() {
            tail.to_string()
        } else {
            format!("{head} {tail}")
        }
    };
    for (instance, dir, when) in [
        ("v1045", "recordings/host-2vcpu", "2026-12-01 15:06"),
        (
            "v1300",
            "recordings/tbench-instances/v1300",
            "2026-12-07 06:00",
        ),
    ] {
        let read = |name: &str| {
            let path = root().join(dir).join(name);
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        };
        let log = read("tbench-c1.bench.log");
        let ops = op_table_count(&log);
        let result = log
            .lines()
            .find_map(|l| l.strip_prefix("Throughput "))
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap()
            .to_string();
        let meta: Value = serde_json::from_str(&read("tbench-c1.json")).unwrap();
        assert!(
            meta["host"]["kernel"].as_str().unwrap().ends_with(instance),
            "{dir}'s recording is instance {instance}'s"
        );
        let summary: Value = serde_json::from_str(&read("tbench-c1.summary.json")).unwrap();
        let (c, s) = (group(&summary, "tbench"), group(&summary, "tbench_srv"));
        let per_op = |g: &Value| num(g, "cpu_ns") / ops as f64 / 1000.0;
        let p50 = |g: &Value, key: &str| num(&g[key], "p50") / 1000.0;
        let ticks = &meta["background_load"]["proc_stat_delta_ticks"];
        let softirq = num(ticks, "softirq");
        let share = 100.0 * softirq / (num(ticks, "user") + num(ticks, "system") + softirq);
        let row = format!(
            "| {instance} | {dir}/tbench-c1, {when} | {result} MB/sec | {} | {:.2} / {:.2} µs | \
             {:.1} µs | {:.1} / {:.1} µs | {share:.1}% |",
            thousands(ops),
            per_op(c),
            per_op(s),
            p50(c, "burst"),
            p50(c, "wake_latency"),
            p50(s, "wake_latency"),
        );
        assert!(
            table.contains(&row),
            "the tbench-instances table lacks `{row}`"
        );
    }
    let untraced: Vec<f64> =
        std::fs::read_to_string(root().join("recordings/tbench-instances/v1300/untraced-c1.txt"))
            .unwrap()
            .lines()
            .filter_map(|l| l.strip_prefix("Throughput "))
            .filter_map(|rest| rest.split_whitespace().next()?.parse().ok())
            .collect();
    assert_eq!(untraced.len(), 3);
    let lo = untraced.iter().cloned().fold(f64::INFINITY, f64::min);
    let hi = untraced.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    let after = after.split_whitespace().collect::<Vec<_>>().join(" ");
    let quoted = format!("the pair makes {lo:.1}–{hi:.1} MB/sec (three runs");
    assert!(
        after.contains(&quoted),
        "recordings/README.md lacks `{quoted}`"
    );
}

/// docs/model.md, "Loopback networking": the receive path per message and the rest of the CPU
/// per operation of the three committed tbench recordings (softirq share of `/proc/stat`'s busy
/// ticks applied to the benchmark's CPU per operation, less its traced wake-ups). The split
/// pair's (tbench-c1) is the receive path of a send whose reader last ran on another CPU,
/// `TCP_LOOPBACK_NET_RX_CYCLES`; the packed pairs' (tbench-c2) that of a send whose reader last
/// ran on the sender's CPU, `TCP_LOOPBACK_NET_RX_LOCAL_CYCLES`.
/// A tbench recording's loopback cost split (docs/model.md, "Loopback networking"): the softirq
/// share of `/proc/stat`'s busy ticks applied to the benchmark's CPU per operation, less its
/// traced wake-ups, per message (a request and a reply), and the rest of the CPU per operation.
struct LoopbackSplit {
    mb_per_s: String,
    ops: u64,
    softirq_share: f64,
    rx_us: f64,
    rest_us: f64,
}

/// [`LoopbackSplit`] of `dir/name.{bench.log,summary.json,json}`.
fn loopback_split(dir: &str, name: &str) -> LoopbackSplit {
    let read = |file: String| {
        let path = root().join(dir).join(file);
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    let params = EngineParams::default();
    let wake_us = (params.wakeup_cost_ns + PERF_SCHED_RECORD_WAKEUP_NS) as f64 / 1000.0;
    let log = read(format!("{name}.bench.log"));
    let ops = op_table_count(&log);
    let mb_per_s = log
        .lines()
        .find_map(|l| l.strip_prefix("Throughput "))
        .and_then(|rest| rest.split_whitespace().next())
        .expect("the bench log's Throughput line")
        .to_string();
    let summary: Value = serde_json::from_str(&read(format!("{name}.summary.json"))).unwrap();
    let (client, server) = (group(&summary, "tbench"), group(&summary, "tbench_srv"));
    let cpu_us = (num(client, "cpu_ns") + num(server, "cpu_ns")) / ops as f64 / 1000.0;
    let wakes = (num(client, "wakes_issued") + num(server, "wakes_issued")) / ops as f64;
    let meta: Value = serde_json::from_str(&read(format!("{name}.json"))).unwrap();
    let ticks = &meta["background_load"]["proc_stat_delta_ticks"];
    let softirq = num(ticks, "softirq");
    let share = softirq / (num(ticks, "user") + num(ticks, "system") + softirq);
    LoopbackSplit {
        mb_per_s,
        ops,
        softirq_share: share,
        rx_us: (share * cpu_us - wakes * wake_us) / 2.0,
        rest_us: (1.0 - share) * cpu_us,
    }
}

#[test]
fn the_loopback_cost_by_placement_is_the_recordings() {
    let splits: Vec<_> = [1, 2, 4]
        .iter()
        .map(|c| loopback_split("recordings/host-2vcpu", &format!("tbench-c{c}")))
        .collect();
    let rx: Vec<f64> = splits.iter().map(|s| s.rx_us).collect();
    let rest: Vec<f64> = splits.iter().map(|s| s.rest_us).collect();
    assert_eq!(
        u64::from(TCP_LOOPBACK_NET_RX_CYCLES),
        cycles_2ghz(rx[0]),
        "the remote receive path is the split pair's"
    );
    assert_eq!(
        u64::from(TCP_LOOPBACK_NET_RX_LOCAL_CYCLES),
        cycles_2ghz(rx[1]),
        "the local receive path is the packed pairs'"
    );
    let doc = std::fs::read_to_string(root().join("docs/model.md")).unwrap();
    let doc = doc.split_whitespace().collect::<Vec<_>>().join(" ");
    for quoted in [
        format!(
            "**{:.2} µs per message at one pair split, {:.2} µs at two pairs each packed on a vCPU, \
             {:.2} µs at four pairs**",
            rx[0], rx[1], rx[2]
        ),
        format!("({:.1} / {:.1} / {:.1} µs)", rest[0], rest[1], rest[2]),
        {
            // the later instance's split pair against its two packed runs
            let v1300 =
                |name: &str| loopback_split("recordings/tbench-instances/v1300", name).rx_us;
            let (a, b) = (v1300("tbench-c2"), v1300("tbench-c2b"));
            format!(
                "{:.2} against {:.2}-{:.2} µs",
                v1300("tbench-c1"),
                a.min(b),
                a.max(b)
            )
        },
    ] {
        assert!(doc.contains(&quoted), "docs/model.md lacks `{quoted}`");
    }
}

/// recordings/README.md, "tbench's receive path by placement": the cost split of every tbench
/// recording of the two instances that have more than one (the columns the committed files give;
/// the placement columns are read from the traces, which are not committed).
#[test]
fn the_tbench_placement_table_is_the_recordings() {
    let (table, _) = readme_marked("tbench-placement");
    let rows = [
        ("v1045", "recordings/host-2vcpu", "tbench-c1"),
        ("v1045", "recordings/host-2vcpu", "tbench-c2"),
        ("v1045", "recordings/host-2vcpu", "tbench-c4"),
        ("v1300", "recordings/tbench-instances/v1300", "tbench-c1"),
        ("v1300", "recordings/tbench-instances/v1300", "tbench-c2"),
        ("v1300", "recordings/tbench-instances/v1300", "tbench-c2b"),
        ("v1300", "recordings/tbench-instances/v1300", "tbench-c4"),
        ("v1300", "recordings/tbench-instances/v1300", "tbench-c4b"),
    ];
    for (instance, dir, name) in rows {
        let s = loopback_split(dir, name);
        let row = format!(
            "| {instance} | {name} | {} MB/sec | {} | {:.1}% | {:.2} µs | {:.1} µs |",
            s.mb_per_s,
            s.ops,
            100.0 * s.softirq_share,
            s.rx_us,
            s.rest_us
        );
        assert!(
            table.contains(&row),
            "the tbench-placement table lacks `{row}`"
        );
    }
    assert_eq!(
        table.lines().filter(|l| l.starts_with("| v")).count(),
        rows.len(),
        "one row per recording"
    );
}

/// pgbench's work per statement (`PgbenchConfig::client_cycles` / `backend_cycles`) is the
/// committed pgbench-select-c1's (one client): each side's burst (wake-up to block) read as the
/// uniform range with the burst's p10 and p90, less the side's median run after its send
/// (`waker_runs_on`), at the recording's 1996.249 MHz, to 100 cycles.
#[test]
fn the_pgbench_work_per_statement_is_the_recording() {
    let summary = recording_json("pgbench-select-c1.summary.json");
    let meta = recording_json("pgbench-select-c1.json");
    // /proc/cpuinfo's "cpu MHz" of each vCPU, as text
    let mhz: f64 = meta["host"]["cpu_mhz_proc_cpuinfo"][0]
        .as_str()
        .and_then(|v| v.parse().ok())
        .expect("the recording's clock");
    let to_cycles = |us: f64| (us * mhz / 100.0).round() as u64 * 100;
    let d = wakelab_sim::workload::PgbenchConfig::default();
    for (name, default) in [("pgbench", d.client_cycles), ("postgres", d.backend_cycles)] {
        let g = group(&summary, name);
        let (p10, p90) = (num(&g["burst"], "p10"), num(&g["burst"], "p90"));
        // a uniform [lo, hi] has its p10 at lo + w/10 and its p90 at hi - w/10
        let w = (p90 - p10) / 0.8;
        let after = num(&g["waker_runs_on"], "p50");
        let lo = to_cycles((p10 - w / 10.0 - after) / 1000.0);
        let hi = to_cycles((p90 + w / 10.0 - after) / 1000.0);
        assert_eq!(
            default,
            Amount::Uniform { lo, hi },
            "pgbench's {name} work per statement is the recording's"
        );
    }
}

/// dbench's CPU per file operation in the six committed dbench recordings: the `dbench`
/// group's CPU (summary.json) over the operations in dbench's own table (bench.log). The
/// README's op_cycles row quotes them, and the model's default `op_cycles` is their mean at
/// 2.0 GHz (the recording host's clock), to the nearest 1000 cycles.
#[test]
fn the_dbench_op_cost_is_the_recordings() {
    let mut per_op = Vec::new();
    let mut cells = Vec::new();
    for fs in ["ext4", "xfs"] {
        let mut row = Vec::new();
        for c in [1, 2, 4] {
            let name = format!("dbench-{fs}-c{c}");
            let ops = op_table_count(&recording_text(&format!("{name}.bench.log")));
            assert!(ops > 10_000, "{name}: the op table has {ops} operations");
            let summary = recording_json(&format!("{name}.summary.json"));
            let us = num(group(&summary, "dbench"), "cpu_ns") / ops as f64 / 1000.0;
            per_op.push(us);
            row.push(format!("{us:.1}"));
        }
        cells.push(format!("{fs} **{}** µs", row.join(" / ")));
    }
    let readme = std::fs::read_to_string(root().join("recordings/README.md")).unwrap();
    let readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    let quoted = format!("per op: {}", cells.join("; "));
    assert!(readme.contains(&quoted), "README lacks `{quoted}`");
    let mean = per_op.iter().sum::<f64>() / per_op.len() as f64;
    let cycles = ((mean * 2.0).round() * 1000.0) as u64;
    let Amount::Uniform { lo, hi } = wakelab_sim::workload::DbenchConfig::default().op_cycles
    else {
        panic!("dbench's op_cycles is a uniform range")
    };
    assert_eq!(
        (lo + hi) / 2,
        cycles,
        "dbench's op_cycles mean is the recordings' mean CPU per op ({mean:.2} µs) at 2.0 GHz"
    );
    let stated = format!("mean {mean:.2} µs");
    assert!(readme.contains(&stated), "README lacks `{stated}`");
}
