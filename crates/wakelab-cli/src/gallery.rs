//! `wakelab gallery`: the figures quoted in prose (each gallery preset's "what Wakelab shows"
//! text, the README's reproduction table, docs/calibration.md's status summary), recomputed from
//! short runs; `--check` fails when a text and its run disagree (issue 23).
//!
//! Every quoted figure is a claim: a template whose `{key}` placeholders are figures computed
//! here, rendered with the rounding the text uses and looked up verbatim in its text. Every digit
//! of a checked text must lie inside a matched claim (published figures included, computed from
//! the gallery's published data where it has them), so a figure added to the prose without a
//! claim fails the check too.

use std::collections::BTreeMap;
use std::path::PathBuf;

use anyhow::{Context, Result, anyhow, bail};
use clap::Args;
use rayon::prelude::*;

use wakelab_sim::experiment::{DetailOptions, PointResult, run_point, run_point_detailed};
use wakelab_sim::presets;
use wakelab_sim::report::{ExperimentReport, build_report};
use wakelab_sim::scenario::Experiment;
use wakelab_stats::SisCounters;

#[derive(Args)]
pub struct GalleryArgs {
    /// Fail (exit status 1) when a quoted figure and its run disagree.
    #[arg(long)]
    check: bool,
    /// The repository root (README.md and docs/calibration.md are read from it).
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
}

