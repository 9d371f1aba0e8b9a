//! Does a patch change anything on this experiment, and where? For each seed patch: the run
//! without it and the run with it (plus the patches it requires, on both sides), and, inside
//! the run with it, every placement decision taken again without it on the same state
//! ([`DetailOptions::shadow_kernel`]). A patch **acts** when the placement outcome differs (the
//! select_idle_sibling counters, migrations or per-CPU busy time); the decision counts say why
//! it does or does not: a patch whose decisions never differ does not reach a state where its
//! code answers differently. `wakelab patch-effects` prints this table; the `toggles_act` test
//! keeps it for every gallery preset.

use std::collections::BTreeMap;

use crate::engine::ShadowStats;
use crate::experiment::{DetailOptions, PointResult, RunError, run_point_detailed};
use crate::kernel::{KernelConfig, PatchId, TopologyFlags};
use crate::scenario::{Experiment, Variant};

/// One patch on one experiment point.
#[derive(Clone, Debug, PartialEq)]
pub struct PatchEffect {
    pub patch: PatchId,
    /// The kernel without the patch (the patch's first baseline, its required patches on).
    pub without: KernelConfig,
    /// The placement outcome differs between the two runs.
    pub acts: bool,
    /// The two runs' results are the same bytes (what a "no functional change" patch owes).
    pub same_result: bool,
    /// The run with the patch, every decision also taken without it.
    pub decisions: ShadowStats,
}

/// `k` with the patches `p` requires ([`PatchId::requires_all`]) where they apply to `k`'s
/// version (where they are not merged yet).
pub fn with_required(mut k: KernelConfig, p: PatchId) -> KernelConfig {
    for d in p.requires_all() {
        if d.info().applies_to.contains(&k.version) {
            k = k.with(d);
        }
    }
    k
}

/// Whether two runs' placement outcomes differ.
pub fn outcome_differs(a: &PointResult, b: &PointResult) -> bool {
    a.sis != b.sis || a.migrations != b.migrations || a.cpu_busy_pct != b.cpu_busy_pct
}

fn with_kernel(e: &Experiment, k: KernelConfig) -> Experiment {
    let mut e = e.clone();
    e.variants = vec![Variant {
        name: "v".into(),
        kernel: Some(k),
        freq: None,
    }];
    e
}

/// The effect of every seed patch on `e`'s scenario at `clients` (iteration 0), each against
/// its first baseline version with topology flags `flags`. Runs that share a kernel without
/// the patch share one baseline run.
pub fn patch_effects(
    e: &Experiment,
    clients: u32,
    flags: TopologyFlags,
) -> Result<Vec<PatchEffect>, RunError> {
    let mut baselines: BTreeMap<String, PointResult> = BTreeMap::new();
    let mut out = Vec::with_capacity(PatchId::ALL.len());
    for p in PatchId::ALL {
        let base = KernelConfig::baseline(p.info().applies_to[0]).with_topology_flags(flags);
        let without = with_required(base, p);
        let with = without.with(p);
        let key = serde_json::to_string(&without).expect("a kernel config serialises");
        let a = match baselines.get(&key) {
            Some(a) => a.clone(),
            None => {
                let a = run_point_detailed(
                    &with_kernel(e, without),
                    0,
                    clients,
                    0,
                    DetailOptions::default(),
                    None,
                )?
                .result;
                baselines.insert(key, a.clone());
                a
            }
        };
        let d = run_point_detailed(
            &with_kernel(e, with),
            0,
            clients,
            0,
            DetailOptions {
                shadow_kernel: Some(without),
                ..DetailOptions::default()
            },
            None,
        )?;
        out.push(PatchEffect {
            patch: p,
            without,
            acts: outcome_differs(&a, &d.result),
            same_result: a == d.result,
            decisions: d.shadow.expect("a shadow kernel was given"),
        });
    }
    Ok(out)
}
