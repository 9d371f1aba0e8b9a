//! Write the frozen link bases (`bases/v1/`) from the current presets, for ids that have no
//! file yet. Existing files are never overwritten: links already shared depend on them.
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

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("bases/v1");
    std::fs::create_dir_all(dir.join("experiments")).unwrap();
    std::fs::create_dir_all(dir.join("machines")).unwrap();
    for g in wakelab_sim::presets::gallery() {
        let e = wakelab_sim::presets::experiment(g.id).unwrap();
        let v = serde_json::to_value(&e).unwrap();
        write_new(&dir.join(format!("experiments/{}.json", g.id)), &v);
    }
    for id in wakelab_sim::presets::machine_ids() {
        let m = wakelab_sim::presets::machine(id).unwrap();
        let v = serde_json::to_value(&m).unwrap();
        write_new(&dir.join(format!("machines/{id}.json")), &v);
    }
}
