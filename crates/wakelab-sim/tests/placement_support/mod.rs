//! Shared helpers for the placement tests: build a `LoadedSnapshot` (a `SchedView`) in code,
//! tweak it, run `select_task_rq` with a recorder.
#![allow(dead_code)]

use wakelab_sim::cpumask::{Cpu, CpuMask};
use wakelab_sim::kernel::{KernelConfig, KernelVersion, PatchId};
use wakelab_sim::placement::snapshot::{LoadedSnapshot, RequestSpec, Snapshot, TaskSpec};
use wakelab_sim::placement::{
    Decision, Event, PlacementState, Recorder, SdFlag, TaskPlacement, Verdict, select_task_rq,
};
use wakelab_sim::topology::{MachineShape, SchedDomains};

pub fn shape(sockets: u16, llcs: u16, cores: u16, smt: u8) -> MachineShape {
    MachineShape::symmetric(sockets, llcs, cores, smt)
}

pub fn cfg(v: KernelVersion, patches: &[PatchId]) -> KernelConfig {
    let mut c = KernelConfig::baseline(v);
    for &p in patches {
        c = c.with(p);
    }
    c
}

/// A snapshot with every CPU idle, p (id 1) last on `prev`, woken from `this` by its idle task.
pub fn snap(m: MachineShape, kernel: KernelConfig, prev: Cpu, this: Cpu) -> LoadedSnapshot {
    Snapshot {
        format: 1,
        description: String::new(),
        machine: m,
        kernel,
        now_ns: 10_000_000_000,
        cpus: vec![],
        has_idle_cores: vec![],
        avg_scan_cost: vec![],
        nr_idle_scan: vec![],
        groups: vec![],
        task: TaskSpec {
            id: 1,
            prev_cpu: prev,
            ..Default::default()
        },
        current: None,
        request: RequestSpec {
            this_cpu: this,
            kind: SdFlag::Wake,
            sync: false,
            in_task: true,
        },
        params: Default::default(),
    }
    .load()
    .expect("valid snapshot")
}

pub fn set_busy(l: &mut LoadedSnapshot, cpus: &[Cpu]) {
    for &c in cpus {
        let s = &mut l.cpus[c as usize];
        s.nr_running = 1;
        s.load_avg = 1024;
        s.runnable_load_avg = 1024;
        s.util_avg = 1024;
    }
}

/// The waker is a normal task (id 2) running on this_cpu (which becomes busy).
pub fn task_waker(l: &mut LoadedSnapshot) {
    let this = l.request.this_cpu;
    set_busy(l, &[this]);
    l.current = TaskPlacement::new(2, this, *l.topology.all());
}

pub struct Out {
    pub d: Decision,
    pub p: TaskPlacement,
    pub cur: TaskPlacement,
    pub st: PlacementState,
    pub ev: Vec<Event>,
}

impl Out {
    /// CPUs examined by select_idle_cpu, in order, with verdicts.
    pub fn idle_cpu_scan(&self) -> Vec<(Cpu, Verdict)> {
        self.ev
            .iter()
            .filter_map(|e| match *e {
                Event::Examine {
                    func: wakelab_sim::placement::Func::SelectIdleCpu,
                    cpu,
                    verdict,
                } => Some((cpu, verdict)),
                _ => None,
            })
            .collect()
    }
    pub fn value(&self, name: &str) -> Option<i64> {
        self.ev.iter().find_map(|e| match *e {
            Event::Value { name: n, value } if n == name => Some(value),
            _ => None,
        })
    }
    pub fn this_stats(&self, this: Cpu) -> wakelab_sim::placement::SisStats {
        self.st.stats[this as usize]
    }
}

pub fn run(l: &LoadedSnapshot) -> Out {
    let mut st = l.state.clone();
    let mut p = l.task;
    let mut cur = l.current;
    let mut rec = Recorder::default();
    let d = select_task_rq(
        l,
        &mut st,
        &l.behaviour,
        &l.request,
        &mut p,
        &mut cur,
        &mut rec,
    );
    Out {
        d,
        p,
        cur,
        st,
        ev: rec.events,
    }
}

/// The same state under another kernel configuration (domains rebuilt for the version; CPUs at
/// the old default capacity get the new version's capacity_orig).
pub fn with_kernel(l: &LoadedSnapshot, kernel: KernelConfig) -> LoadedSnapshot {
    let mut l2 = l.clone();
    l2.behaviour = kernel.resolve().expect("valid config");
    l2.snapshot.kernel = kernel;
    if kernel.version != l.snapshot.kernel.version
        || kernel.topology_flags != l.snapshot.kernel.topology_flags
    {
        l2.domains = SchedDomains::build(&l2.topology, kernel.version, kernel.topology_flags);
        for c in 0..l2.cpus.len() {
            if l2.cpus[c].capacity == l.domains.capacity_orig[c] as u32 {
                l2.cpus[c].capacity = l2.domains.capacity_orig[c] as u32;
            }
        }
    }
    l2
}

pub fn rerun_with(l: &LoadedSnapshot, kernel: KernelConfig) -> Out {
    run(&with_kernel(l, kernel))
}

pub fn mask(cpus: &[Cpu]) -> CpuMask {
    CpuMask::from_cpus(cpus.iter().copied())
}
