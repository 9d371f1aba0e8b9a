//! "Copy for a mailing list": plain text to paste into an LKML reply. A one-line summary of
//! what differs from the preset the experiment came from (computed from the two experiments,
//! never written by hand), the compare-mmtests table the page shows, and the share link.
//! Prose is wrapped at 72 columns; the table keeps its own layout and the link its own line
//! (the link decoder drops whitespace, so a mail client that breaks it still leaves it
//! readable).

use serde_json::Value;
use wakelab_sim::scenario::Experiment;
use wakelab_sim::topology::MachineShape;

/// Column the prose is wrapped at.
pub const WIDTH: usize = 72;
/// Most differences the summary names; the rest are counted.
const MAX_PARTS: usize = 8;
/// Longest value written for a changed field.
const MAX_VALUE_CHARS: usize = 24;

/// The gallery preset a link's base stands for (`t1@2` -> `t1`).
pub fn preset_of_base(base: &str) -> &str {
    base.split('@').next().unwrap_or(base)
}

/// What differs between `exp` and the preset `preset_id` (`preset`) it came from, as one line:
/// `t1 with machine 2x8 cores (16 CPUs), 4.15-recent-used: 5.10 + idle-candidate`.
pub fn summary(exp: &Experiment, preset_id: &str, preset: &Experiment) -> String {
    let mut parts = Vec::new();
    // A machine described as a whole is not listed field by field too.
    let whole_machine = machine_part(exp, preset, &mut parts);
    variant_parts(exp, preset, &mut parts);
    if exp.clients != preset.clients {
        let c: Vec<String> = exp.client_counts().iter().map(u32::to_string).collect();
        parts.push(format!("clients {}", c.join(",")));
    }
    let (a, b) = (json(exp), json(preset));
    let skip: &[&str] = if whole_machine {
        &["scenario.machine"]
    } else {
        &[]
    };
    leaf_diffs("", &a, &b, skip, &mut parts);
    if parts.is_empty() {
        return format!("{preset_id} as in the gallery");
    }
    let more = parts.len().saturating_sub(MAX_PARTS);
    parts.truncate(MAX_PARTS);
    if more > 0 {
        parts.push(format!(
            "{more} more change{}",
            if more == 1 { "" } else { "s" }
        ));
    }
    format!("{preset_id} with {}", parts.join(", "))
}

/// The text to paste: title, summary, table, link.
pub fn mail_text(title: &str, summary: &str, table: &str, link: &str) -> String {
    let mut out = String::new();
    if !title.trim().is_empty() {
        out += &wrap(title.trim(), WIDTH);
        out.push('\n');
    }
    out += &wrap(&format!("Simulated with Wakelab: {summary}."), WIDTH);
    out += "\n\n";
    out += table.trim_end();
    out +=
        "\n\nTo run it in a browser (deterministic; same numbers on the same\nWakelab version):\n";
    out += link;
    out.push('\n');
    out
}

/// Wrap `text` at `width` columns on spaces (a word longer than a line gets its own line).
pub fn wrap(text: &str, width: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let fits = line.chars().count() + 1 + word.chars().count() <= width;
        if !line.is_empty() && !fits {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines.join("\n")
}

fn json<T: serde::Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
}

fn shape_text(s: &MachineShape) -> String {
    let per_socket = s.llcs_per_socket as usize * s.cores_per_llc as usize;
    let cores = if s.sockets > 1 {
        format!("{}x{per_socket} cores", s.sockets)
    } else {
        format!("{per_socket} cores")
    };
    let llcs = if s.llcs_per_socket > 1 {
        format!(" in {} LLCs per socket", s.llcs_per_socket)
    } else {
        String::new()
    };
    format!("{cores}{llcs} ({} CPUs)", s.nr_cpus())
}

/// The machine, if it is another preset or another shape; whether it was described whole.
fn machine_part(exp: &Experiment, preset: &Experiment, parts: &mut Vec<String>) -> bool {
    let (m, p) = (&exp.scenario.machine, &preset.scenario.machine);
    if m.shape == p.shape && m.hw == p.hw {
        return false;
    }
    // Another machine preset as it is: its name; else the shape (the clocks follow below).
    let named = m
        .preset
        .as_deref()
        .filter(|id| Some(*id) != p.preset.as_deref())
        .filter(|id| wakelab_sim::presets::machine(id).is_some_and(|pm| pm == *m));
    match named {
        Some(id) => parts.push(format!("machine {id}")),
        None if m.shape != p.shape => parts.push(format!("machine {}", shape_text(&m.shape))),
        None => return false,
    }
    true
}

