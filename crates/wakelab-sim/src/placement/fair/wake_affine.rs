//! Wake-affine (§3.1-§4): `record_wakee`, `wake_wide`, `wake_cap`, `wake_affine`,
//! `wake_affine_idle` and `wake_affine_weight`.

use crate::cpumask::Cpu;

use super::super::explain::{Explain, Func};
use super::super::{SchedView, TaskPlacement};
use super::{CAPACITY_MARGIN, Ctx, SCHED_CAPACITY_SCALE, WAKEE_DECAY_NS};

/// `record_wakee` (§3.1): mutates the waker (`current`), even for IRQ-context wake-ups.
pub(super) fn record_wakee<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    p: &TaskPlacement,
    current: &mut TaskPlacement,
) {
    let now = c.view.now();
    // `time_after(jiffies, current->wakee_flip_decay_ts + HZ)`: halve once, not per second.
    if now > current.wakee_flip_decay_ts.saturating_add(WAKEE_DECAY_NS) {
        current.wakee_flips >>= 1;
        current.wakee_flip_decay_ts = now;
    }
    if current.last_wakee != Some(p.id) {
        current.last_wakee = Some(p.id);
        current.wakee_flips = current.wakee_flips.saturating_add(1);
    }
}

/// `wake_wide` (§3.1): factor = LLC size of the waker's CPU.
pub(super) fn wake_wide<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    p: &TaskPlacement,
    current: &TaskPlacement,
) -> bool {
    let mut master = current.wakee_flips as u64;
    let mut slave = p.wakee_flips as u64;
    let factor = c.sd_llc_size(c.this) as u64;
    if master < slave {
        std::mem::swap(&mut master, &mut slave);
    }
    let wide = !(slave < factor || master < slave * factor);
    c.chk("wake_wide", None, wide)
}

/// `wake_cap` — 4.15/4.16 only (§3.2).
pub(super) fn wake_cap<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    p: &TaskPlacement,
    cpu: Cpu,
    prev_cpu: Cpu,
) -> bool {
    let min_cap = c.capacity_orig_of(prev_cpu).min(c.capacity_orig_of(cpu));
    let max_cap = c.view.domains().max_cpu_capacity as u64;
    if max_cap - min_cap < max_cap >> 3 {
        return false;
    }
    let r = min_cap * SCHED_CAPACITY_SCALE < p.util_avg as u64 * CAPACITY_MARGIN;
    c.chk("wake_cap", None, r)
}

/// `wake_affine` — 4.15 boolean (§4.1); ≥4.16 CPU-returning (§4.2-§4.4). Returns the affine
/// target (this_cpu, or prev via the idle rules), `None` for "stay on prev".
pub(super) fn wake_affine<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    level: usize,
    p: &TaskPlacement,
    current: &TaskPlacement,
    this_cpu: Cpu,
    prev_cpu: Cpu,
    sync: bool,
) -> Option<Cpu> {
    c.enter(Func::WakeAffine);
    let b = c.b;
    let target = if b.wake_affine_returns_cpu {
        // wake-affine-return-cpu: `int target = nr_cpumask_bits;` ... returns a CPU id.
        let mut target = None;
        if b.wa_idle {
            target = wake_affine_idle(c, this_cpu, prev_cpu, sync);
        }
        if b.wa_weight && target.is_none() {
            target = wake_affine_weight(c, level, p, current, this_cpu, prev_cpu, sync);
        }
        c.stats().nr_wakeups_affine_attempts += 1;
        if target.is_some() {
            c.stats().nr_wakeups_affine += 1;
        }
        target
    } else {
        // 4.15: `bool affine = false;` ... `return affine;` (caller: new_cpu = cpu).
        let mut affine = false;
        if b.wa_idle {
            affine = if b.wa_idle_trimmed_params {
                // wake-affine-idle-params: (this_cpu, prev_cpu, sync).
                wake_affine_idle(c, this_cpu, prev_cpu, sync).is_some()
            } else {
                wake_affine_idle_415(c, level, p, this_cpu, prev_cpu, sync)
            };
        }
        if b.wa_weight && !affine {
            affine = wake_affine_weight(c, level, p, current, this_cpu, prev_cpu, sync).is_some();
        }
        c.stats().nr_wakeups_affine_attempts += 1;
        if affine {
            c.stats().nr_wakeups_affine += 1;
        }
        affine.then_some(this_cpu)
    };
    c.leave(Func::WakeAffine, target)
}

/// `wake_affine_idle(sd, p, this_cpu, prev_cpu, sync)` — 4.15 signature (§4.1). `sd` and `p`
/// are unused, as in the kernel (wake-affine-idle-params removes them).
fn wake_affine_idle_415<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    _sd: usize,
    _p: &TaskPlacement,
    this_cpu: Cpu,
    prev_cpu: Cpu,
    sync: bool,
) -> bool {
    wake_affine_idle(c, this_cpu, prev_cpu, sync).is_some()
}

