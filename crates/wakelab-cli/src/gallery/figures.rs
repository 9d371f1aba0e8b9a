//! The figures the prose quotes, computed from runs of the gallery presets: one step per
//! target, each with the runs it makes stated as a figure of its own (`tN.runs`), so the prose
//! that says which runs a figure comes from is checked like the figure.

use std::collections::BTreeMap;

use anyhow::{Context, Result, anyhow};
use rayon::prelude::*;

use wakelab_sim::experiment::{DetailOptions, PointResult, run_point, run_point_detailed};
use wakelab_sim::presets;
use wakelab_sim::report::{ExperimentReport, build_report};
use wakelab_sim::scenario::Experiment;
use wakelab_stats::SisCounters;

/// Figure key -> the text the prose quotes.
pub type Figures = BTreeMap<String, String>;

fn put(f: &mut Figures, k: &str, v: String) {
    f.insert(k.to_string(), v);
}

/// The targets, in the order they are computed: id and step.
/// One target's computation: puts its figures.
type Step = fn(&mut Figures) -> Result<()>;

pub const TARGETS: [(&str, Step); 6] = [
    ("t1", t1),
    ("t2", t2),
    ("t2-pgbench", t2_pgbench),
    ("t3", t3),
    ("t4", t4),
    ("t5", t5),
];

/// The target a figure key belongs to: `t1.gain.1` and `pub.t1.1` to t1, `t2pg.*` to
/// t2-pgbench.
pub fn target_of(key: &str) -> &str {
    let k = key.strip_prefix("pub.").unwrap_or(key);
    match k.split('.').next().unwrap_or("") {
        "t2pg" => "t2-pgbench",
        t => TARGETS
            .iter()
            .map(|t| t.0)
            .find(|&id| id == t)
            .unwrap_or(""),
    }
}

/// Signed percentage, `digits` decimals: `+111%`, `-0.5%`; a value that rounds to zero is
/// `0%` (or `0.0%`).
pub fn pct(x: f64, digits: usize) -> String {
    let s = format!("{:+.*}%", digits, 100.0 * x);
    if s.trim_start_matches(['+', '-'])
        .chars()
        .all(|c| c == '0' || c == '.' || c == '%')
    {
        return format!("{:.*}%", digits, 0.0);
    }
    s
}

/// A gain as the prose rounds it: one decimal below 2%, whole percent above.
fn gain_pct(x: f64) -> String {
    pct(x, if x.abs() < 0.02 { 1 } else { 0 })
}

/// `248568` as `248 568`.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(ch);
    }
    out
}

/// How a step cuts a preset down (None: the preset's own setting). The runs are part of the
/// claim: `describe` renders them for the prose.
#[derive(Clone, Copy)]
struct Runs {
    clients: Option<&'static [u32]>,
    iterations: Option<u32>,
    duration_ms: Option<u64>,
}

const PRESET: Runs = Runs {
    clients: None,
    iterations: None,
    duration_ms: None,
};

impl Runs {
    fn experiment(self, id: &str) -> Result<Experiment> {
        let mut e = presets::experiment(id).ok_or_else(|| anyhow!("no preset {id}"))?;
        if let Some(c) = self.clients {
            e.clients = c.to_vec();
        }
        if let Some(i) = self.iterations {
            e.iterations = i;
        }
        if let Some(d) = self.duration_ms {
            // the presets warm up for a fifth of the run
            e.scenario.run.duration_ms = d;
            e.scenario.run.warmup_ms = d / 5;
        }
        Ok(e)
    }

    /// "1, 2, 4, 8 and 64 clients, 3 runs of 1 s each" (the preset's own run lengths included:
    /// they are what the figures depend on).
    fn describe(self, e: &Experiment) -> String {
        let clients = list(&e.clients);
        let ms = e.scenario.run.duration_ms;
        let len = if ms.is_multiple_of(1000) {
            format!("{} s", ms / 1000)
        } else {
            format!("{ms} ms")
        };
        let runs = match e.iterations {
            1 => format!("one run of {len}"),
            n => format!("{n} runs of {len} each"),
        };
        let of =
            if self.clients.is_none() && self.iterations.is_none() && self.duration_ms.is_none() {
                "the preset"
            } else {
                "the preset cut down"
            };
        format!("{of}: {clients} clients, {runs}")
    }
}

