//! The edit-run loop's decisions, in plain Rust (tested natively; `app` only shows them): what
//! a run will cost, whether an edit re-runs by itself, what Run does while a run goes on, the
//! validation messages as links to their fields, messages in words rather than Rust's range
//! syntax, and the title derived from the scenario until the user types one.

use wakelab_sim::scenario::Experiment;

/// Runs estimated to take at most this long (wall time on the page's workers) start by
/// themselves after an edit; longer ones wait for Run. The default experiment takes ~1 s.
pub const AUTO_RUN_MS: f64 = 2_500.0;
/// Quiet time after the last keystroke before an automatic run (typing "16" must not run "1").
pub const AUTO_RUN_DELAY_MS: i32 = 500;
/// Runs estimated to take longer than this are never started by a preset or a link (a link
/// can describe hours of simulation, issue 21 item 4), and Run asks before starting them.
pub const CONFIRM_MS: f64 = 5.0 * 60_000.0;

/// What the page does before a run estimated at `estimate_ms`: go ahead (`None`), or, for a
/// long one, the sentence that explains why it waits for Run (a load) or asks (Run).
pub fn long_run(trigger: Trigger, estimate_ms: f64) -> Option<String> {
    if estimate_ms <= CONFIRM_MS {
        return None;
    }
    Some(match trigger {
        Trigger::User => format!(
            "This experiment will take {} on this page. Run it?",
            fmt_duration(estimate_ms)
        ),
        // the run bar shows the estimate, kept up to date as the pool grows
        Trigger::Load | Trigger::Edit => {
            "Not started: a long experiment (its estimate is next to Run). Press Run to start it."
                .into()
        }
    })
}

/// What one point costs, in "client-seconds": simulated seconds times the clients that can
/// run at once (at most one per CPU), plus a fixed share for building the machine and the
/// report. docs/performance.md: simulation time grows with the clients until the CPUs are
/// full (tbench on 80 CPUs: 0.19 s at 8 clients, 1.85 s at 64, 1.63 s at 320 per simulated s).
fn point_units(duration_ms: u64, clients: u32, nr_cpus: u32) -> f64 {
    const SETUP_UNITS: f64 = 0.1;
    duration_ms as f64 / 1000.0 * clients.clamp(1, nr_cpus.max(1)) as f64 + SETUP_UNITS
}

/// The cost of one point of `exp` with `clients`, in `point_units`.
pub fn job_units(exp: &Experiment, clients: u32) -> f64 {
    point_units(
        exp.scenario.run.duration_ms,
        clients,
        exp.scenario.machine.shape.nr_cpus() as u32,
    )
}

/// A run's progress weighted by each point's cost: the page hands out the most expensive
/// points first, so counting points made the time left overshoot early (3x on T3).
#[derive(Clone, Debug, Default)]
pub struct WorkProgress {
    units: std::collections::HashMap<u32, f64>,
    total: f64,
    done: f64,
    partial: std::collections::HashMap<u32, f64>,
}

impl WorkProgress {
    /// `jobs`: (job id, its units).
    pub fn new(jobs: impl IntoIterator<Item = (u32, f64)>) -> Self {
        let units: std::collections::HashMap<u32, f64> = jobs.into_iter().collect();
        let total = units.values().sum();
        WorkProgress {
            units,
            total,
            ..Default::default()
        }
    }

    /// Job `job` has simulated `frac` of its run.
    pub fn partial(&mut self, job: u32, frac: f64) {
        if self.units.contains_key(&job) {
            self.partial.insert(job, frac.clamp(0.0, 1.0));
        }
    }

    pub fn finish(&mut self, job: u32) {
        self.partial.remove(&job);
        if let Some(u) = self.units.remove(&job) {
            self.done += u;
        }
    }

    /// The share of the run's work done, 0..1.
    pub fn fraction(&self) -> f64 {
        if self.total <= 0.0 {
            return 1.0;
        }
        let partial: f64 = self
            .partial
            .iter()
            .map(|(j, f)| f * self.units.get(j).copied().unwrap_or(0.0))
            .sum();
        ((self.done + partial) / self.total).min(1.0)
    }

