//! Placement and PELT micro-benchmarks (docs/performance.md): one `select_task_rq` wake-up
//! decision on the 80-CPU preset shape (2 x 20 x SMT-2) and on a 256-CPU machine
//! (2 x 32 x SMT-4), with every CPU idle, half of them busy, and all busy; and one PELT update.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;

use wakelab_sim::cpumask::{Cpu, CpuMask};
use wakelab_sim::kernel::{KernelConfig, KernelVersion, TopologyFlags};
use wakelab_sim::pelt::SchedAvg;
use wakelab_sim::placement::{
    NoExplain, PlacementState, SchedView, SdFlag, TaskPlacement, WakeRequest, select_task_rq,
};
use wakelab_sim::topology::{MachineShape, SchedDomains, Topology};

/// A frozen machine state for the decision (the engine's live view costs the same reads).
struct Frozen {
    topo: Topology,
    sd: SchedDomains,
    busy: CpuMask,
}

impl SchedView for Frozen {
    fn now(&self) -> u64 {
        10_000_000_000
    }
    fn topology(&self) -> &Topology {
        &self.topo
    }
    fn domains(&self) -> &SchedDomains {
        &self.sd
    }
    fn idle_cpu(&self, c: Cpu) -> bool {
        !self.busy.test(c)
    }
    fn ttwu_pending(&self, _: Cpu) -> bool {
        false
    }
    fn nr_running(&self, c: Cpu) -> u32 {
        self.busy.test(c) as u32
    }
    fn runnable_load_avg(&self, c: Cpu) -> u64 {
        if self.busy.test(c) { 1024 } else { 0 }
    }
    fn cpu_load(&self, c: Cpu) -> u64 {
        self.runnable_load_avg(c)
    }
    fn cfs_util_avg(&self, c: Cpu) -> u32 {
        if self.busy.test(c) { 800 } else { 10 }
    }
    fn util_est_enqueued(&self, _: Cpu) -> u32 {
        0
    }
    fn capacity_of(&self, _: Cpu) -> u32 {
        1024
    }
    fn avg_idle(&self, _: Cpu) -> u64 {
        1_000_000
    }
    fn wake_avg_idle(&self, _: Cpu) -> u64 {
        500_000
    }
    fn idle_stamp(&self, _: Cpu) -> u64 {
        9_000_000_000
    }
    fn idle_exit_latency(&self, c: Cpu) -> Option<u32> {
        (!self.busy.test(c)).then_some(2_000)
    }
    fn curr_is_per_cpu_kthread(&self, _: Cpu) -> bool {
        false
    }
}

fn machine(cores: u16, smt: u8, version: KernelVersion, busy_every: Option<usize>) -> Frozen {
    let shape = MachineShape::symmetric(2, 1, cores, smt);
    let topo = Topology::new(&shape).unwrap();
    let sd = SchedDomains::build(&topo, version, TopologyFlags::Mainline);
    let n = topo.nr_cpus();
    let busy = match busy_every {
        None => CpuMask::EMPTY,
        Some(1) => CpuMask::first_n(n),
        Some(k) => CpuMask::from_cpus((0..n).filter(|c| c % k == 0).map(|c| c as Cpu)),
    };
    Frozen { topo, sd, busy }
}

fn decisions(c: &mut Criterion) {
    let mut g = c.benchmark_group("select_task_rq");
    for (name, cores, smt) in [("80cpu", 20u16, 2u8), ("256cpu", 32, 4)] {
        for (state, every) in [("idle", None), ("half", Some(2)), ("busy", Some(1))] {
            let view = machine(cores, smt, KernelVersion::V5_10, every);
            let b = KernelConfig::baseline(KernelVersion::V5_10)
                .resolve()
                .unwrap();
            let mut st = PlacementState::new(&view.topo);
            let all = *view.topo.all();
            g.bench_with_input(BenchmarkId::new(name, state), &(), |bench, _| {
                let mut k = 0u16;
                bench.iter(|| {
                    k = (k + 7) % view.topo.nr_cpus() as u16;
                    let mut p = TaskPlacement::new(1, k, all);
                    let mut cur = TaskPlacement::new(2, 0, all);
                    let req = WakeRequest {
                        p: 1,
                        this_cpu: 0,
                        kind: SdFlag::Wake,
                        sync: true,
                        in_task: true,
                    };
                    black_box(select_task_rq(
                        &view,
                        &mut st,
                        &b,
                        &req,
                        &mut p,
                        &mut cur,
                        &mut NoExplain,
                    ))
                })
            });
        }
    }
    g.finish();
}

fn pelt(c: &mut Criterion) {
    c.bench_function("pelt_update", |bench| {
        let mut a = SchedAvg::default();
        let mut t = 0u64;
        bench.iter(|| {
            t += 700_000; // crosses a period boundary most of the time
            black_box(a.update(t, 1, 1, true, 1024, 1024))
        })
    });
}

criterion_group!(benches, decisions, pelt);
criterion_main!(benches);
