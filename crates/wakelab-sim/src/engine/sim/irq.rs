//! Interrupts: periodic sources firing, an interrupt stealing time from a CPU, and its end.

use crate::cpumask::Cpu;

use super::{Ev, Sim};

impl Sim {
    pub(super) fn irq_fire(&mut self, src: u16) {
        let s = self.irqs[src as usize];
        self.irq_on(s.cpu, s.duration_ns);
        self.q.push(self.now + s.period_ns, Ev::IrqFire { src });
    }

    /// An interrupt occupies `cpu` for `ns`: the running task makes no progress meanwhile.
    pub(super) fn irq_on(&mut self, cpu: Cpu, ns: u64) {
        if ns == 0 {
            return;
        }
        let now = self.now;
        self.update_rq_avgs(cpu);
        let rq = &mut self.rqs[cpu as usize];
        let start = rq.irq_until.max(now);
        rq.irq_until = start + ns;
        if rq.curr.is_none() {
            self.busy_until[cpu as usize] = rq.irq_until;
        }
        rq.irq_ns += ns;
        if self.sd.version.is_4x() {
            rq.rt_avg += ns * 1024;
        }
        rq.irq_gen = rq.irq_gen.wrapping_add(1);
        let seg = rq.irq_gen;
        let until = rq.irq_until;
        self.q.push(until, Ev::IrqEnd { cpu, seg });
        if self.rqs[cpu as usize].curr.is_some() {
            self.retime(cpu);
        }
        self.smt_changed(cpu);
    }

    pub(super) fn irq_end(&mut self, cpu: Cpu) {
        self.update_rq_avgs(cpu);
        if self.rqs[cpu as usize].curr.is_some() {
            self.retime(cpu);
        }
        self.smt_changed(cpu);
        self.resched.set(cpu);
    }
}