/// `wake_affine_idle` — 4.15 (§4.1), 4.16 (§4.2), 5.10 (§4.3), 5.11+ (§4.4). `None` is
/// `nr_cpumask_bits` ("no opinion"); 4.15's `true` is `Some(this_cpu)`.
fn wake_affine_idle<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    this_cpu: Cpu,
    prev_cpu: Cpu,
    sync: bool,
) -> Option<Cpu> {
    c.enter(Func::WakeAffineIdle);
    let b = c.b;
    let r = 'r: {
        if b.wa_idle_prefers_idle_prev {
            // prev-idle-no-migrate: an idle waker CPU only wins if it shares the LLC with prev,
            // and then an idle prev is kept.
            let this_idle = c.idle_for_wa(this_cpu);
            if c.chk("idle(this_cpu)", Some(this_cpu), this_idle)
                && c.chk(
                    "cpus_share_cache(this_cpu, prev_cpu)",
                    None,
                    c.cpus_share_cache(this_cpu, prev_cpu),
                )
            {
                let prev_idle = c.idle_for_wa(prev_cpu);
                break 'r Some(if c.chk("idle(prev_cpu)", Some(prev_cpu), prev_idle) {
                    prev_cpu
                } else {
                    this_cpu
                });
            }
        } else {
            // 4.15: an idle waker CPU attracts the task, no cache test (§4.1).
            let this_idle = c.idle_for_wa(this_cpu);
            if c.chk("idle(this_cpu)", Some(this_cpu), this_idle) {
                break 'r Some(this_cpu);
            }
        }
        // 6.18: delayed tasks (DELAY_DEQUEUE) do not count (cfs_h_nr_delayed)
        let one = c.view.nr_running(this_cpu) - c.view.cfs_h_nr_delayed(this_cpu) == 1;
        c.scanned += 1;
        let what = if b.eevdf {
            "sync && nr_running(this_cpu) - cfs_h_nr_delayed(this_cpu) == 1"
        } else {
            "sync && nr_running(this_cpu) == 1"
        };
        if c.chk(what, Some(this_cpu), sync && one) {
            break 'r Some(this_cpu);
        }
        // 5.11 (d8fcb81f1acf): an idle prev wins even across LLCs.
        if b.wa_idle_prev_idle_any_llc {
            let prev_idle = c.idle_for_wa(prev_cpu);
            if c.chk("idle(prev_cpu)", Some(prev_cpu), prev_idle) {
                break 'r Some(prev_cpu);
            }
        }
        None
    };
    c.leave(Func::WakeAffineIdle, r)
}

impl<V: SchedView, E: Explain> Ctx<'_, V, E> {
    /// wake_affine_idle's idle test: `idle_cpu` (4.x) / `available_idle_cpu` (5.x, no
    /// sched_idle).
    #[inline]
    fn idle_for_wa(&mut self, cpu: Cpu) -> bool {
        self.available_idle_cpu(cpu)
    }
}

/// `wake_affine_weight` — 4.15/4.16 (§4.1, `<=`), 5.10+ (§4.3, cpu_load, strict `<`, sync +1).
fn wake_affine_weight<V: SchedView, E: Explain>(
    c: &mut Ctx<V, E>,
    level: usize,
    p: &TaskPlacement,
    current: &TaskPlacement,
    this_cpu: Cpu,
    prev_cpu: Cpu,
    sync: bool,
) -> Option<Cpu> {
    c.enter(Func::WakeAffineWeight);
    let b = c.b;
    let v = c.view;
    let load = |cpu| {
        if b.wa_weight_uses_cpu_load {
            v.cpu_load(cpu) as i64
        } else {
            // target_load/source_load at wake_idx 0 = weighted_cpuload = runnable_load_avg.
            v.runnable_load_avg(cpu) as i64
        }
    };
    c.scanned += 2;
    let imbalance_pct = v.domains().levels[level].imbalance_pct as i64;
    let r = 'r: {
        let mut this_eff_load = load(this_cpu);
        c.val("this_load", this_eff_load);
        if sync {
            let current_load = current.load_avg as i64;
            if current_load > this_eff_load {
                break 'r Some(this_cpu);
            }
            this_eff_load -= current_load;
        }
        let task_load = p.load_avg as i64;
        this_eff_load += task_load;
        if b.wa_bias {
            this_eff_load *= 100;
        }
        this_eff_load *= v.capacity_of(prev_cpu) as i64;

        let mut prev_eff_load = load(prev_cpu);
        c.val("prev_load", prev_eff_load);
        prev_eff_load -= task_load;
        if b.wa_bias {
            prev_eff_load *= 100 + (imbalance_pct - 100) / 2;
        }
        prev_eff_load *= v.capacity_of(this_cpu) as i64;
        if b.wa_weight_strict && sync {
            prev_eff_load += 1;
        }
        c.val("this_eff_load", this_eff_load);
        c.val("prev_eff_load", prev_eff_load);
        let affine = if b.wa_weight_strict {
            this_eff_load < prev_eff_load
        } else {
            this_eff_load <= prev_eff_load
        };
        if c.chk("this_eff_load < prev_eff_load (4.x: <=)", None, affine) {
            Some(this_cpu)
        } else {
            None
        }
    };
    c.leave(Func::WakeAffineWeight, r)
}
