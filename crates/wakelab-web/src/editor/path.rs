//! Field paths as the core's validation names them (`variants[1].kernel.patches`) and reading
//! and writing them in the experiment's JSON.

use serde_json::{Map, Value};

/// `a.b[2].c` -> `/a/b/2/c` (a JSON pointer).
pub fn pointer(path: &str) -> String {
    let mut p = String::new();
    for part in path.split('.') {
        let mut pieces = part.split('[');
        if let Some(name) = pieces.next() {
            p.push('/');
            p.push_str(name);
        }
        for idx in pieces {
            p.push('/');
            p.push_str(idx.trim_end_matches(']'));
        }
    }
    p
}

/// The value at `path`, or `Null` when any part is missing.
pub fn get<'a>(root: &'a Value, path: &str) -> &'a Value {
    root.pointer(&pointer(path)).unwrap_or(&Value::Null)
}

/// What [`set`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Set {
    Written,
    /// The parent is absent or `null` (an optional section that is switched off): the field
    /// belongs to a part of the form about to be redrawn, so the value is dropped.
    NoParent,
}

/// Write `v` at `path`. With `create`, missing object keys on the way are created (sections the
/// core leaves out when they are at their defaults, such as `kernel.features`); a `null` on the
/// way is never replaced.
pub fn set(root: &mut Value, path: &str, v: Value, create: bool) -> Set {
    let ptr = pointer(path);
    let parts: Vec<&str> = ptr.split('/').skip(1).collect();
    let Some((last, parents)) = parts.split_last() else {
        return Set::NoParent;
    };
    let mut cur = root;
    for key in parents {
        cur = match cur {
            Value::Object(m) => {
                if !m.contains_key(*key) {
                    if !create {
                        return Set::NoParent;
                    }
                    m.insert((*key).to_string(), Value::Object(Map::new()));
                }
                match m.get_mut(*key) {
                    Some(x) => x,
                    None => return Set::NoParent,
                }
            }
            Value::Array(a) => match key.parse::<usize>().ok().and_then(|i| a.get_mut(i)) {
                Some(x) => x,
                None => return Set::NoParent,
            },
            _ => return Set::NoParent,
        };
    }
    match cur {
        Value::Object(m) => {
            m.insert((*last).to_string(), v);
            Set::Written
        }
        Value::Array(a) => match last.parse::<usize>().ok().and_then(|i| a.get_mut(i)) {
            Some(x) => {
                *x = v;
                Set::Written
            }
            None => Set::NoParent,
        },
        _ => Set::NoParent,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn pointers_follow_the_validation_paths() {
        assert_eq!(pointer("scenario.title"), "/scenario/title");
        assert_eq!(pointer("variants[2].kernel"), "/variants/2/kernel");
        assert_eq!(
            pointer("scenario.machine.hw.freq.pstates.table[1].khz"),
            "/scenario/machine/hw/freq/pstates/table/1/khz"
        );
    }

    #[test]
    fn set_creates_only_when_asked_and_never_through_null() {
        let mut v = json!({"a": {"b": null}, "l": [1, 2]});
        assert_eq!(set(&mut v, "a.c.d", json!(1), false), Set::NoParent);
        assert_eq!(set(&mut v, "a.c.d", json!(1), true), Set::Written);
        assert_eq!(set(&mut v, "a.b.x", json!(1), true), Set::NoParent);
        assert_eq!(set(&mut v, "l[1]", json!(5), false), Set::Written);
        assert_eq!(set(&mut v, "l[7]", json!(5), true), Set::NoParent);
        assert_eq!(v, json!({"a": {"b": null, "c": {"d": 1}}, "l": [1, 5]}));
        assert_eq!(get(&v, "a.c.d"), &json!(1));
        assert_eq!(get(&v, "a.zz"), &Value::Null);
    }
}
