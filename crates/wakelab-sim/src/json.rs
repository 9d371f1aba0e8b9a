//! A JSON reader that refuses duplicate object keys.
//!
//! `serde_json::Value` keeps the last of two equal keys without a word. For a hand-written or
//! crafted experiment that hides a mistake (`"hz": 1000, ..., "hz": 100`), so experiment files
//! and links are read through [`parse_unique`], which builds the same `Value` and stops at the
//! first repeated key with its path and position. serde_json's own limits (recursion depth 128,
//! syntax) still apply: the visitor is driven by serde_json's deserializer.

use std::cell::RefCell;
use std::fmt;

use serde::de::{DeserializeSeed, Error as _, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// Why [`parse_unique`] failed.
#[derive(Debug)]
pub(crate) enum ParseError {
    /// Key `key` appears twice in the object at `path` (reported as the key's own path).
    Duplicate {
        path: String,
        key: String,
        line: usize,
        column: usize,
    },
    /// Not JSON, or nested deeper than serde_json allows.
    Syntax(serde_json::Error),
}

enum Seg {
    Key(String),
    Index(usize),
}

/// Shared state of one parse: the path to the value being read and the first duplicate.
#[derive(Default)]
struct State {
    path: RefCell<Vec<Seg>>,
    duplicate: RefCell<Option<(String, String)>>,
}

impl State {
    fn path_string(&self) -> String {
        let mut s = String::new();
        for seg in self.path.borrow().iter() {
            match seg {
                Seg::Key(k) if s.is_empty() => s.push_str(k),
                Seg::Key(k) => {
                    s.push('.');
                    s.push_str(k);
                }
                Seg::Index(i) => s.push_str(&format!("[{i}]")),
            }
        }
        s
    }
}

/// Parse `s` into a `Value`, refusing any object with a repeated key.
pub(crate) fn parse_unique(s: &str) -> Result<Value, ParseError> {
    let state = State::default();
    let mut de = serde_json::Deserializer::from_str(s);
    let r = Seed(&state)
        .deserialize(&mut de)
        .and_then(|v| de.end().map(|()| v));
    r.map_err(|e| match state.duplicate.take() {
        Some((path, key)) => ParseError::Duplicate {
            path,
            key,
            line: e.line(),
            column: e.column(),
        },
        None => ParseError::Syntax(e),
    })
}

#[derive(Clone, Copy)]
struct Seed<'a>(&'a State);

impl<'de> DeserializeSeed<'de> for Seed<'_> {
    type Value = Value;
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Seed<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        // JSON text has no NaN or infinity, so this is always a number (as in serde_json)
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut v = Vec::new();
        loop {
            self.0.path.borrow_mut().push(Seg::Index(v.len()));
            let Some(x) = seq.next_element_seed(self)? else {
                self.0.path.borrow_mut().pop();
                break;
            };
            self.0.path.borrow_mut().pop();
            v.push(x);
        }
        Ok(Value::Array(v))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut m = Map::new();
        while let Some(k) = map.next_key::<String>()? {
            self.0.path.borrow_mut().push(Seg::Key(k.clone()));
            if m.contains_key(&k) {
                *self.0.duplicate.borrow_mut() = Some((self.0.path_string(), k));
                return Err(A::Error::custom("duplicate key"));
            }
            let v = map.next_value_seed(self)?;
            self.0.path.borrow_mut().pop();
            m.insert(k, v);
        }
        Ok(Value::Object(m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_to_serde_json_without_duplicates() {
        let s = r#"{"a": [1, -2, 3.5, "x", null, true, {"b": {}}], "c": {"d": [[]]}}"#;
        let v = parse_unique(s).unwrap();
        assert_eq!(v, serde_json::from_str::<Value>(s).unwrap());
    }

    #[test]
    fn duplicates_are_named_by_path_and_position() {
        let s = "{\"a\": [{\"b\": 1}, {\"c\": 1,\n \"c\": 2}]}";
        match parse_unique(s) {
            Err(ParseError::Duplicate {
                path, key, line, ..
            }) => {
                assert_eq!((path.as_str(), key.as_str(), line), ("a[1].c", "c", 2));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn syntax_and_depth_errors_stay_serde_jsons() {
        assert!(matches!(parse_unique("{"), Err(ParseError::Syntax(_))));
        assert!(matches!(parse_unique("{} x"), Err(ParseError::Syntax(_))));
        let deep = "[".repeat(200) + &"]".repeat(200);
        match parse_unique(&deep) {
            Err(ParseError::Syntax(e)) => assert!(e.to_string().contains("recursion limit")),
            other => panic!("{other:?}"),
        }
    }
}