/// A kernel as `version + patch - patch +FEATURE NO_FEATURE`, relative to `base` (the
/// version always, patches and features only where they differ).
fn kernel_text(k: &Value, base: Option<&Value>) -> String {
    let strings = |v: Option<&Value>, key: &str| -> Vec<String> {
        v.and_then(|v| v.get(key))
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|x| x.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    };
    let version = k.get("version").and_then(Value::as_str).unwrap_or("?");
    let mut out = version.to_string();
    let (mine, theirs) = (strings(Some(k), "patches"), strings(base, "patches"));
    for p in mine.iter().filter(|p| !theirs.contains(p)) {
        out += &format!(" + {p}");
    }
    for p in theirs.iter().filter(|p| !mine.contains(p)) {
        out += &format!(" - {p}");
    }
    let feats = |v: Option<&Value>| {
        v.and_then(|v| v.get("features"))
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default()
    };
    let (mf, tf) = (feats(Some(k)), feats(base));
    for (name, on) in &mf {
        if tf.get(name) != Some(on) {
            match on.as_bool() {
                Some(true) => out += &format!(" {name}"),
                Some(false) => out += &format!(" NO_{name}"),
                None => out += &format!(" {name}={on}"),
            }
        }
    }
    for name in tf.keys().filter(|n| !mf.contains_key(*n)) {
        out += &format!(" {name} default");
    }
    let flags = |v: Option<&Value>| v.and_then(|v| v.get("topology_flags")).cloned();
    if flags(Some(k)) != flags(base)
        && let Some(f) = flags(Some(k)).and_then(|f| f.as_str().map(str::to_string))
    {
        out += &format!(" ({f} topology flags)");
    }
    out
}

fn variant_parts(exp: &Experiment, preset: &Experiment, parts: &mut Vec<String>) {
    let kernel = |e: &Experiment, i: usize| {
        json(e.variants[i].kernel.as_ref().unwrap_or(&e.scenario.kernel))
    };
    // A variant's own frequency settings (the scenario's are listed with the other fields).
    let governor = |e: &Experiment, i: usize| json(&e.variants[i].freq);
    let n = exp.variants.len().max(preset.variants.len());
    for i in 0..n {
        match (exp.variants.get(i), preset.variants.get(i)) {
            (Some(v), Some(pv)) => {
                let (k, pk) = (kernel(exp, i), kernel(preset, i));
                let mut what = Vec::new();
                if k != pk {
                    what.push(kernel_text(&k, Some(&pk)));
                }
                let (g, pg) = (governor(exp, i), governor(preset, i));
                if g != pg {
                    what.push(match (g.get("governor"), pg.get("governor")) {
                        (Some(a), b) if Some(a) != b => {
                            format!("governor {}", a.as_str().unwrap_or("?"))
                        }
                        (None, Some(_)) => "the scenario's frequency settings".to_string(),
                        _ => "own frequency settings".to_string(),
                    });
                }
                if v.name != pv.name {
                    what.push(format!("was {}", pv.name));
                }
                if !what.is_empty() {
                    parts.push(format!("{}: {}", v.name, what.join(", ")));
                }
            }
            (Some(v), None) => {
                let base = preset
                    .variants
                    .len()
                    .checked_sub(1)
                    .map(|j| kernel(preset, j));
                parts.push(format!(
                    "added {}: {}",
                    v.name,
                    kernel_text(&kernel(exp, i), base.as_ref())
                ));
            }
            (None, Some(pv)) => parts.push(format!("{} removed", pv.name)),
            (None, None) => {}
        }
    }
}

/// Paths the summary describes otherwise (or not at all: the title is the mail's first line).
fn handled(path: &str) -> bool {
    matches!(
        path,
        "scenario.title"
            | "scenario.machine.shape"
            | "scenario.machine.preset"
            | "scenario.kernel"
            | "variants"
            | "clients"
    )
}

/// Every changed leaf of `a` against `b` as `path value` (`run.duration_ms 500`), a changed
/// workload kind as `workload hackbench` (its fields then not listed one by one).
fn leaf_diffs(path: &str, a: &Value, b: &Value, skip: &[&str], parts: &mut Vec<String>) {
    if handled(path) || skip.contains(&path) || a == b {
        return;
    }
    let shown = path.strip_prefix("scenario.").unwrap_or(path);
    if path == "scenario.workload" && a.get("kind") != b.get("kind") {
        parts.push(format!("workload {}", value_text(a.get("kind"))));
        return;
    }
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let mut keys: Vec<&String> = x.keys().chain(y.keys()).collect();
            keys.sort();
            keys.dedup();
            for k in keys {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                leaf_diffs(
                    &p,
                    x.get(k).unwrap_or(&Value::Null),
                    y.get(k).unwrap_or(&Value::Null),
                    skip,
                    parts,
                );
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (u, v)) in x.iter().zip(y).enumerate() {
                leaf_diffs(&format!("{path}[{i}]"), u, v, skip, parts);
            }
        }
        _ => parts.push(format!("{shown} {}", value_text(Some(a)))),
    }
}