/// `[1, 2, 4]` as `1, 2 and 4`.
fn list(xs: &[u32]) -> String {
    let xs = xs.iter().map(u32::to_string).collect::<Vec<_>>();
    match xs.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => xs.join(""),
    }
}

/// Runs every point of `exp` (all variants, client counts and iterations) in parallel.
fn run_all(exp: &Experiment) -> Result<Vec<PointResult>> {
    let mut jobs = vec![];
    for v in 0..exp.variants.len() {
        for &c in &exp.clients {
            for i in 0..exp.iterations {
                jobs.push((v, c, i));
            }
        }
    }
    jobs.par_iter()
        .map(|&(v, c, i)| run_point(exp, v, c, i, None).map_err(|e| anyhow!(e)))
        .collect()
}

/// Gain of the second variant over the first per client count, improvement positive
/// (mmtests' percentages: patched/base - 1 for throughput, 1 - patched/base for times).
fn gains(rep: &ExperimentReport) -> Vec<f64> {
    let curves = rep.curves();
    curves[0]
        .1
        .iter()
        .zip(&curves[1].1)
        .map(|(b, p)| {
            if rep.higher_is_better {
                p.1 / b.1 - 1.0
            } else {
                1.0 - p.1 / b.1
            }
        })
        .collect()
}

fn min_max(v: &[f64]) -> (f64, f64) {
    v.iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &x| {
            (a.min(x), b.max(x))
        })
}

fn published(id: &str) -> Result<Vec<(u32, f64, f64)>> {
    presets::gallery()
        .into_iter()
        .find(|g| g.id == id)
        .map(|g| g.published.to_vec())
        .ok_or_else(|| anyhow!("no gallery entry {id}"))
}

fn published_at(id: &str, clients: u32) -> Result<(f64, f64)> {
    published(id)?
        .iter()
        .find(|r| r.0 == clients)
        .map(|r| (r.1, r.2))
        .ok_or_else(|| anyhow!("{id}: no published figure at {clients} clients"))
}

/// T1: gains over the preset; the mechanism from 100 ms of a 300 ms 1-client run (seed 1), as
/// `tests/targets.rs` counts it.
fn t1(f: &mut Figures) -> Result<()> {
    let runs = PRESET;
    let e = runs.experiment("t1")?;
    put(f, "t1.runs", runs.describe(&e));
    let g = gains(&build_report(&e, &run_all(&e)?));
    for (i, c) in e.clients.iter().enumerate() {
        put(f, &format!("t1.gain.{c}"), gain_pct(g[i]));
        let (b, p) = published_at("t1", *c)?;
        put(f, &format!("pub.t1.{c}"), gain_pct(p / b - 1.0));
    }
    let mut m = e.clone();
    m.scenario.run.duration_ms = 300;
    m.scenario.run.warmup_ms = 100;
    for (v, name) in [(0, "base"), (1, "patched")] {
        let d = run_point_detailed(
            &m,
            v,
            1,
            0,
            DetailOptions {
                window: Some((100_000_000, 200_000_000)),
                explain_decision: None,
                shadow_kernel: None,
            },
            None,
        )
        .map_err(|e| anyhow!(e))?;
        let mut used = vec![false; d.result.cpu_busy_pct.len()];
        for s in d.timeline.iter().filter(|s| s.task == Some(0)) {
            used[s.cpu as usize] = true;
        }
        let cpus: Vec<usize> = (0..used.len()).filter(|&c| used[c]).collect();
        let busy = cpus
            .iter()
            .map(|&c| d.result.cpu_busy_pct[c] as f64)
            .sum::<f64>()
            / cpus.len().max(1) as f64;
        let mhz = cpus
            .iter()
            .map(|&c| d.result.cpu_avg_mhz[c])
            .max()
            .unwrap_or(0);
        put(f, &format!("t1.{name}.cpus"), cpus.len().to_string());
        put(f, &format!("t1.{name}.busy"), format!("{busy:.0}%"));
        put(
            f,
            &format!("t1.{name}.mhz"),
            ((mhz + 50) / 100 * 100).to_string(),
        );
        put(
            f,
            &format!("t1.{name}.ghz"),
            format!("{:.1}", mhz as f64 / 1000.0),
        );
    }
    Ok(())
}