/// Where a claim is quoted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Doc {
    /// A gallery preset's `model` text.
    Gallery(&'static str),
    /// README.md's "How far the seed experiments are reproduced" table, the preset's row.
    Readme(&'static str),
    /// docs/calibration.md's "Status at a glance" table, the target's row.
    Status(&'static str),
}

/// One quoted figure (or several): `template` rendered with the computed figures must occur
/// verbatim in `doc`.
struct Claim {
    doc: Doc,
    template: &'static str,
}

const fn c(doc: Doc, template: &'static str) -> Claim {
    Claim { doc, template }
}

use Doc::{Gallery, Readme, Status};

/// The claims. Keys: `docs/calibration.md` ("Checked figures") says which run each comes from.
const CLAIMS: &[Claim] = &[
    // T1
    c(Gallery("t1"), "uses all {t1.base.cpus} CPUs"),
    c(Gallery("t1"), "each about {t1.base.busy} busy"),
    c(Gallery("t1"), "every core at {t1.base.mhz}"),
    c(
        Gallery("t1"),
        "{t1.patched.cpus} CPUs about {t1.patched.busy} busy",
    ),
    c(Gallery("t1"), "run at about {t1.patched.ghz}"),
    c(
        Gallery("t1"),
        "{t1.gain.1} at 1 client and {t1.gain.2} at 2",
    ),
    c(Gallery("t1"), "{t1.gain.4} at 4 (published {pub.t1.4})"),
    c(
        Gallery("t1"),
        "{t1.flat} at 8 and 64 ({t1.gain.8}, {t1.gain.64})",
    ),
    c(Gallery("t1"), "published {pub.t1.1} at 1 client"),
    c(
        Readme("t1"),
        "calibrated on T1: {t1.gain.1} / {t1.gain.2}, {t1.flat} at 8 and 64",
    ),
    c(Readme("t1"), "{pub.t1.1} / {pub.t1.2} at 1 / 2 clients"),
    c(
        Status("T1"),
        "calibrated on T1 ({t1.gain.1} / {t1.gain.2} / {t1.gain.8} / {t1.gain.64}; \
         {t1.base.cpus} CPUs -> {t1.patched.cpus})",
    ),
    // T2
    c(
        Gallery("t2"),
        "migrate less ({t2.migrations} over the preset",
    ),
    c(Gallery("t2"), "dbench gains {t2.gain.min} to {t2.gain.max}"),
    c(Readme("t2"), "migrations: {t2.migrations}"),
    c(Readme("t2"), "rises {t2.gain.min}..{t2.gain.max}"),
    c(Status("T2"), "migrations {t2.migrations} (dbench-ext4"),
    c(
        Status("T2"),
        "throughput ({t2.gain.min}..{t2.gain.max}, not published)",
    ),
    // T2 pgbench
    c(Gallery("t2-pgbench"), "the runs are {t2pg.identical}"),
    c(
        Gallery("t2-pgbench"),
        "from 7 to 16 clients the baseline gains {t2pg.7to16}",
    ),
    c(Gallery("t2-pgbench"), "(published {pub.t2pg.7to16})"),
    c(
        Gallery("t2-pgbench"),
        "at {t2pg.ratio.min} to {t2pg.ratio.max} its tps",
    ),
    c(Readme("t2-pgbench"), "{t2pg.identical} runs"),
    c(
        Status("T2"),
        "select-only neutral by construction: {t2pg.identical} runs",
    ),
    // T3
    c(Gallery("t3"), "(within {t3.maxabs} at"),
    c(Gallery("t3"), "{t3.clients}"),
    c(
        Gallery("t3"),
        "64 clients keep about {t3.busy.64} of the CPUs busy",
    ),
    c(
        Gallery("t3"),
        "(64 clients: {t3.scale}x one client, published {pub.t3.scale}x)",
    ),
    c(Readme("t3"), "not reproduced (within {t3.maxabs})"),
    c(Status("T3"), "not met (within {t3.maxabs})"),
    c(
        Status("T3"),
        "scales {t3.scale}x from 1 to 64 clients, the published machine {pub.t3.scale}x",
    ),
    // T4
    c(
        Gallery("t4"),
        "Recent Used Hit rises from {t4.hits.base} to about {t4.hits.patched}",
    ),
    c(
        Gallery("t4"),
        "Recent Success Rate from {t4.rsr.base} to {t4.rsr.patched} (published {pub.t4.rsr})",
    ),
    c(
        Gallery("t4"),
        "Domain Scanned {t4.dscan} over the preset (published {pub.t4.dscan})",
    ),
    c(Gallery("t4"), "{t4.dscan.64} at 64 clients"),
    c(
        Gallery("t4"),
        "Domain Search Efficiency {t4.dse.dir} ({t4.dse.base} -> {t4.dse.patched}; published {pub.t4.dse.base} -> {pub.t4.dse.patched})",
    ),
    c(
        Gallery("t4"),
        "Throughput stays within {t4.gain.min} to {t4.gain.max}",
    ),
    c(
        Gallery("t4"),
        "(published {pub.t4.gain.min} to {pub.t4.gain.max} at 8 clients and above)",
    ),
    c(
        Readme("t4"),
        "hits x{t4.hits.ratio}, success {t4.rsr.base} -> {t4.rsr.patched}",
    ),
    c(Readme("t4"), "Domain Scanned {t4.dscan}"),
    c(Readme("t4"), "throughput {t4.gain.min}..{t4.gain.max}"),
    c(
        Status("T4"),
        "throughput not ({t4.gain.min}..{t4.gain.max})",
    ),
    c(Status("T4"), "Domain Search Efficiency {t4.dse.dir}"),
    // T5
    c(
        Gallery("t5"),
        "{t5.neutral} ({t5.gain.1} / {t5.gain.2} / {t5.gain.4} at 8 / 16 / 32 tasks)",
    ),
    c(Readme("t5"), "not reproduced ({t5.neutral})"),
    c(Status("T5"), "not met ({t5.neutral})"),
];

/// A published figure a text quotes that the gallery's data cannot give (no transcribed
/// number): exempt from the digit coverage, listed by `wakelab gallery`.
const PUBLISHED_QUOTES: &[(Doc, &str)] = &[
    (Gallery("t2"), "published about -10%"),
    (Readme("t2"), "~10% fewer migrations"),
    (Readme("t2-pgbench"), "within +-3% at 1-16 clients"),
    (Readme("t3"), "+11.9% at 64 clients"),
    (Readme("t4"), "Recent Used Hit x2000, +1..+4%"),
    (Readme("t5"), "+31% / +12% at 8 / 32 tasks"),
    (Readme("t1"), "(4.16)"),
    (Readme("t2"), "(4.16)"),
    (Readme("t3"), "(5.11)"),
    (Readme("t4"), "(5.11)"),
    (Readme("t5"), "(4.16)"),
    (Readme("t2"), "dbench-ext4"),
    (Readme("t2-pgbench"), "8 cores"),
];

/// Signed percentage, `digits` decimals: `+111%`, `-0.5%`.
fn pct(x: f64, digits: usize) -> String {
    let s = format!("{:+.*}%", digits, 100.0 * x);
    // "-0%" and "+0%" read as 0%
    if s.trim_start_matches(['+', '-'])
        .chars()
        .all(|c| c == '0' || c == '.' || c == '%')
    {
        return format!("{:.*}%", digits, 0.0);
    }
    s
}

fn thousands(n: u64) -> String {
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

/// Runs `exp`'s points (all variants, client counts and iterations) in parallel.
fn run_all(exp: &Experiment) -> Result<ExperimentReport> {
    let mut jobs = vec![];
    for v in 0..exp.variants.len() {
        for &c in &exp.clients {
            for i in 0..exp.iterations {
                jobs.push((v, c, i));
            }
        }
    }
    let results: Vec<PointResult> = jobs
        .par_iter()
        .map(|&(v, c, i)| run_point(exp, v, c, i, None).map_err(|e| anyhow!(e)))
        .collect::<Result<_>>()?;
    Ok(build_report(exp, &results))
}

/// The preset with only the client counts the quoted figures need.
fn preset(id: &str, clients: &[u32]) -> Result<Experiment> {
    let mut e = presets::experiment(id).ok_or_else(|| anyhow!("no preset {id}"))?;
    e.clients = clients.to_vec();
    Ok(e)
}

/// Gain of the second variant over the first per client count, improvement positive (mmtests'
/// percentages: patched/base - 1 for throughput, 1 - patched/base for times).
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

fn published(id: &str) -> Result<Vec<(u32, f64, f64)>> {
    presets::gallery()
        .into_iter()
        .find(|g| g.id == id)
        .map(|g| g.published.to_vec())
        .ok_or_else(|| anyhow!("no gallery entry {id}"))
}

fn published_gain(id: &str, clients: u32) -> Result<f64> {
    let p = published(id)?;
    let (_, b, q) = p
        .iter()
        .find(|r| r.0 == clients)
        .ok_or_else(|| anyhow!("{id}: no published figure at {clients} clients"))?;
    Ok(q / b - 1.0)
}

type Figures = BTreeMap<String, String>;

fn put(f: &mut Figures, k: &str, v: String) {
    f.insert(k.to_string(), v);
}

/// T1: the preset's client counts, iterations and run length; the mechanism from 100 ms of a
/// 300 ms 1-client run, as `tests/targets.rs` counts it.
fn t1(f: &mut Figures) -> Result<()> {
    let e = presets::experiment("t1").ok_or_else(|| anyhow!("no t1"))?;
    let rep = run_all(&e)?;
    let g = gains(&rep);
    for (i, c) in e.clients.iter().enumerate() {
        let digits = if g[i].abs() < 0.01 { 1 } else { 0 };
        put(f, &format!("t1.gain.{c}"), pct(g[i], digits));
        put(f, &format!("pub.t1.{c}"), pct(published_gain("t1", *c)?, 0));
    }
    let at = |c: u32| e.clients.iter().position(|&x| x == c).map(|i| g[i]);
    let flat = [at(8), at(64)]
        .iter()
        .all(|x| x.is_some_and(|x| x.abs() < 0.02));
    put(f, "t1.flat", if flat { "flat" } else { "NOT flat" }.into());
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
            format!("{} MHz", (mhz + 50) / 100 * 100),
        );
        put(
            f,
            &format!("t1.{name}.ghz"),
            format!("{:.1} GHz", mhz as f64 / 1000.0),
        );
    }
    Ok(())
}

/// T2: the preset (migrations summed over every run of a variant).
fn t2(f: &mut Figures) -> Result<()> {
    let e = presets::experiment("t2").ok_or_else(|| anyhow!("no t2"))?;
    let mut jobs = vec![];
    for v in 0..2 {
        for &c in &e.clients {
            for i in 0..e.iterations {
                jobs.push((v, c, i));
            }
        }
    }
    let results: Vec<PointResult> = jobs
        .par_iter()
        .map(|&(v, c, i)| run_point(&e, v, c, i, None).map_err(|e| anyhow!(e)))
        .collect::<Result<_>>()?;
    let migr = |v: usize| -> u64 {
        results
            .iter()
            .filter(|r| r.variant == v)
            .map(|r| r.migrations)
            .sum()
    };
    put(
        f,
        "t2.migrations",
        pct(migr(1) as f64 / migr(0) as f64 - 1.0, 0),
    );
    let g = gains(&build_report(&e, &results));
    let (lo, hi) = min_max(&g);
    put(f, "t2.gain.min", pct(lo, 0));
    put(f, "t2.gain.max", pct(hi, 0));
    Ok(())
}

fn min_max(v: &[f64]) -> (f64, f64) {
    v.iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &x| {
            (a.min(x), b.max(x))
        })
}