    /// Time left, ms: from the cost estimate at first, from the work done so far once there
    /// is enough of it (a quarter of the work), blended in between.
    pub fn time_left_ms(&self, elapsed_ms: f64, estimate_ms: f64) -> f64 {
        let frac = self.fraction();
        let by_estimate = (estimate_ms - elapsed_ms).max(0.0);
        if frac <= 0.01 || elapsed_ms <= 0.0 {
            return by_estimate;
        }
        let by_work = elapsed_ms * (1.0 - frac) / frac;
        let w = (frac / 0.25).min(1.0);
        w * by_work + (1.0 - w) * by_estimate
    }
}

/// The work of a whole experiment in `point_units`.
pub fn units(exp: &Experiment) -> f64 {
    let nr_cpus = exp.scenario.machine.shape.nr_cpus() as u32;
    let per_variant: f64 = exp
        .client_counts()
        .iter()
        .map(|&c| point_units(exp.scenario.run.duration_ms, c, nr_cpus))
        .sum();
    per_variant * exp.variants.len() as f64 * exp.iterations as f64
}

/// Milliseconds of worker time per unit, learned from this browser's own runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CostModel {
    pub ms_per_unit: f64,
}

impl Default for CostModel {
    /// A starting guess from the native figures above (~25 ms per client-second) and wasm
    /// being about twice as slow as native; the first finished run replaces it.
    fn default() -> Self {
        CostModel { ms_per_unit: 60.0 }
    }
}

impl CostModel {
    /// Wall time of `exp` on `workers` workers, ms.
    pub fn estimate_ms(&self, exp: &Experiment, workers: usize) -> f64 {
        let points = wakelab_sim::experiment::points(exp).len().max(1);
        units(exp) * self.ms_per_unit / workers.clamp(1, points) as f64
    }

    /// Learn from a finished run: `worker_ms` is the workers' own time, summed. Runs too short
    /// to measure (under 50 ms) teach nothing; one run moves the figure halfway.
    pub fn learn(&mut self, exp: &Experiment, worker_ms: f64) {
        let u = units(exp);
        if worker_ms < 50.0 || u <= 0.0 || !worker_ms.is_finite() {
            return;
        }
        let seen = (worker_ms / u).clamp(1.0, 5_000.0);
        self.ms_per_unit = (self.ms_per_unit + seen) / 2.0;
    }
}

/// A duration for people: "under a second", "about 4 s", "about 3 min".
pub fn fmt_duration(ms: f64) -> String {
    let s = ms / 1000.0;
    if s < 1.0 {
        "under a second".into()
    } else if s < 90.0 {
        format!("about {s:.0} s")
    } else {
        format!("about {:.0} min", s / 60.0)
    }
}

/// What asked for a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// The Run button or Ctrl+Enter.
    User,
    /// An edit that made a cheap experiment.
    Edit,
    /// A preset picked or a link opened: the whole experiment was replaced on purpose.
    Load,
}

/// The run in progress, if any, as [`decide`] needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Running {
    pub trigger: Trigger,
    /// Whether it runs exactly the form's experiment.
    pub same_experiment: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    Start,
    /// Stop the run in progress (its results are not wanted any more) and start.
    Replace,
    /// Do nothing; the message says why (empty: nothing worth saying).
    Refuse(String),
}

/// What a request to run does. A run the user started is only stopped by Cancel or by a new
/// preset or link; a run started by an edit or a load gives way to a newer cheap edit.
pub fn decide(trigger: Trigger, valid: bool, cheap: bool, running: Option<Running>) -> Decision {
    if !valid {
        return Decision::Refuse(match trigger {
            Trigger::Edit => String::new(),
            _ => "Not run: fix the problems listed next to the Run button first.".into(),
        });
    }
    match (trigger, running) {
        (Trigger::Load, Some(_)) => Decision::Replace,
        (_, Some(r)) if r.same_experiment => Decision::Refuse(String::new()),
        (Trigger::User, Some(_)) => Decision::Refuse(
            "A run is in progress: Cancel it first (the previous results come back).".into(),
        ),
        (Trigger::Edit, Some(r)) if r.trigger != Trigger::User && cheap => Decision::Replace,
        (Trigger::Edit, Some(_)) => Decision::Refuse(String::new()),
        (Trigger::Edit, None) if !cheap => Decision::Refuse(String::new()),
        (_, None) => Decision::Start,
    }
}