/// T2: the preset; migrations summed over every run of a variant.
fn t2(f: &mut Figures) -> Result<()> {
    let runs = PRESET;
    let e = runs.experiment("t2")?;
    put(f, "t2.runs", runs.describe(&e));
    let results = run_all(&e)?;
    let migr = |v: usize| -> u64 {
        results
            .iter()
            .filter(|r| r.variant == v)
            .map(|r| r.migrations)
            .sum()
    };
    put(f, "t2.migr.base", thousands(migr(0)));
    put(f, "t2.migr.patched", thousands(migr(1)));
    put(
        f,
        "t2.migrations",
        pct(migr(1) as f64 / migr(0) as f64 - 1.0, 0),
    );
    let rep = build_report(&e, &results);
    let g = gains(&rep);
    let (lo, hi) = min_max(&g);
    put(f, "t2.gain.min", pct(lo, 0));
    put(f, "t2.gain.max", pct(hi, 0));
    let curves = rep.curves();
    put(f, "t2.mbs.base.1", format!("{:.0}", curves[0].1[0].1));
    put(f, "t2.mbs.patched.1", format!("{:.0}", curves[1].1[0].1));
    Ok(())
}

/// T2 pgbench: the preset.
fn t2_pgbench(f: &mut Figures) -> Result<()> {
    let runs = PRESET;
    let e = runs.experiment("t2-pgbench")?;
    put(f, "t2pg.runs", runs.describe(&e));
    let rep = build_report(&e, &run_all(&e)?);
    put(
        f,
        "t2pg.identical",
        if rep.samples[0] == rep.samples[1] {
            "identical"
        } else {
            "not identical"
        }
        .into(),
    );
    let max = gains(&rep).iter().fold(0.0f64, |a, x| a.max(x.abs()));
    put(f, "t2pg.maxabs", format!("{:.0}%", (100.0 * max).ceil()));
    let base = &rep.curves()[0].1;
    let ratios: Vec<f64> = e
        .clients
        .iter()
        .enumerate()
        .map(|(i, &c)| Ok(base[i].1 / published_at("t2-pgbench", c)?.0))
        .collect::<Result<_>>()?;
    let (lo, hi) = min_max(&ratios);
    put(f, "t2pg.ratio.min", format!("{lo:.1}"));
    put(f, "t2pg.ratio.max", format!("{hi:.1}"));
    let at = |c: u32| {
        e.clients
            .iter()
            .position(|&x| x == c)
            .map(|i| base[i].1)
            .ok_or_else(|| anyhow!("t2-pgbench: no {c} clients"))
    };
    put(f, "t2pg.7to16", pct(at(16)? / at(7)? - 1.0, 0));
    let pb = |c: u32| published_at("t2-pgbench", c).map(|p| p.0);
    put(f, "pub.t2pg.7to16", pct(pb(16)? / pb(7)? - 1.0, 0));
    Ok(())
}

