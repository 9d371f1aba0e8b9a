//! What an experiment will cost before it runs (issue 21 item 4).
//!
//! The limits accept experiments far larger than anyone should start by accident: 4096 runs of
//! 120 s on 512 CPUs is ~10^12 events. Rather than lower the limits (large sweeps are legitimate
//! on the CLI, sharded over machines), the CLI and the page estimate the cost up front and ask
//! before starting a large one (`wakelab run --yes`; the page's confirmation). The estimate is
//! deliberately simple and cheap (no workload is built), so the page can show it while editing:
//!
//! `events per run ~= CPUs x simulated seconds x EVENTS_PER_CPU_SECOND`, capped by the run's
//! event budget (`engine.max_events`), times the number of runs.
//!
//! It is an upper-side estimate for a loaded machine: fewer busy CPUs (few clients) mean
//! fewer events. The hard bound, whatever the workload, is the event budget of every run
//! (plus at most `engine::params::STEPS_PER_EVENT` interpreter steps per budgeted event),
//! reported as `bound_events`.

use crate::scenario::Experiment;

/// Events per CPU per simulated second of a loaded machine. Measured: the busiest gallery run
/// over its whole run length (tests/cost.rs `the_estimated_rate_covers_the_gallery`) is t4's
/// patched variant at 320 clients, 300 200 per CPU-second of its 500 ms (7 December 2026, since
/// a loopback send whose reader last ran on the sender's CPU runs the cheaper local receive
/// path: more operations per simulated second); rounded up. 250 000 before, from 240 100 for
/// the same run with tbench's costs from the committed recording (a third more CPU per
/// operation, fewer events per simulated second, the same day); 330 000 before that, from t3
/// at 320 clients, 322 900 with the earlier costs; the figures before that were read from the
/// first 20 ms of each run, whose start-up undercounts a steady run, so they were low: 304 900
/// since the hop costs were
/// measured apart (7 December 2026, recordings/switch-cost: the recorder's larger share taken
/// out of tbench's costs leaves cheaper operations untraced); 250 600 since tbench's costs no
/// longer include the recorder's (4 December 2026, recordings/observer: cheaper operations,
/// more of them per second); 221 000 since tbench's sends are system calls (December 2026: the
/// rest of `tcp_sendmsg` is a step of its own); 174 000 before, since tbench runs over loopback
/// TCP sockets (shorter operations, a run after each send: issue 19); before that tbench at 64
/// clients on the 80-CPU `clx-2s-80t` preset did 129 000 (docs/performance.md) and t2-pgbench
/// at 16 clients 116 000. Rounded up.
pub const EVENTS_PER_CPU_SECOND: u64 = 310_000;

/// Native events per CPU second of the engine (one thread, release build): 5 M on the
/// development machine (docs/performance.md, "Engine throughput"). The browser's wasm build is
/// ~1.5-2x slower.
pub const NATIVE_EVENTS_PER_SECOND: u64 = 5_000_000;

/// Estimated CPU time above which the CLI refuses to start without `--yes`, and the page asks
/// first: 15 minutes of one native core. Every gallery preset must start without asking
/// (tests/cost.rs): the largest estimate is t5's, 9.9 min, since its hackbench ends after
/// about 2.5 s of the 10 s run-length limit the estimate takes (it costs about a quarter of
/// that). It was 10 minutes until 7 December 2026, when the events per CPU-second above were
/// first measured over whole runs and t5's estimate rose to 10.6 min; it fell to 8.0 the same
/// day with tbench's costs and rose to 9.9 with the local receive path (engine/channel.rs
/// `TCP_LOOPBACK_NET_RX_LOCAL_CYCLES`), and the threshold stayed where it was.
pub const CONFIRM_ABOVE_CPU_SECONDS: f64 = 900.0;

/// The estimated cost of running some points of an experiment.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Cost {
    /// Runs (points) to simulate.
    pub runs: u64,
    /// Estimated events, all runs together.
    pub events: u64,
    /// Estimated CPU time on one native core, seconds (`events / NATIVE_EVENTS_PER_SECOND`).
    pub cpu_seconds: f64,
    /// The most events the runs can take whatever the workload: each run's event budget.
    pub bound_events: u64,
    /// The same bound in native CPU seconds, at the engine's event rate. Interpreter steps
    /// (at most `STEPS_PER_EVENT` per budgeted event) come on top; each is far cheaper than an
    /// event (no queue operation), but their cost is not measured separately.
    pub bound_cpu_seconds: f64,
}

impl Cost {
    /// Whether the CLI and the page should ask before running (above
    /// [`CONFIRM_ABOVE_CPU_SECONDS`]).
    pub fn needs_confirmation(&self) -> bool {
        self.cpu_seconds > CONFIRM_ABOVE_CPU_SECONDS
    }

    /// One line for people: "8 runs, ~2.9 M events, ~0.6 s of CPU (at most 1.6 G events)".
    pub fn describe(&self) -> String {
        format!(
            "{} run{}, ~{} events, ~{} of CPU on one core (the event budgets allow at most {} \
             events, {})",
            self.runs,
            if self.runs == 1 { "" } else { "s" },
            si(self.events as f64),
            duration(self.cpu_seconds),
            si(self.bound_events as f64),
            duration(self.bound_cpu_seconds)
        )
    }
}

/// The cost of `runs` runs of `exp` (all its points share the machine, the duration and the
/// event budget; variants change the kernel and frequency control only).
pub fn estimate(exp: &Experiment, runs: usize) -> Cost {
    let sc = &exp.scenario;
    let cpus = sc.machine.shape.nr_cpus() as u128;
    let duration_ns = sc.run.duration_ms.saturating_mul(1_000_000) as u128;
    let budget = sc.engine.max_events;
    let per_run = (cpus * duration_ns * EVENTS_PER_CPU_SECOND as u128 / 1_000_000_000)
        .min(budget as u128) as u64;
    let runs = runs as u64;
    let events = per_run.saturating_mul(runs);
    let bound_events = budget.saturating_mul(runs);
    Cost {
        runs,
        events,
        cpu_seconds: events as f64 / NATIVE_EVENTS_PER_SECOND as f64,
        bound_events,
        bound_cpu_seconds: bound_events as f64 / NATIVE_EVENTS_PER_SECOND as f64,
    }
}

/// The cost of every point of `exp`.
pub fn estimate_experiment(exp: &Experiment) -> Cost {
    estimate(exp, crate::experiment::points(exp).len())
}

fn si(x: f64) -> String {
    if x >= 1e12 {
        format!("{:.1} T", x / 1e12)
    } else if x >= 1e9 {
        format!("{:.1} G", x / 1e9)
    } else if x >= 1e6 {
        format!("{:.1} M", x / 1e6)
    } else if x >= 1e3 {
        format!("{:.1} k", x / 1e3)
    } else {
        format!("{x:.0}")
    }
}

fn duration(s: f64) -> String {
    if s >= 3600.0 {
        format!("{:.1} h", s / 3600.0)
    } else if s >= 60.0 {
        format!("{:.1} min", s / 60.0)
    } else {
        format!("{s:.1} s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units() {
        assert_eq!(si(2.9e6), "2.9 M");
        assert_eq!(si(812.0), "812");
        assert_eq!(duration(0.58), "0.6 s");
        assert_eq!(duration(5400.0), "1.5 h");
    }
}