/// T2 pgbench: the preset.
fn t2_pgbench(f: &mut Figures) -> Result<()> {
    let e = presets::experiment("t2-pgbench").ok_or_else(|| anyhow!("no t2-pgbench"))?;
    let rep = run_all(&e)?;
    put(
        f,
        "t2pg.identical",
        if rep.samples[0] == rep.samples[1] {
            "identical"
        } else {
            "NOT identical"
        }
        .into(),
    );
    let curves = rep.curves();
    let base = &curves[0].1;
    let pubd = published("t2-pgbench")?;
    let ratios: Vec<f64> = e
        .clients
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let p = pubd.iter().find(|r| r.0 == *c).map_or(f64::NAN, |r| r.1);
            base[i].1 / p
        })
        .collect();
    let (lo, hi) = min_max(&ratios);
    put(f, "t2pg.ratio.min", format!("{lo:.1}x"));
    put(f, "t2pg.ratio.max", format!("{hi:.1}x"));
    let at = |c: u32| {
        e.clients
            .iter()
            .position(|&x| x == c)
            .map(|i| base[i].1)
            .ok_or_else(|| anyhow!("t2-pgbench: no {c} clients"))
    };
    put(f, "t2pg.7to16", pct(at(16)? / at(7)? - 1.0, 0));
    let pb = |c: u32| pubd.iter().find(|r| r.0 == c).map_or(f64::NAN, |r| r.1);
    put(f, "pub.t2pg.7to16", pct(pb(16) / pb(7) - 1.0, 0));
    Ok(())
}

