//! The determinism-across-targets fixture (issue 11): every gallery preset, cut short, plus a
//! 6.18 baseline variant of each, run point by point through the worker's code path (`glue::run_point`), one line per point.
//! `tests/golden_points.rs` checks it natively against `tests/golden/points.txt` and
//! `tests/web.rs` checks the wasm build against the same file, so native and wasm agree byte
//! for byte. Bless after an intended model change: `UPDATE_EXPECT=1 cargo test -p wakelab-web
//! --test golden_points`.

use wakelab_sim::presets;
use wakelab_web::dto::PointJob;
use wakelab_web::glue;

pub fn render() -> String {
    let mut out = String::new();
    for g in presets::gallery() {
        let mut e = presets::experiment(g.id).expect("gallery preset");
        // the second client count where there is one: more than one task pair interacts
        let clients = e.clients.get(1).or(e.clients.first()).copied().unwrap_or(1);
        e.clients = vec![clients];
        e.iterations = 1;
        e.scenario.run.duration_ms = 30;
        e.scenario.run.warmup_ms = 5;
        // and the preset under 6.18 (EEVDF, engine/sim/eevdf.rs), the last variant
        e.variants.push(wakelab_sim::scenario::Variant {
            name: "6.18".into(),
            kernel: Some(wakelab_sim::kernel::KernelConfig::baseline(
                wakelab_sim::kernel::KernelVersion::V6_18,
            )),
            freq: None,
        });
        let experiment = serde_json::to_string(&e).expect("serializes");
        for variant in 0..e.variants.len() as u32 {
            let job = PointJob {
                job: 1,
                experiment: experiment.clone(),
                variant,
                clients,
                iteration: 0,
            };
            let point = glue::run_point(&job, None).expect("runs");
            out.push_str(&format!(
                "{} variant {variant} clients {clients}: {point}\n",
                g.id
            ));
        }
    }
    out
}
