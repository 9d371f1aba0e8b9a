//! vcpu-pack: the packing rules the recording host's kernel (6.18.44-fc, `sched_vcpu_pack=15`)
//! runs at the top of `select_task_rq_fair`, before `record_wakee` and the domain walk.
//! Not mainline: decoded from that kernel's machine code, recordings/host-kernel/README.md
//! (`select_task_rq_fair.asm`, `vcpu_pack_room.asm`), which also gives the measurement that
//! shows it acting. The boot value 15 turns on all four rules (bits 1, 2, 4: wake-ups; 8: fork
//! and exec), so the toggle is the whole mask.

use crate::cpumask::Cpu;

use super::super::explain::{Event, Explain, Func, Verdict};
use super::super::{Rule, SchedView, SdFlag, TaskPlacement};
use super::Ctx;

/// `vcpu_pack_room(p, cpu)`: `cpu` may take `p` without spreading: `p` may run there, no
/// remote wake-up is queued for it, it runs only fair tasks and at most one besides `p`, and
/// its utilisation with `p`'s stays below 70% of its capacity.
fn vcpu_pack_room<V: SchedView, E: Explain>(
    c: &mut Ctx<'_, V, E>,
    kind: SdFlag,
    p: &TaskPlacement,
    cpu: Cpu,
) -> bool {
    c.scanned += 1;
    // `p->on_rq == TASK_ON_RQ_QUEUED && task_cpu(p) == cpu`: only an exec'ing task (running
    // on its CPU) is queued when select_task_rq runs
    let self_queued = u32::from(kind == SdFlag::Exec && cpu == p.prev_cpu);
    let view = c.view;
    let room = p.allowed.test(cpu)
        && !view.ttwu_pending(cpu)
        // rq->nr_running == rq->cfs.h_nr_queued: no RT / DL / stop task
        && view.nr_running(cpu) == view.cfs_h_nr_running(cpu)
        // rq->cfs.h_nr_runnable <= self + 1 (delayed sleepers are queued, not runnable)
        && view.cfs_h_nr_running(cpu).saturating_sub(view.cfs_h_nr_delayed(cpu)) <= self_queued + 1
        && {
            let mut util = c.cpu_util(cpu);
            if cpu != p.prev_cpu {
                // task_util_est(p)
                util += u64::from(p.util_avg.max(p.util_est));
            }
            util * 100 < u64::from(view.capacity_of(cpu)) * 70
        };
    c.ev(Event::Examine {
        func: Func::VcpuPackRoom,
        cpu,
        verdict: if room {
            Verdict::PackRoom
        } else {
            Verdict::NoPackRoom
        },
    });
    room
}

/// The packing rules in the host's order; `Some(cpu)` when one of them places `p` (the
/// caller returns it: no `record_wakee`, no domain walk). `cpu` is `smp_processor_id()`.
pub(super) fn vcpu_pack<V: SchedView, E: Explain>(
    c: &mut Ctx<'_, V, E>,
    kind: SdFlag,
    p: &TaskPlacement,
    current: &TaskPlacement,
    cpu: Cpu,
    sync: bool,
) -> Option<Cpu> {
    // `p->nr_cpus_allowed != 1`
    if p.allowed.and(c.view.topology().all()).weight() == 1 {
        return None;
    }
    match kind {
        SdFlag::Fork | SdFlag::Exec => {
            // sched_vcpu_pack & 8
            let room = vcpu_pack_room(c, kind, p, cpu);
            c.chk("vcpu_pack_room(p, this_cpu) (fork/exec)", Some(cpu), room)
                .then_some(cpu)
        }
        SdFlag::Wake => {
            // sched_vcpu_pack & 1: woken from an interrupt on an idle CPU
            let idle_irq =
                current.is_idle_task && c.view.nr_running(cpu) == 0 && p.allowed.test(cpu);
            if c.chk(
                "current is the idle task, this_rq empty, cpu allowed",
                Some(cpu),
                idle_irq,
            ) {
                return Some(cpu);
            }
            // sched_vcpu_pack & 2
            if sync {
                let room = vcpu_pack_room(c, kind, p, cpu);
                if c.chk("sync && vcpu_pack_room(p, this_cpu)", Some(cpu), room) {
                    return Some(cpu);
                }
            }
            // sched_vcpu_pack & 4
            let prev = p.prev_cpu;
            c.scanned += 1;
            let prev_busy = !c.view.idle_cpu(prev);
            if prev_busy {
                let room = vcpu_pack_room(c, kind, p, prev);
                if c.chk(
                    "!idle_cpu(prev) && vcpu_pack_room(p, prev)",
                    Some(prev),
                    room,
                ) {
                    return Some(prev);
                }
            }
            let room = vcpu_pack_room(c, kind, p, cpu);
            if c.chk("vcpu_pack_room(p, this_cpu)", Some(cpu), room) {
                return Some(cpu);
            }
            // for_each_cpu_and(i, p->cpus_ptr, cpu_active_mask), in CPU order
            let allowed = p.allowed.and(c.view.topology().all());
            for i in allowed.iter() {
                c.scanned += 1;
                if c.view.idle_cpu(i) {
                    continue;
                }
                if vcpu_pack_room(c, kind, p, i) {
                    c.chk("first busy CPU with vcpu_pack_room", Some(i), true);
                    return Some(i);
                }
            }
            None
        }
    }
}

/// Record the packing rule's choice (the explanation's last line).
pub(super) fn decide_packed<V: SchedView, E: Explain>(c: &mut Ctx<'_, V, E>, cpu: Cpu) -> Cpu {
    c.decide(Rule::VcpuPack, cpu)
}