/// Rust's inclusive ranges in a message ("must be 1..=64") as words ("must be 1 to 64").
pub fn plain_message(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(i) = rest.find("..=") {
        let (head, tail) = rest.split_at(i);
        let before_digit = head.ends_with(|c: char| c.is_ascii_digit());
        let after_digit = tail[3..].starts_with(|c: char| c.is_ascii_digit());
        out.push_str(head);
        out.push_str(if before_digit && after_digit {
            " to "
        } else {
            "..="
        });
        rest = &tail[3..];
    }
    out.push_str(rest);
    out
}

/// A field of the form as [`error_links`] needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldRef {
    pub id: String,
    pub path: String,
    pub label: String,
}

/// One validation message for the list next to the Run button.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorLink {
    /// The control to focus (and mark `aria-invalid`), when one is on the page.
    pub field_id: Option<String>,
    /// What the message is about ("Cores per LLC", or the path when no field has it).
    pub label: String,
    pub message: String,
}

/// Whether `path` is `prefix` or below it (`a.b` is below `a`; `a[0]` too; `ab` is not).
fn under(path: &str, prefix: &str) -> bool {
    prefix.is_empty()
        || path == prefix
        || path
            .strip_prefix(prefix)
            .is_some_and(|r| r.starts_with(['.', '[']))
}

/// Each message with the field it names: the field at its path, else the closest field above
/// it, else (a rule about a whole section, e.g. two fields that do not fit together) the
/// section's first field.
pub fn error_links(errors: &[(String, String)], fields: &[FieldRef]) -> Vec<ErrorLink> {
    errors
        .iter()
        .map(|(path, message)| {
            let field = fields
                .iter()
                .filter(|f| under(path, &f.path))
                .max_by_key(|f| f.path.len())
                .or_else(|| {
                    (!path.is_empty())
                        .then(|| fields.iter().find(|f| under(&f.path, path)))
                        .flatten()
                });
            let label = match field {
                Some(f) if f.path == *path || under(path, &f.path) => f.label.clone(),
                _ if path.is_empty() => "Experiment".to_string(),
                _ => path.clone(),
            };
            ErrorLink {
                field_id: field.map(|f| f.id.clone()),
                label,
                message: plain_message(message),
            }
        })
        .collect()
}

/// Why Copy link copies nothing, if it does not: a link must open exactly what the form shows,
/// and an invalid form has no experiment to encode.
pub fn copy_link_refusal(errors: &[ErrorLink]) -> Option<String> {
    let first = errors.first()?;
    let more = match errors.len() {
        1 => String::new(),
        n => format!(" (and {} more)", n - 1),
    };
    Some(format!(
        "Not copied: the form has a problem{more}: {}: {}. A link must open exactly what the \
         form shows; fix the form and copy again.",
        first.label, first.message
    ))
}

/// A title that says what the experiment is: workload, machine, governor and the variants.
pub fn derived_title(exp: &Experiment) -> String {
    let sc = &exp.scenario;
    let shape = &sc.machine.shape;
    // A preset's name only while the machine is still that preset's (t2 changes its shape).
    let machine = sc
        .machine
        .preset
        .as_deref()
        .filter(|id| wakelab_sim::presets::machine(id).is_some_and(|m| m.shape == *shape))
        .map(str::to_string)
        .unwrap_or_else(|| {
            let cores = shape.sockets as usize
                * shape.llcs_per_socket as usize
                * shape.cores_per_llc as usize;
            let sockets = if shape.sockets > 1 {
                format!("{} × ", shape.sockets)
            } else {
                String::new()
            };
            let per_socket = cores / shape.sockets.max(1) as usize;
            let smt = if shape.smt > 1 {
                format!(" × {} threads", shape.smt)
            } else {
                String::new()
            };
            format!(
                "{sockets}{per_socket} cores{smt} ({} CPUs)",
                shape.nr_cpus()
            )
        });
    let governor = serde_json::to_value(sc.freq.governor)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default();
    let variants: Vec<&str> = exp.variants.iter().map(|v| v.name.as_str()).collect();
    let mut t = format!(
        "{} on {machine}, {governor}: {}",
        sc.workload.kind(),
        variants.join(" vs ")
    );
    if t.chars().count() > 200 {
        t = t.chars().take(199).collect::<String>() + "…";
    }
    t
}

/// Whether the title is the user's own: not derived from this experiment and not a preset's
/// (a preset's title goes stale with the first edit, so it is replaced like a derived one).
pub fn title_is_own(exp: &Experiment, preset_titles: &[String]) -> bool {
    let t = exp.scenario.title.trim();
    !(t.is_empty() || t == derived_title(exp) || preset_titles.iter().any(|p| p == t))
}

