//! vcpu-pack (the recording host's build, recordings/host-kernel/README.md): each of its rules
//! at the place it acts, next to 6.18's decision on the same state. 4 CPUs in one LLC; p (util
//! 200) last ran on `prev`, the waker runs on `this`.

mod placement_support;

use std::fmt::Write;

use placement_support::*;
use wakelab_sim::cpumask::Cpu;
use wakelab_sim::kernel::KernelVersion::V6_18;
use wakelab_sim::kernel::PatchId;
use wakelab_sim::placement::snapshot::LoadedSnapshot;
use wakelab_sim::placement::{Func, SdFlag, TaskPlacement, Verdict};

/// A CPU running `nr` fair tasks with utilisation `util`.
fn load(l: &mut LoadedSnapshot, cpu: Cpu, nr: u32, util: u32) {
    let s = &mut l.cpus[cpu as usize];
    s.nr_running = nr;
    s.load_avg = 1024 * nr as u64;
    s.runnable_load_avg = s.load_avg;
    s.util_avg = util;
    s.util_est = util;
}

struct Case {
    name: &'static str,
    prev: Cpu,
    this: Cpu,
    kind: SdFlag,
    sync: bool,
    /// The waker is `this` CPU's idle task (an interrupt on an idle CPU).
    from_idle: bool,
    /// (cpu, nr_running, util) besides the waker's CPU (nr 1, `waker_util`).
    busy: &'static [(Cpu, u32, u32)],
    waker_util: u32,
}

fn case_snapshot(c: &Case, patches: &[PatchId]) -> LoadedSnapshot {
    let mut l = snap(shape(1, 1, 4, 1), cfg(V6_18, patches), c.prev, c.this);
    l.request.kind = c.kind;
    l.request.sync = c.sync;
    l.task.util_avg = 200;
    l.task.util_est = 200;
    if !c.from_idle {
        load(&mut l, c.this, 1, c.waker_util);
        l.current = TaskPlacement::new(2, c.this, *l.topology.all());
    }
    for &(cpu, nr, util) in c.busy {
        load(&mut l, cpu, nr, util);
    }
    l
}

const CASES: &[Case] = &[
    Case {
        name: "sync, light waker, prev idle",
        prev: 0,
        this: 2,
        kind: SdFlag::Wake,
        sync: true,
        from_idle: false,
        busy: &[],
        waker_util: 300,
    },
    Case {
        name: "sync, waker at 600 (600 + 200 >= 70% of 1024)",
        prev: 0,
        this: 2,
        kind: SdFlag::Wake,
        sync: true,
        from_idle: false,
        busy: &[],
        waker_util: 600,
    },
    Case {
        name: "sync, light waker with a second runnable task",
        prev: 0,
        this: 2,
        kind: SdFlag::Wake,
        sync: true,
        from_idle: false,
        busy: &[(2, 2, 300)],
        waker_util: 300,
    },
    Case {
        name: "not sync, prev busy and light",
        prev: 1,
        this: 2,
        kind: SdFlag::Wake,
        sync: false,
        from_idle: false,
        busy: &[(1, 1, 100)],
        waker_util: 300,
    },
    Case {
        name: "not sync, prev idle, waker heavy, CPU 3 busy and light",
        prev: 0,
        this: 2,
        kind: SdFlag::Wake,
        sync: false,
        from_idle: false,
        busy: &[(3, 1, 100)],
        waker_util: 900,
    },
    Case {
        name: "interrupt on idle CPU 3, prev idle",
        prev: 0,
        this: 3,
        kind: SdFlag::Wake,
        sync: false,
        from_idle: true,
        busy: &[],
        waker_util: 0,
    },
    Case {
        name: "fork, light parent",
        prev: 2,
        this: 2,
        kind: SdFlag::Fork,
        sync: false,
        from_idle: false,
        busy: &[],
        waker_util: 300,
    },
    Case {
        name: "fork, heavy parent",
        prev: 2,
        this: 2,
        kind: SdFlag::Fork,
        sync: false,
        from_idle: false,
        busy: &[],
        waker_util: 900,
    },
];

fn decision(l: &LoadedSnapshot) -> String {
    let o = run(l);
    format!("CPU {} {:?}", o.d.cpu, o.d.rule)
}

#[test]
fn each_packing_rule_next_to_mainline() {
    let mut table = String::new();
    for c in CASES {
        let mainline = decision(&case_snapshot(c, &[]));
        let packed = decision(&case_snapshot(c, &[PatchId::VcpuPack]));
        writeln!(
            table,
            "{:<55} | 6.18: {:<22} | vcpu-pack: {packed}",
            c.name, mainline
        )
        .unwrap();
    }
    expect_test::expect![[r#"
        sync, light waker, prev idle                            | 6.18: CPU 0 PrevIdle         | vcpu-pack: CPU 2 VcpuPack
        sync, waker at 600 (600 + 200 >= 70% of 1024)           | 6.18: CPU 0 PrevIdle         | vcpu-pack: CPU 0 PrevIdle
        sync, light waker with a second runnable task           | 6.18: CPU 0 TargetIdle       | vcpu-pack: CPU 0 TargetIdle
        not sync, prev busy and light                           | 6.18: CPU 3 IdleCpu          | vcpu-pack: CPU 1 VcpuPack
        not sync, prev idle, waker heavy, CPU 3 busy and light  | 6.18: CPU 0 TargetIdle       | vcpu-pack: CPU 3 VcpuPack
        interrupt on idle CPU 3, prev idle                      | 6.18: CPU 0 TargetIdle       | vcpu-pack: CPU 3 VcpuPack
        fork, light parent                                      | 6.18: CPU 3 SlowPath         | vcpu-pack: CPU 2 VcpuPack
        fork, heavy parent                                      | 6.18: CPU 3 SlowPath         | vcpu-pack: CPU 3 SlowPath
    "#]]
    .assert_eq(&table);
}

#[test]
fn a_packed_wake_up_skips_record_wakee_and_explains_the_room_test() {
    let c = &CASES[0];
    let o = run(&case_snapshot(c, &[PatchId::VcpuPack]));
    // record_wakee did not run: the waker's flips are untouched
    assert_eq!(o.cur.wakee_flips, 0);
    assert_eq!(o.cur.last_wakee, None);
    assert!(o.ev.iter().any(|e| matches!(
        e,
        wakelab_sim::placement::Event::Examine {
            func: Func::VcpuPackRoom,
            cpu: 2,
            verdict: Verdict::PackRoom
        }
    )));
    // and without the toggle it does
    let o = run(&case_snapshot(c, &[]));
    assert_eq!(o.cur.last_wakee, Some(1));
}