/// T3: the preset.
fn t3(f: &mut Figures) -> Result<()> {
    let runs = PRESET;
    let e = runs.experiment("t3")?;
    put(f, "t3.runs", runs.describe(&e));
    let results = run_all(&e)?;
    let rep = build_report(&e, &results);
    let g = gains(&rep);
    let max = g.iter().fold(0.0f64, |a, x| a.max(x.abs()));
    put(f, "t3.maxabs", format!("{:.0}%", (100.0 * max).ceil()));
    let i64 = e
        .clients
        .iter()
        .position(|&c| c == 64)
        .context("t3: no 64 clients")?;
    put(f, "t3.gain.64", gain_pct(g[i64]));
    let base = &rep.curves()[0].1;
    put(f, "t3.scale", format!("{:.0}", base[i64].1 / base[0].1));
    let (p1, p64) = (published_at("t3", 1)?.0, published_at("t3", 64)?.0);
    put(f, "pub.t3.scale", format!("{:.0}", p64 / p1));
    // the baseline's level against the published machine's, MB/s
    for c in [1u32, 8, 64, 128] {
        let i = e
            .clients
            .iter()
            .position(|&n| n == c)
            .with_context(|| format!("t3: no {c} clients"))?;
        let model = base[i].1;
        let published = published_at("t3", c)?.0;
        put(f, &format!("t3.mbs.{c}"), thousands(model.round() as u64));
        put(
            f,
            &format!("pub.t3.mbs.{c}"),
            thousands(published.round() as u64),
        );
        match c {
            8 => put(f, "t3.vs.pub.8", pct(model / published - 1.0, 0)),
            64 => put(f, "t3.x.pub.64", format!("{:.1}", model / published)),
            _ => {}
        }
    }
    let (b, p) = published_at("t3", 64)?;
    put(f, "pub.t3.gain.64", pct(p / b - 1.0, 1));
    // the busy share of the CPUs at 64 clients, baseline, mean over its runs
    let busy: Vec<f64> = results
        .iter()
        .filter(|r| r.variant == 0 && r.clients == 64)
        .map(|r| {
            r.cpu_busy_pct.iter().map(|&b| b as f64).sum::<f64>() / r.cpu_busy_pct.len() as f64
        })
        .collect();
    let busy = busy.iter().sum::<f64>() / busy.len().max(1) as f64;
    put(f, "t3.busy.64", format!("{busy:.0}%"));
    Ok(())
}

/// The SIS counters of `variant` summed over `results`.
fn sis(results: &[PointResult], variant: usize) -> SisCounters {
    let mut s = SisCounters::default();
    for r in results.iter().filter(|r| r.variant == variant) {
        let c = r.sis.to_counters();
        s.sis_search += c.sis_search;
        s.sis_domain_search += c.sis_domain_search;
        s.sis_scanned += c.sis_scanned;
        s.sis_failed += c.sis_failed;
        s.sis_recent_hit += c.sis_recent_hit;
        s.sis_recent_miss += c.sis_recent_miss;
    }
    s
}