/// T3: the preset at the client counts quoted.
fn t3(f: &mut Figures) -> Result<()> {
    let clients = [1, 8, 32, 64, 128];
    let e = preset("t3", &clients)?;
    let rep = run_all(&e)?;
    let g = gains(&rep);
    let max = g.iter().fold(0.0f64, |a, x| a.max(x.abs()));
    put(f, "t3.maxabs", format!("{:.0}%", (100.0 * max).ceil()));
    put(
        f,
        "t3.clients",
        format!("{} clients", clients.map(|c| c.to_string()).join(", ")),
    );
    let curves = rep.curves();
    put(
        f,
        "t3.scale",
        format!("{:.0}", curves[0].1[3].1 / curves[0].1[0].1),
    );
    let p = published("t3")?;
    let pb = |c: u32| p.iter().find(|r| r.0 == c).map_or(f64::NAN, |r| r.1);
    put(f, "pub.t3.scale", format!("{:.0}", pb(64) / pb(1)));
    // busy share of the CPUs at 64 clients, baseline, mean over iterations
    let e64 = preset("t3", &[64])?;
    let r = run_point(&e64, 0, 64, 0, None).map_err(|e| anyhow!(e))?;
    let busy = r.cpu_busy_pct.iter().map(|&b| b as f64).sum::<f64>() / r.cpu_busy_pct.len() as f64;
    put(f, "t3.busy.64", format!("{busy:.0}%"));
    Ok(())
}

fn sis_of(rep: &ExperimentReport, v: usize) -> SisCounters {
    rep.sis[v].to_counters()
}

/// T4: the preset (schedstats summed over every client count, as the posting's whole run).
fn t4(f: &mut Figures) -> Result<()> {
    let e = presets::experiment("t4").ok_or_else(|| anyhow!("no t4"))?;
    let rep = run_all(&e)?;
    let (b, p) = (sis_of(&rep, 0), sis_of(&rep, 1));
    let (db, dp) = (b.derived(), p.derived());
    put(
        f,
        "t4.hits.base",
        if (10..100).contains(&b.sis_recent_hit) {
            "tens".into()
        } else {
            thousands(b.sis_recent_hit)
        },
    );
    let round = |n: u64| (n + 5_000) / 10_000 * 10_000;
    put(f, "t4.hits.patched", thousands(round(p.sis_recent_hit)));
    let ratio = p.sis_recent_hit as f64 / b.sis_recent_hit.max(1) as f64;
    put(f, "t4.hits.ratio", format!("10^{:.0}", ratio.log10()));
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
    put(f, "t4.dse.base", format!("{:.2}", db.domain_search_eff));
    put(f, "t4.dse.patched", format!("{:.2}", dp.domain_search_eff));
    put(
        f,
        "t4.dse.dir",
        if dp.domain_search_eff < db.domain_search_eff {
            "falls"
        } else {
            "rises"
        }
        .into(),
    );
    let g = gains(&rep);
    let (lo, hi) = min_max(&g);
    put(f, "t4.gain.min", pct(lo, 1));
    put(f, "t4.gain.max", pct(hi, 1));
    // at 64 clients alone
    let i64 = e
        .clients
        .iter()
        .position(|&c| c == 64)
        .context("t4: no 64 clients")?;
    let one = |v: usize| -> Result<SisCounters> {
        Ok(run_point(&e, v, 64, 0, None)
            .map_err(|e| anyhow!(e))?
            .sis
            .to_counters())
    };
    let _ = i64;
    let (b64, p64) = (one(0)?.derived(), one(1)?.derived());
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
        "pub.t4.dse.patched",
        format!("{:.2}", pp.domain_search_eff),
    );
    let pubg: Vec<f64> = published("t4")?
        .iter()
        .filter(|r| r.0 >= 8)
        .map(|r| r.2 / r.1 - 1.0)
        .collect();
    let (lo, hi) = min_max(&pubg);
    put(f, "pub.t4.gain.min", pct(lo, 0));
    put(f, "pub.t4.gain.max", pct(hi, 0));
    Ok(())
}

