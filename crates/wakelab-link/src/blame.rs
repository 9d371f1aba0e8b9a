//! Where in a document a deserializer's error is, without a path-tracking deserializer.
//!
//! The native reader finds the path with `serde_path_to_error`, which instantiates every
//! `Deserialize` impl of the experiment a second time (about 0.3 MB of wasm). The page uses
//! this search instead: given the refused document and a known-good one of the same schema
//! (the link's unpatched base), it swaps one subtree at a time for the good one's (or drops
//! it, when the good document has none) and descends into the first subtree whose swap makes
//! the document readable. It needs only "does this read?", i.e. the one deserializer the page
//! already has, and a few dozen probes on a small document.

use serde_json::Value;

/// One step of a path: an object key or an array index.
enum Step {
    Key(String),
    Index(usize),
}

fn get<'a>(v: &'a Value, path: &[Step]) -> Option<&'a Value> {
    path.iter().try_fold(v, |v, s| match s {
        Step::Key(k) => v.get(k),
        Step::Index(i) => v.get(*i),
    })
}

fn get_mut<'a>(v: &'a mut Value, path: &[Step]) -> Option<&'a mut Value> {
    path.iter().try_fold(v, |v, s| match s {
        Step::Key(k) => v.get_mut(k),
        Step::Index(i) => v.get_mut(*i),
    })
}

/// `a.b[2].c` (the path syntax serde_path_to_error prints); empty for the top level.
fn render(path: &[Step]) -> String {
    let mut s = String::new();
    for step in path {
        match step {
            Step::Key(k) => {
                if !s.is_empty() {
                    s.push('.');
                }
                s.push_str(k);
            }
            Step::Index(i) => s.push_str(&format!("[{i}]")),
        }
    }
    s
}

/// Most probes tried before giving up (a bound on the work done for a hostile document).
const MAX_PROBES: usize = 4096;

/// The deepest path in `doc` whose subtree alone makes `reads(doc)` false, found by swapping
/// subtrees for those of `good` (a document that reads). Empty when the error is at the top
/// level, spans several subtrees, or `doc` reads.
pub fn locate(doc: &Value, good: &Value, reads: impl Fn(&Value) -> bool) -> String {
    let mut path: Vec<Step> = Vec::new();
    let mut probes = 0;
    if reads(doc) {
        return String::new();
    }
    'descend: while let Some(here) = get(doc, &path) {
        let good_here = get(good, &path);
        let children: Vec<Step> = match here {
            Value::Object(m) => m.keys().map(|k| Step::Key(k.clone())).collect(),
            Value::Array(a) => (0..a.len()).map(Step::Index).collect(),
            _ => break,
        };
        for child in children {
            probes += 1;
            if probes > MAX_PROBES {
                break 'descend;
            }
            let replacement = good_here.and_then(|g| match &child {
                Step::Key(k) => g.get(k),
                // an element of a list: any good element of the same list will do
                Step::Index(i) => g.get(*i).or_else(|| g.get(0)),
            });
            let mut probe = doc.clone();
            let Some(parent) = get_mut(&mut probe, &path) else {
                break 'descend;
            };
            match (&child, replacement) {
                (Step::Key(k), Some(r)) => parent[k.as_str()] = r.clone(),
                (Step::Key(k), None) => {
                    if let Some(m) = parent.as_object_mut() {
                        m.remove(k);
                    }
                }
                (Step::Index(i), Some(r)) => parent[*i] = r.clone(),
                (Step::Index(i), None) => {
                    if let Some(a) = parent.as_array_mut() {
                        a.remove(*i);
                    }
                }
            }
            if reads(&probe) {
                path.push(child);
                continue 'descend;
            }
        }
        break;
    }
    render(&path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Run {
        duration_ms: u32,
        seed: u64,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Doc {
        title: String,
        run: Run,
        clients: Vec<u32>,
    }

    fn reads(v: &Value) -> bool {
        serde_json::from_value::<Doc>(v.clone()).is_ok()
    }

    fn good() -> Value {
        json!({"title": "t", "run": {"duration_ms": 100, "seed": 1}, "clients": [1, 2]})
    }

    fn at(doc: Value) -> String {
        locate(&doc, &good(), reads)
    }

    #[test]
    fn finds_a_wrong_type_deep_inside() {
        assert_eq!(
            at(json!({"title": "t", "run": {"duration_ms": "long", "seed": 1}, "clients": [1]})),
            "run.duration_ms"
        );
    }

    #[test]
    fn finds_a_bad_list_element_beyond_the_good_lists_length() {
        assert_eq!(
            at(
                json!({"title": "t", "run": {"duration_ms": 1, "seed": 1}, "clients": [1, 2, 3, -4]})
            ),
            "clients[3]"
        );
    }

    #[test]
    fn finds_an_unknown_field_by_dropping_it() {
        assert_eq!(
            at(
                json!({"title": "t", "run": {"duration_ms": 1, "seed": 1, "colour": 2}, "clients": []})
            ),
            "run.colour"
        );
    }

    #[test]
    fn a_missing_field_points_at_its_parent() {
        assert_eq!(
            at(json!({"title": "t", "run": {"seed": 1}, "clients": []})),
            "run"
        );
    }

    #[test]
    fn two_errors_in_different_places_point_at_their_common_parent() {
        assert_eq!(
            at(json!({"title": 5, "run": {"duration_ms": 1, "seed": 1}, "clients": ["x"]})),
            ""
        );
    }

    #[test]
    fn a_readable_document_has_no_error_path() {
        assert_eq!(at(good()), "");
    }
}
