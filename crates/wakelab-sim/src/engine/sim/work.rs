//! Work accounting: a run phase of W cycles takes W / f at frequency f, shared with SMT siblings
//! (spec issue 3: "Work in cycles"); each CPU's run-completion timer.

use crate::cpumask::Cpu;

use super::{RATE_SHIFT, Sim};

impl Sim {
    /// Speed of `cpu` in cycles per ns << RATE_SHIFT (0 while it handles an interrupt).
    pub(super) fn speed(&self, cpu: Cpu) -> u64 {
        if self.rqs[cpu as usize].irq_until > self.now {
            return 0;
        }
        let khz = self.freq.work_khz(cpu);
        let now = self.now;
        let mut busy = 0usize;
        for &s in self.topo.smt_threads(cpu) {
            busy += (self.busy_until[s as usize] > now) as usize;
        }
        let share = self.smt_share[busy.max(1) - 1];
        (khz << RATE_SHIFT) / 1_000_000 * share / 1024
    }

    /// Each thread's share of its core (1/1024) when `busy` of its threads run, at index
    /// `busy - 1`: the core's `smt_throughput` divided among them (for `speed`, without a
    /// division on the hot path).
    pub(super) fn smt_shares(smt_throughput: &[u32], smt: usize) -> Vec<u64> {
        (1..=smt.max(1))
            .map(|busy| {
                let total = smt_throughput[(busy - 1).min(smt_throughput.len() - 1)] as u64;
                total / busy as u64
            })
            .collect()
    }

    /// Cycles the task running on `cpu` has done since its current segment began
    /// (`seg_start`, at `rate`): the progress not yet folded into its `remaining`.
    #[inline]
    pub(super) fn cycles_done(&self, cpu: Cpu) -> u64 {
        let rq = &self.rqs[cpu as usize];
        crate::wide::mul_shr(self.now - rq.seg_start, rq.rate, RATE_SHIFT)
    }

    /// Fold progress of the running task into `remaining` and schedule its completion anew.
    pub(super) fn retime(&mut self, cpu: Cpu) {
        let now = self.now;
        let Some(t) = self.rqs[cpu as usize].curr else {
            return;
        };
        let done = self.cycles_done(cpu);
        let task = &mut self.tasks[t as usize];
        task.remaining = task.remaining.saturating_sub(done);
        let rate = self.speed(cpu);
        let rq = &mut self.rqs[cpu as usize];
        rq.seg_start = now;
        rq.rate = rate;
        rq.run_gen = rq.run_gen.wrapping_add(1);
        let remaining = self.tasks[t as usize].remaining;
        if rate > 0 {
            // u64 division when it fits (always, for runs under ~8e12 cycles): u128 division
            // is a slow library call on the hottest path.
            let dt = if remaining < 1 << (63 - RATE_SHIFT) {
                (remaining << RATE_SHIFT).div_ceil(rate) as u128
            } else {
                ((remaining as u128) << RATE_SHIFT).div_ceil(rate as u128)
            };
            let seq = self.q.alloc_seq();
            self.run_timers.set(cpu as usize, now + dt as u64, seq);
        } else {
            // in an interrupt: no progress until it ends (irq_end re-times)
            self.run_timers.clear(cpu as usize);
        }
    }

    /// `cpu` may have changed between busy and idle: its siblings' share of the core may change.
    /// Collected and applied once per event (`flush_smt`): no simulated time passes inside an
    /// event, so a switch prev -> next does not re-time the siblings twice.
    #[inline]
    pub(super) fn smt_changed(&mut self, cpu: Cpu) {
        if self.topo.shape.smt > 1 {
            self.smt_dirty.set(cpu);
        }
    }

    pub(super) fn flush_smt(&mut self) {
        if self.smt_dirty.is_empty() {
            return;
        }
        while let Some(cpu) = self.smt_dirty.first() {
            self.smt_dirty.clear(cpu);
            let busy = self.busy_until[cpu as usize] > self.now;
            if busy != self.rqs[cpu as usize].smt_busy {
                self.rqs[cpu as usize].smt_busy = busy;
                self.retime_siblings(cpu);
            }
        }
    }

    /// Re-time SMT siblings of `cpu` (their share changed).
    pub(super) fn retime_siblings(&mut self, cpu: Cpu) {
        let core = self.topo.place(cpu).core as usize;
        for i in 0..self.topo.shape.smt as usize {
            let s = self.topo.core_span_thread(core, i);
            if s != cpu && self.rqs[s as usize].curr.is_some() {
                self.retime(s);
            }
        }
    }

    pub(super) fn run_done(&mut self, cpu: Cpu) {
        let Some(t) = self.rqs[cpu as usize].curr else {
            return;
        };
        self.tasks[t as usize].remaining = 0;
        // The finished segment's work is fully accounted: the next phase starts a new segment
        // now (otherwise the next retime would subtract the old segment's progress again).
        self.rqs[cpu as usize].seg_start = self.now;
        self.advance(t, cpu);
    }
}