/// T5: the preset.
fn t5(f: &mut Figures) -> Result<()> {
    let e = presets::experiment("t5").ok_or_else(|| anyhow!("no t5"))?;
    let rep = run_all(&e)?;
    let g = gains(&rep);
    for (i, c) in e.clients.iter().enumerate() {
        put(f, &format!("t5.gain.{c}"), pct(g[i], 1));
    }
    let neutral = g.iter().all(|x| x.abs() < 0.02);
    put(
        f,
        "t5.neutral",
        if neutral { "neutral" } else { "NOT neutral" }.into(),
    );
    Ok(())
}

/// One preset's figure computation.
type FigureStep = fn(&mut Figures) -> Result<()>;

/// Every figure, computed.
fn figures() -> Result<Figures> {
    let mut f = Figures::new();
    let steps: [(&str, FigureStep); 6] = [
        ("t1", t1),
        ("t2", t2),
        ("t2-pgbench", t2_pgbench),
        ("t3", t3),
        ("t4", t4),
        ("t5", t5),
    ];
    for (id, step) in steps {
        let t = std::time::Instant::now();
        step(&mut f).with_context(|| format!("computing {id}'s figures"))?;
        eprintln!("{id}: {:.1} s", t.elapsed().as_secs_f64());
    }
    Ok(f)
}

