//! Write the frozen link bases (`bases/v1/`) from the current presets. Existing files are
//! never overwritten: links already shared depend on them. A machine preset without a file
//! gets one under its id; a gallery preset whose newest frozen generation no longer reads back
//! as the preset gets a new generation, `ID@N.json` (N = 2, 3, ...), so new links stay short
//! while old ones keep decoding to what they showed. Add the printed ids to `src/bases.rs`.
//!
//! `cargo run -p wakelab-link --example freeze_bases`

use std::path::Path;

fn write_new(path: &Path, value: &serde_json::Value) {
    if path.exists() {
        println!("kept     {}", path.display());
        return;
    }
    let text = serde_json::to_string_pretty(&wakelab_link::patch::canonical(value)).unwrap();
    std::fs::write(path, text + "\n").unwrap();
    println!("written  {}", path.display());
}

/// The file name of generation `n` of base `id` (generation 1 has no suffix).
fn generation(id: &str, n: u32) -> String {
    if n == 1 {
        format!("{id}.json")
    } else {
        format!("{id}@{n}.json")
    }
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("bases/v1");
    std::fs::create_dir_all(dir.join("experiments")).unwrap();
    std::fs::create_dir_all(dir.join("machines")).unwrap();
    for g in wakelab_sim::presets::gallery() {
        let e = wakelab_sim::presets::experiment(g.id).unwrap();
        let v = wakelab_link::patch::canonical(&serde_json::to_value(&e).unwrap());
        let mut n = 1;
        while dir
            .join("experiments")
            .join(generation(g.id, n + 1))
            .exists()
        {
            n += 1;
        }
        let newest = dir.join("experiments").join(generation(g.id, n));
        let current = newest.exists() && {
            let text = std::fs::read_to_string(&newest).unwrap();
            let base: serde_json::Value = serde_json::from_str(&text).unwrap();
            wakelab_link::patch::canonical(&base) == v
        };
        if newest.exists() && !current {
            n += 1;
        }
        write_new(&dir.join("experiments").join(generation(g.id, n)), &v);
    }
    for id in wakelab_sim::presets::machine_ids() {
        let m = wakelab_sim::presets::machine(id).unwrap();
        let v = serde_json::to_value(&m).unwrap();
        write_new(&dir.join(format!("machines/{id}.json")), &v);
    }
}