/// The scenario titles of the gallery's presets.
pub fn preset_titles() -> Vec<String> {
    wakelab_sim::presets::gallery()
        .iter()
        .filter_map(|g| wakelab_sim::presets::experiment(g.id))
        .map(|e| e.scenario.title)
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn long_runs_wait_for_run_and_ask() {
        use super::{CONFIRM_MS, Trigger, long_run};
        assert_eq!(long_run(Trigger::Load, 1_000.0), None);
        assert_eq!(long_run(Trigger::User, CONFIRM_MS), None);
        let load = long_run(Trigger::Load, 3.0 * 3_600_000.0).unwrap();
        assert!(
            load.starts_with("Not started") && load.contains("Press Run"),
            "{load}"
        );
        let user = long_run(Trigger::User, 2.0 * CONFIRM_MS).unwrap();
        assert!(user.ends_with("Run it?"), "{user}");
    }

    use super::*;
    use wakelab_sim::presets;

    fn default_exp() -> Experiment {
        presets::experiment("default").unwrap()
    }

    #[test]
    fn the_default_is_cheap_and_t3_is_not() {
        let m = CostModel::default();
        let d = m.estimate_ms(&default_exp(), 2);
        assert!(d < AUTO_RUN_MS, "default {d} ms");
        let t3 = m.estimate_ms(&presets::experiment("t3").unwrap(), 2);
        assert!(t3 > 4.0 * AUTO_RUN_MS, "t3 {t3} ms");
        // More clients than CPUs cost no more than one per CPU.
        let mut e = default_exp();
        e.clients = vec![8];
        let eight = units(&e);
        e.clients = vec![64];
        assert_eq!(units(&e), eight);
        e.scenario.run.duration_ms *= 2;
        assert!(units(&e) > 1.9 * eight);
    }

    #[test]
    fn the_model_learns_from_runs_and_ignores_tiny_ones() {
        let e = default_exp();
        let mut m = CostModel::default();
        m.learn(&e, 10.0);
        assert_eq!(m, CostModel::default());
        let u = units(&e);
        m.learn(&e, 20.0 * u);
        assert_eq!(m.ms_per_unit, 40.0);
    }

    #[test]
    fn progress_counts_work_not_points() {
        // One big point (8 units) and two small ones (1 each): the big one done is 80%.
        let mut p = WorkProgress::new([(1, 8.0), (2, 1.0), (3, 1.0)]);
        assert_eq!(p.fraction(), 0.0);
        p.partial(2, 0.5);
        assert!((p.fraction() - 0.05).abs() < 1e-9);
        p.finish(1);
        assert!((p.fraction() - 0.85).abs() < 1e-9);
        // 8.5 s for 85%: 1.5 s left, whatever the estimate said.
        assert!((p.time_left_ms(8_500.0, 60_000.0) - 1_500.0).abs() < 1.0);
        // At the start only the estimate speaks.
        let q = WorkProgress::new([(1, 1.0)]);
        assert_eq!(q.time_left_ms(1_000.0, 5_000.0), 4_000.0);
        assert_eq!(WorkProgress::new([]).fraction(), 1.0);
    }

    #[test]
    fn durations_read_as_words() {
        assert_eq!(fmt_duration(400.0), "under a second");
        assert_eq!(fmt_duration(4_400.0), "about 4 s");
        assert_eq!(fmt_duration(240_000.0), "about 4 min");
    }

    #[test]
    fn runs_in_progress_are_kept_unless_they_were_automatic() {
        use Decision::*;
        let r = |trigger, same_experiment| {
            Some(Running {
                trigger,
                same_experiment,
            })
        };
        let (user, edit, load) = (
            r(Trigger::User, false),
            r(Trigger::Edit, false),
            r(Trigger::Load, false),
        );
        assert_eq!(decide(Trigger::User, true, false, None), Start);
        assert!(matches!(decide(Trigger::User, false, true, None), Refuse(m) if m.contains("fix")));
        assert_eq!(
            decide(Trigger::Edit, false, true, None),
            Refuse(String::new())
        );
        assert!(
            matches!(decide(Trigger::User, true, true, user), Refuse(m) if m.contains("Cancel"))
        );
        assert!(matches!(decide(Trigger::User, true, true, edit), Refuse(m) if !m.is_empty()));
        assert_eq!(
            decide(Trigger::User, true, true, r(Trigger::Edit, true)),
            Refuse(String::new()),
            "the same experiment is already running"
        );
        assert_eq!(decide(Trigger::Edit, true, true, edit), Replace);
        assert_eq!(decide(Trigger::Edit, true, true, load), Replace);
        assert_eq!(
            decide(Trigger::Edit, true, false, load),
            Refuse(String::new())
        );
        assert_eq!(
            decide(Trigger::Edit, true, true, user),
            Refuse(String::new())
        );
        assert_eq!(
            decide(Trigger::Edit, true, false, None),
            Refuse(String::new())
        );
        assert_eq!(decide(Trigger::Edit, true, true, None), Start);
        assert_eq!(decide(Trigger::Load, true, false, user), Replace);
    }

    #[test]
    fn ranges_read_as_words() {
        assert_eq!(plain_message("must be 1..=64"), "must be 1 to 64");
        assert_eq!(
            plain_message("give at most 64 client counts, each 1..=4096"),
            "give at most 64 client counts, each 1 to 4096"
        );
        assert_eq!(plain_message("a..=b stays"), "a..=b stays");
    }

    fn f(id: &str, path: &str, label: &str) -> FieldRef {
        FieldRef {
            id: id.into(),
            path: path.into(),
            label: label.into(),
        }
    }

    #[test]
    fn messages_link_to_their_field_or_the_section_they_name() {
        let fields = [
            f(
                "f-cores",
                "scenario.machine.shape.cores_per_llc",
                "Cores per LLC",
            ),
            f("v1-name", "variants[1].name", "Name"),
            f("v1-p-x", "variants[1].kernel.patches", "x"),
            f("f-clients", "clients", "Client counts"),
        ];
        let errors = [
            (
                "scenario.machine.shape.cores_per_llc".to_string(),
                "must be 1..=256".to_string(),
            ),
            // a rule over two fields of a variant: the variant's first field
            (
                "variants[1]".into(),
                "recent-keep-prev needs recent-used-cpu".into(),
            ),
            ("variants[1].kernel".into(), "bad".into()),
            ("clientsx".into(), "odd".into()),
            ("".into(), "whole form".into()),
        ];
        let links = error_links(&errors, &fields);
        assert_eq!(links[0].field_id.as_deref(), Some("f-cores"));
        assert_eq!(links[0].label, "Cores per LLC");
        assert_eq!(links[0].message, "must be 1 to 256");
        assert_eq!(links[1].field_id.as_deref(), Some("v1-name"));
        assert_eq!(links[1].label, "variants[1]");
        assert_eq!(links[2].field_id.as_deref(), Some("v1-p-x"));
        assert_eq!(links[3].field_id, None, "clientsx is not under clients");
        assert_eq!(links[4].label, "Experiment");
        let r = copy_link_refusal(&links).unwrap();
        assert!(
            r.starts_with(
                "Not copied: the form has a problem (and 4 more): Cores per LLC: must be 1 to 256."
            ),
            "{r}"
        );
        assert_eq!(copy_link_refusal(&[]), None);
    }

    #[test]
    fn titles_follow_the_machine_until_the_user_types_one() {
        let titles = preset_titles();
        let mut e = presets::experiment("t1").unwrap();
        assert!(
            !title_is_own(&e, &titles),
            "a preset's title is not the user's"
        );
        e.scenario.machine.shape.sockets = 2;
        let t = derived_title(&e);
        assert!(
            t.starts_with("dbench on 2 × 4 cores × 2 threads (16 CPUs), hwp: "),
            "{t}"
        );
        assert!(!t.contains("skl-client-8t"), "{t}");
        let d = derived_title(&default_exp());
        assert!(d.contains("on skl-client-8t"), "{d}");
        e.scenario.title = t;
        assert!(!title_is_own(&e, &titles));
        e.scenario.title = "mine".into();
        assert!(title_is_own(&e, &titles));
        // t2's 8-core machine without SMT carries its own preset name (issue 23), not
        // skl-client-8t's.
        let t2 = derived_title(&presets::experiment("t2").unwrap());
        assert!(t2.contains("on skl-client-8c-nosmt,"), "{t2}");
        assert!(!t2.contains("skl-client-8t"), "{t2}");
    }
}