fn render(template: &str, f: &Figures) -> Result<String> {
    let mut out = String::new();
    let mut rest = template;
    while let Some(i) = rest.find('{') {
        out.push_str(&rest[..i]);
        let j = rest[i..]
            .find('}')
            .ok_or_else(|| anyhow!("unclosed placeholder in {template:?}"))?;
        let key = &rest[i + 1..i + j];
        let v = f
            .get(key)
            .ok_or_else(|| anyhow!("no figure {key:?} (in {template:?})"))?;
        out.push_str(v);
        rest = &rest[i + j + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// The text a doc names: a gallery text, or one row of a markdown table (found by its first
/// cell), without the cells that quote only the published bar.
fn doc_text(doc: Doc, readme: &str, calibration: &str) -> Result<String> {
    let row = |text: &str, first: &str, skip: &[usize]| -> Result<String> {
        let line = text
            .lines()
            .find(|l| l.split('|').nth(1).map(str::trim) == Some(first))
            .ok_or_else(|| anyhow!("no table row {first:?}"))?;
        Ok(line
            .split('|')
            .enumerate()
            .filter(|(i, _)| !skip.contains(i))
            .map(|(_, c)| c)
            .collect::<Vec<_>>()
            .join("|"))
    };
    match doc {
        Gallery(id) => Ok(presets::gallery()
            .into_iter()
            .find(|g| g.id == id)
            .ok_or_else(|| anyhow!("no gallery entry {id}"))?
            .model
            .to_string()),
        // | preset | patch | published | Wakelab |: the id cell is checked as a whole
        Readme(id) => row(readme, id, &[1]),
        // | target | bar | status | what a miss needs |: the bar is the target's, not a run's
        Status(id) => {
            let section = calibration
                .split("## Status at a glance")
                .nth(1)
                .ok_or_else(|| anyhow!("docs/calibration.md: no \"Status at a glance\""))?;
            row(section, id, &[1, 2])
        }
    }
}

/// Digits of `text` outside every span in `covered` (byte ranges).
fn uncovered_figures(text: &str, covered: &[(usize, usize)]) -> Vec<String> {
    let mut out = vec![];
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() && !covered.iter().any(|&(a, b)| a <= i && i < b) {
            let start = text[..i].rfind(' ').map_or(0, |s| s + 1);
            let end = text[i..].find(' ').map_or(text.len(), |e| i + e);
            out.push(text[start..end].to_string());
            i = end;
        } else {
            i += 1;
        }
    }
    out
}

/// `wakelab show ID`: a gallery experiment as JSON, or else a machine preset (the
/// `scenario.machine` section) as JSON. An unknown id gets both lists.
pub fn show_preset(id: &str) -> Result<String> {
    let json = if let Some(e) = presets::experiment(id) {
        serde_json::to_string_pretty(&e)?
    } else if let Some(m) = presets::machine(id) {
        serde_json::to_string_pretty(&m)?
    } else {
        let experiments: Vec<&str> = presets::gallery().iter().map(|g| g.id).collect();
        bail!(
            "no preset {id:?}; experiments: {}; machines: {}",
            experiments.join(", "),
            presets::machine_ids().join(", ")
        );
    };
    Ok(json + "\n")
}

/// `wakelab presets`: the gallery with what Wakelab shows and which published results were
/// used to set parameters, then the machine presets.
pub fn print_presets() -> Result<()> {
    use std::fmt::Write as _;
    let mut o = String::from("Experiments (wakelab run --preset ID):\n");
    for p in presets::gallery() {
        writeln!(o, "  {:<10} {}", p.id, p.title)?;
        if !p.model.is_empty() {
            writeln!(o, "  {:<10} {}", "", p.model)?;
        }
        for line in p.results_text().lines() {
            writeln!(o, "  {:<10} - {line}", "")?;
        }
    }
    o.push_str("\nMachines:\n");
    for m in presets::machine_ids() {
        writeln!(o, "  {m}")?;
    }
    crate::io::emit(&o)
}

pub fn gallery(a: GalleryArgs) -> Result<()> {
    if let Some(n) = a.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global()
            .ok();
    }
    let read = |p: &str| -> Result<String> {
        let path: PathBuf = a.root.join(p);
        std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))
    };
    let (readme, calibration) = (read("README.md")?, read("docs/calibration.md")?);
    let f = figures()?;
    println!("Figures (the runs behind them: docs/calibration.md, \"Checked figures\"):");
    for (k, v) in &f {
        println!("  {k:<20} {v}");
    }
    let mut docs: BTreeMap<Doc, (String, Vec<(usize, usize)>)> = BTreeMap::new();
    let mut failures = vec![];
    for claim in CLAIMS {
        let want = render(claim.template, &f)?;
        let entry = match docs.entry(claim.doc) {
            std::collections::btree_map::Entry::Occupied(o) => o.into_mut(),
            std::collections::btree_map::Entry::Vacant(v) => {
                v.insert((doc_text(claim.doc, &readme, &calibration)?, vec![]))
            }
        };
        let text = entry.0.replace('\n', " ");
        let text = collapse_spaces(&text);
        entry.0 = text.clone();
        match text.find(&want) {
            Some(at) => entry.1.push((at, at + want.len())),
            None => failures.push(format!("{:?}: the runs say {want:?}", claim.doc)),
        }
    }
    for (doc, quote) in PUBLISHED_QUOTES {
        let entry = docs.entry(*doc).or_insert_with(|| (String::new(), vec![]));
        if entry.0.is_empty() {
            entry.0 = collapse_spaces(&doc_text(*doc, &readme, &calibration)?.replace('\n', " "));
        }
        match entry.0.find(quote) {
            Some(at) => entry.1.push((at, at + quote.len())),
            None => failures.push(format!("{doc:?}: published quote {quote:?} not found")),
        }
    }
    for (doc, (text, covered)) in &docs {
        for fig in uncovered_figures(text, covered) {
            failures.push(format!(
                "{doc:?}: figure {fig:?} is quoted but no claim checks it"
            ));
        }
    }
    // every gallery text and table row with figures has claims
    for g in presets::gallery()
        .into_iter()
        .filter(|g| !g.model.is_empty())
    {
        if !docs.contains_key(&Gallery(g.id)) {
            failures.push(format!("gallery {}: no claims", g.id));
        }
    }
    if failures.is_empty() {
        println!("\nAll {} quoted figures agree with the runs.", CLAIMS.len());
        return Ok(());
    }
    println!("\nDisagreements:");
    for x in &failures {
        println!("  {x}");
    }
    if a.check {
        bail!("{} quoted figures disagree with the runs", failures.len());
    }
    Ok(())
}

fn collapse_spaces(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}
