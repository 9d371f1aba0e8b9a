//! JSON merge patches (RFC 7396) and the canonical key order links are written in.

use serde_json::{Map, Value};

/// Apply `patch` to `target` (RFC 7396): objects merge key by key, `null` deletes a key,
/// anything else replaces. Recursion depth is bounded by the parsed input's depth (serde_json
/// refuses more than 128 levels).
pub fn apply(target: &mut Value, patch: &Value) {
    let Value::Object(p) = patch else {
        *target = patch.clone();
        return;
    };
    if !target.is_object() {
        *target = Value::Object(Map::new());
    }
    let Value::Object(t) = target else {
        unreachable!("target was just made an object")
    };
    for (k, v) in p {
        if v.is_null() {
            t.remove(k);
        } else {
            apply(t.entry(k.clone()).or_insert(Value::Null), v);
        }
    }
}

/// A merge patch that turns `from` into `to` (when `to` holds no `null` that `from` lacks:
/// callers check the result, see [`crate::ExperimentDto`]). Equal documents give `{}`.
pub fn diff(from: &Value, to: &Value) -> Value {
    match (from, to) {
        (Value::Object(a), Value::Object(b)) => {
            let mut out = Map::new();
            for k in a.keys() {
                if !b.contains_key(k) {
                    out.insert(k.clone(), Value::Null);
                }
            }
            for (k, bv) in b {
                match a.get(k) {
                    Some(av) if av == bv => {}
                    Some(av) if av.is_object() && bv.is_object() => {
                        out.insert(k.clone(), diff(av, bv));
                    }
                    _ => {
                        out.insert(k.clone(), bv.clone());
                    }
                }
            }
            Value::Object(out)
        }
        _ => to.clone(),
    }
}

/// The same value with every object's keys in sorted order, whatever map type serde_json was
/// built with (`preserve_order` may be switched on by another crate in the build), so a link
/// is byte-identical natively and in wasm.
pub fn canonical(v: &Value) -> Value {
    match v {
        Value::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            let mut out = Map::new();
            for k in keys {
                out.insert(k.clone(), canonical(&m[k]));
            }
            Value::Object(out)
        }
        Value::Array(a) => Value::Array(a.iter().map(canonical).collect()),
        _ => v.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn rfc7396_examples() {
        let mut t = json!({"a": "b", "c": {"d": "e", "f": "g"}});
        apply(&mut t, &json!({"a": "z", "c": {"f": null}}));
        assert_eq!(t, json!({"a": "z", "c": {"d": "e"}}));
        let mut t = json!({"a": [1]});
        apply(&mut t, &json!({"a": {"b": "c", "d": null}}));
        assert_eq!(t, json!({"a": {"b": "c"}}));
        let mut t = json!([1, 2]);
        apply(&mut t, &json!({"a": 1}));
        assert_eq!(t, json!({"a": 1}));
    }

    #[test]
    fn diff_then_apply_restores() {
        let a = json!({"x": 1, "y": {"p": [1, 2], "q": "s"}, "z": true});
        let b = json!({"x": 2, "y": {"p": [1, 2, 3], "q": "s"}, "w": {"n": 1}});
        let p = diff(&a, &b);
        assert_eq!(
            p,
            json!({"x": 2, "y": {"p": [1, 2, 3]}, "z": null, "w": {"n": 1}})
        );
        let mut t = a.clone();
        apply(&mut t, &p);
        assert_eq!(t, b);
        assert_eq!(diff(&a, &a), json!({}));
    }

    #[test]
    fn canonical_sorts_keys() {
        let v = canonical(&json!({"b": 1, "a": {"d": 2, "c": 3}}));
        assert_eq!(v.to_string(), r#"{"a":{"c":3,"d":2},"b":1}"#);
    }
}