/// T4: the preset; schedstats summed over every client count, as the posting's whole run,
/// and at 64 clients alone.
fn t4(f: &mut Figures) -> Result<()> {
    let runs = PRESET;
    let e = runs.experiment("t4")?;
    put(f, "t4.runs", runs.describe(&e));
    let results = run_all(&e)?;
    let (b, p) = (sis(&results, 0), sis(&results, 1));
    let (db, dp) = (b.derived(), p.derived());
    put(f, "t4.hits.base", thousands(b.sis_recent_hit));
    let round = |n: u64| (n + 5_000) / 10_000 * 10_000;
    put(f, "t4.hits.patched", thousands(round(p.sis_recent_hit)));
    let ratio = p.sis_recent_hit as f64 / b.sis_recent_hit.max(1) as f64;
    put(f, "t4.hits.ratio", format!("{:.0}", ratio.log10()));
    put(f, "t4.rsr.base", format!("{:.0}%", db.recent_success_rate));
    put(
        f,
        "t4.rsr.patched",
        format!("{:.0}%", dp.recent_success_rate),
    );
    put(
        f,
        "t4.dscan",
        pct(dp.domain_scanned / db.domain_scanned - 1.0, 1),
    );
    put(
        f,
        "t4.dsearch",
        pct(
            p.sis_domain_search as f64 / b.sis_domain_search as f64 - 1.0,
            1,
        ),
    );
    put(f, "t4.dse.base", format!("{:.2}", db.domain_search_eff));
    // runqueues per domain search: Domain Search Efficiency is domain searches per 100 scanned
    put(
        f,
        "t4.rq.per.dsearch",
        format!("{:.1}", 100.0 / db.domain_search_eff),
    );
    put(f, "t4.dse.patched", format!("{:.2}", dp.domain_search_eff));
    put(
        f,
        "t4.dse.dir",
        verdict(if dp.domain_search_eff < db.domain_search_eff {
            "falls"
        } else {
            "rises"
        }),
    );
    let se_change = dp.search_efficiency / db.search_efficiency - 1.0;
    put(
        f,
        "t4.se.dir",
        verdict(if se_change.abs() < 0.01 {
            "hardly moves"
        } else if se_change < 0.0 {
            "falls"
        } else {
            "rises"
        }),
    );
    put(f, "t4.se.base", format!("{:.2}", db.search_efficiency));
    put(f, "t4.se.patched", format!("{:.2}", dp.search_efficiency));
    let g = gains(&build_report(&e, &results));
    let (lo, hi) = min_max(&g);
    put(f, "t4.gain.min", pct(lo, 1));
    put(f, "t4.gain.max", pct(hi, 1));
    let at64 = |v: usize| {
        sis(
            &results
                .iter()
                .filter(|r| r.clients == 64)
                .cloned()
                .collect::<Vec<_>>(),
            v,
        )
    };
    let (b64, p64) = (at64(0).derived(), at64(1).derived());
    put(
        f,
        "t4.dscan.64",
        pct(p64.domain_scanned / b64.domain_scanned - 1.0, 0),
    );
    // published
    let g4 = presets::gallery()
        .into_iter()
        .find(|g| g.id == "t4")
        .and_then(|g| g.published_sis)
        .context("t4: no published schedstats")?;
    let (pb, pp) = (g4[0].derived(), g4[1].derived());
    put(f, "pub.t4.rsr", format!("{:.0}%", pp.recent_success_rate));
    put(
        f,
        "pub.t4.dscan",
        pct(pp.domain_scanned / pb.domain_scanned - 1.0, 0),
    );
    put(f, "pub.t4.dse.base", format!("{:.2}", pb.domain_search_eff));
    put(
        f,
        "pub.t4.rq.per.dsearch",
        format!("{:.1}", 100.0 / pb.domain_search_eff),
    );
    put(
        f,
        "pub.t4.dse.patched",
        format!("{:.2}", pp.domain_search_eff),
    );
    let pubg: Vec<f64> = published("t4")?
        .iter()
        .filter(|r| r.0 >= 8)
        .map(|r| r.2 / r.1 - 1.0)
        .collect();
    let (lo, hi) = min_max(&pubg);
    put(f, "pub.t4.gain.min", pct(lo, 1));
    put(f, "pub.t4.gain.max", pct(hi, 1));
    put(
        f,
        "pub.t4.dsearch",
        pct(
            g4[1].sis_domain_search as f64 / g4[0].sis_domain_search as f64 - 1.0,
            1,
        ),
    );
    put(f, "pub.t4.se.base", format!("{:.2}", pb.search_efficiency));
    put(
        f,
        "pub.t4.se.patched",
        format!("{:.2}", pp.search_efficiency),
    );
    Ok(())
}