fn value_text(v: Option<&Value>) -> String {
    let s = match v {
        None | Some(Value::Null) => "none".to_string(),
        Some(Value::String(s)) => s.clone(),
        Some(v) => v.to_string(),
    };
    if s.chars().count() > MAX_VALUE_CHARS {
        s.chars().take(MAX_VALUE_CHARS - 1).collect::<String>() + "…"
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wakelab_sim::presets;

    fn t1() -> Experiment {
        presets::experiment("t1").unwrap()
    }

    #[test]
    fn an_unchanged_preset_says_so() {
        assert_eq!(summary(&t1(), "t1", &t1()), "t1 as in the gallery");
        assert_eq!(preset_of_base("t1@2"), "t1");
        assert_eq!(preset_of_base("default"), "default");
    }

    #[test]
    fn the_summary_names_the_machine_kernels_and_fields_that_changed() {
        let mut e = t1();
        e.scenario.machine.shape.sockets = 2;
        e.scenario.machine.shape.cores_per_llc = 8;
        e.scenario.machine.shape.smt = 1;
        e.scenario.machine.preset = None;
        let mut k = e.variants[1].kernel.unwrap();
        k.version = serde_json::from_value(serde_json::json!("5.10")).unwrap();
        e.variants[1].kernel = Some(k);
        e.scenario.run.duration_ms = 500;
        e.scenario.title = "my own title".into();
        let s = summary(&e, "t1", &t1());
        assert_eq!(
            s,
            "t1 with machine 2x8 cores (16 CPUs), 4.15-recent-used: 5.10, run.duration_ms 500"
        );
    }

    #[test]
    fn patches_added_and_removed_variants_clients_and_a_named_machine() {
        let mut e = t1();
        let p = t1();
        // the patched variant loses a patch, a third one is added, clients change
        let mut k: Value = json(e.variants[1].kernel.as_ref().unwrap());
        k["patches"].as_array_mut().unwrap().pop();
        e.variants[1].kernel = Some(serde_json::from_value(k).unwrap());
        let mut extra = p.variants[1].clone();
        extra.name = "next".into();
        e.variants.push(extra);
        e.clients = vec![1, 2];
        e.scenario.machine = presets::machine("clx-2s-80t").unwrap();
        let s = summary(&e, "t1", &p);
        assert!(
            s.starts_with("t1 with machine clx-2s-80t, 4.15-recent-used: 4.15 - recent-used-cpu, added next: 4.15, clients 1,2"),
            "{s}"
        );
        // the clocks of the new machine are not listed field by field
        assert!(!s.contains("hw."), "{s}");
        let mut fewer = t1();
        fewer.variants.pop();
        assert_eq!(
            summary(&fewer, "t1", &p),
            "t1 with 4.15-recent-used removed"
        );
    }

    #[test]
    fn many_changes_are_counted_and_a_new_workload_is_one() {
        let mut e = t1();
        let other = presets::experiment("t5").unwrap();
        e.scenario.workload = other.scenario.workload.clone();
        let s = summary(&e, "t1", &t1());
        assert!(s.starts_with("t1 with workload "), "{s}");
        assert!(!s.contains("workload."), "{s}");
        let s = summary(&other, "t1", &t1());
        assert!(s.contains("more change"), "{s}");
    }

    #[test]
    fn the_text_is_wrapped_and_holds_table_and_link() {
        let long = "t1 with machine 2x8 cores (16 CPUs), 4.15-recent-used: 5.10 + \
                    idle-candidate, run.duration_ms 500";
        let table = "header\n  1   10.0   12.0\n";
        let link = format!("https://example.org/wakelab/#w1.{}", "A".repeat(120));
        let t = mail_text("A title", long, table, &link);
        assert!(t.contains("\nheader\n  1   10.0   12.0\n\n"), "{t}");
        assert!(t.ends_with(&format!("\n{link}\n")), "{t}");
        for line in t.lines().filter(|l| !l.starts_with("https://")) {
            assert!(line.chars().count() <= WIDTH, "{line:?}");
        }
        assert!(
            t.starts_with("A title\nSimulated with Wakelab: t1 with machine"),
            "{t}"
        );
        assert_eq!(wrap("a b c", 3), "a b\nc");
        assert_eq!(wrap(&"x".repeat(80), 72), "x".repeat(80));
    }
}
