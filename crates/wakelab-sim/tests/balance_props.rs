//! Property tests of `load_balance` over random snapshots (`wakelab balance`): random machines,
//! versions, runqueues, affinities, cache hotness and failure counts.

use proptest::prelude::*;
use serde_json::{Value, json};
use wakelab_sim::engine::balance::snapshot::{BalanceOutput, balance_json};

const VERSIONS: [&str; 6] = ["4.15", "4.16", "5.10", "5.11", "5.12", "5.15"];
const SHAPES: [(u16, u16, u8); 4] = [(1, 4, 1), (1, 2, 2), (2, 4, 1), (2, 2, 2)];

#[derive(Clone, Debug)]
struct World {
    shape: usize,
    version: usize,
    /// Tasks per CPU (0..=3), and per task: (allowed bits, hot) seeds.
    per_cpu: Vec<u8>,
    seeds: Vec<(u32, bool)>,
    this_cpu: usize,
    level: usize,
    failed: u32,
}

fn world() -> impl Strategy<Value = World> {
    (
        0usize..SHAPES.len(),
        0usize..VERSIONS.len(),
        proptest::collection::vec(0u8..=3, 8),
        proptest::collection::vec((any::<u32>(), any::<bool>()), 24),
        0usize..8,
        0usize..3,
        0u32..6,
    )
        .prop_map(
            |(shape, version, per_cpu, seeds, this_cpu, level, failed)| World {
                shape,
                version,
                per_cpu,
                seeds,
                this_cpu,
                level,
                failed,
            },
        )
}

/// The snapshot; `pinned`: random affinities (always containing the task's own CPU).
fn snapshot(w: &World, pinned: bool) -> (Value, Vec<(u32, u16, u32)>) {
    let (sockets, cores, smt) = SHAPES[w.shape];
    let n = (sockets * cores) as usize * smt as usize;
    let levels = match (sockets, smt) {
        (1, 1) => 1,
        (1, _) | (_, 1) => 2,
        _ => 3,
    };
    let mut tasks = vec![];
    let mut info = vec![];
    let mut id = 0u32;
    for cpu in 0..n {
        for k in 0..w.per_cpu[cpu] {
            let (bits, hot) = w.seeds[id as usize % w.seeds.len()];
            let allowed = if pinned {
                (bits & ((1u32 << n) - 1)) | (1 << cpu)
            } else {
                (1u32 << n) - 1
            };
            let list: Vec<String> = (0..n)
                .filter(|c| allowed & (1 << c) != 0)
                .map(|c| c.to_string())
                .collect();
            tasks.push(json!({
                "id": id, "cpu": cpu, "running": k == 0, "allowed": list.join(","),
                "ran_ns_ago": if hot { 100_000 } else { 5_000_000 }
            }));
            info.push((id, cpu as u16, allowed));
            id += 1;
        }
    }
    let this_cpu = w.this_cpu % n;
    // a consistent idle type: a CPU with tasks balances busy, an empty one idle or newly idle
    let idle = if w.per_cpu[this_cpu] > 0 {
        "not_idle"
    } else if w.failed.is_multiple_of(2) {
        "idle"
    } else {
        "newly_idle"
    };
    let v = json!({
        "format": 1,
        "machine": { "sockets": sockets, "cores_per_llc": cores, "smt": smt },
        "kernel": { "version": VERSIONS[w.version] },
        "now_ns": 10_000_000_000u64,
        "this_cpu": this_cpu,
        "level": w.level % levels,
        "idle": idle,
        "sd": { "nr_balance_failed": w.failed },
        "tasks": tasks,
    });
    (v, info)
}

fn run(v: &Value) -> BalanceOutput {
    balance_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}\n{v}"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Affinity is never violated: by detach_tasks (including LBF_DST_PINNED retries to another
    /// CPU of the local group) nor by the active-balance stopper.
    #[test]
    fn affinity_never_violated(w in world()) {
        let (v, info) = snapshot(&w, true);
        let o = run(&v);
        let allowed = |t: u32| info.iter().find(|i| i.0 == t).unwrap().2;
        for m in o.moved.iter().chain(o.active.iter()) {
            prop_assert!(allowed(m.task) & (1 << m.to) != 0, "{m:?} {v}");
            let from = info.iter().find(|i| i.0 == m.task).unwrap().1;
            prop_assert_eq!(from, m.from);
            prop_assert!(m.from != m.to);
        }
        // a task moves at most once per call
        let mut ids: Vec<u32> = o.moved.iter().map(|m| m.task).collect();
        ids.sort();
        ids.dedup();
        prop_assert_eq!(ids.len(), o.moved.len());
    }

    /// Without pinning, equal-weight tasks and no RT load, every move goes from a group with
    /// more CFS tasks than the destination's local group had (groups of one level have the same
    /// size and capacity on these machines), and only a balancing CPU that passed
    /// should_we_balance moves anything.
    #[test]
    fn moves_go_from_more_to_less_loaded_groups(w in world()) {
        let (v, _) = snapshot(&w, false);
        let o = run(&v);
        if o.moved.is_empty() && o.active.is_none() {
            return Ok(());
        }
        prop_assert!(o.should_we_balance);
        let stats = o.stats.as_ref().expect("stats");
        let local = stats.local.sum_h_nr_running.max(stats.local.sum_nr_running);
        for m in o.moved.iter().chain(o.active.iter()) {
            let src = stats.groups.iter().find(|g| g.span.test(m.from)).expect("source group");
            let n = src.sum_h_nr_running.max(src.sum_nr_running);
            prop_assert!(n > local, "from {} tasks to {} tasks: {m:?}\n{v}", n, local);
        }
    }
}