/// T5: the preset (completion times, Amean over its iterations).
fn t5(f: &mut Figures) -> Result<()> {
    let runs = PRESET;
    let e = runs.experiment("t5")?;
    // hackbench runs to completion (the run length is only a limit) and counts groups
    put(
        f,
        "t5.runs",
        format!(
            "the preset: {} groups of 8 tasks, {} runs each",
            list(&e.clients),
            e.iterations
        ),
    );
    let points = run_all(&e)?;
    let rep = build_report(&e, &points);
    let g = gains(&rep);
    let curves = rep.curves();
    // A point is a gain or a loss only beyond twice its standard error (one group's
    // completion time varies by a fifth between seeds): the verdict the bar is read against.
    let se: Vec<f64> = e
        .clients
        .iter()
        .map(|&c| paired_gain_se(&points, c, rep.higher_is_better))
        .collect();
    for (i, c) in e.clients.iter().enumerate() {
        let class = if g[i] > 2.0 * se[i] {
            "a gain"
        } else if g[i] < -2.0 * se[i] {
            "a loss"
        } else {
            "neutral"
        };
        put(f, &format!("t5.class.{c}"), verdict(class));
        put(f, &format!("t5.se.{c}"), format!("{:.1}", 100.0 * se[i]));
    }
    for (i, c) in e.clients.iter().enumerate() {
        put(f, &format!("t5.gain.{c}"), pct(g[i], 1));
        put(
            f,
            &format!("t5.s.base.{c}"),
            format!("{:.2}", curves[0].1[i].1),
        );
        put(
            f,
            &format!("t5.s.patched.{c}"),
            format!("{:.2}", curves[1].1[i].1),
        );
    }
    Ok(())
}

/// The standard error of the gain of variant 1 over variant 0 at `clients`, from the
/// iterations paired by seed (iteration i of both variants): SD(base_i - patched_i) / sqrt(n),
/// relative to the baseline's mean, as `gains` reports the gain.
fn paired_gain_se(points: &[PointResult], clients: u32, higher_is_better: bool) -> f64 {
    let value = |v: usize, i: u32| {
        points
            .iter()
            .find(|p| p.variant == v && p.clients == clients && p.iteration == i)
            .map(|p| p.value)
    };
    let pairs: Vec<(f64, f64)> = (0..)
        .map_while(|i| Some((value(0, i)?, value(1, i)?)))
        .collect();
    pairs_gain_se(&pairs, higher_is_better)
}

/// `paired_gain_se` of (base, patched) values.
fn pairs_gain_se(pairs: &[(f64, f64)], higher_is_better: bool) -> f64 {
    let n = pairs.len() as f64;
    if n < 2.0 {
        return 0.0;
    }
    let base_mean = pairs.iter().map(|p| p.0).sum::<f64>() / n;
    let diffs: Vec<f64> = pairs
        .iter()
        .map(|&(b, p)| if higher_is_better { p - b } else { b - p })
        .collect();
    let mean = diffs.iter().sum::<f64>() / n;
    let var = diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0);
    var.sqrt() / n.sqrt() / base_mean
}

/// A verdict figure: one of the words `quote::find` knows as verdicts.
fn verdict(v: &'static str) -> String {
    assert!(
        super::quote::VERDICTS.contains(&v),
        "{v:?} is not in quote::VERDICTS"
    );
    v.into()
}

/// The figures of `targets` (all when empty), with each step's time on stderr.
pub fn compute(targets: &[String]) -> Result<Figures> {
    let mut f = Figures::new();
    for (id, step) in TARGETS {
        if !targets.is_empty() && !targets.iter().any(|t| t == id) {
            continue;
        }
        let t = std::time::Instant::now();
        step(&mut f).with_context(|| format!("computing {id}'s figures"))?;
        eprintln!("{id}: {:.1} s", t.elapsed().as_secs_f64());
    }
    Ok(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Times (lower is better): base 10, 12; patched 9, 10 -> differences 1, 2: SD 0.707,
    /// SE 0.5, relative to the base mean 11.
    #[test]
    fn the_gain_error_comes_from_the_iterations_paired_by_seed() {
        let pairs = [(10.0, 9.0), (12.0, 10.0)];
        let se = pairs_gain_se(&pairs, false);
        assert!((se - 0.5 / 11.0).abs() < 1e-12, "{se}");
        // throughput: the sign of the differences flips, not their spread
        assert!((pairs_gain_se(&pairs, true) - se).abs() < 1e-12);
        // one iteration has no spread to measure
        assert_eq!(pairs_gain_se(&pairs[..1], false), 0.0);
    }
}
