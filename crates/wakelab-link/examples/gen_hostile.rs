//! Writes `tests/hostile.json`, the hostile-input corpus (docs/share-links.md, "Hostile
//! links"). Run after changing the cases; `tests/hostile.rs` checks every case's message and
//! the browser tests load the same file.
//!
//! `cargo run -p wakelab-link --example gen_hostile`

use serde_json::{Value, json};
use wakelab_link::{LinkV1, MAX_INFLATED, MAX_LINK_LEN, ViewState, decode, encode, encode_payload};

fn wrap(v: &Value) -> String {
    encode_payload(v.to_string().as_bytes())
}

fn with_patch(patch: Value) -> String {
    wrap(&json!({"v": 1, "experiment": {"base": "default", "patch": patch}}))
}

fn main() {
    let mut cases: Vec<(String, String, Option<String>, Option<String>)> = Vec::new();
    let mut err = |name: &str, link: String, msg: &str| {
        cases.push((name.into(), link, Some(msg.into()), None));
    };

    // Envelope.
    err("empty", String::new(), "holds no experiment");
    err(
        "url-without-fragment",
        "https://example.org/wakelab/".into(),
        "holds no experiment",
    );
    err(
        "hash-only",
        "https://example.org/wakelab/#".into(),
        "holds no experiment",
    );
    err(
        "wrong-prefix",
        "x1.eJyrVipTsqpWSi0qyi9SslJKSUxJLEpRqq0FAE5qB4E".into(),
        "not a Wakelab link",
    );
    err(
        "no-prefix",
        "eJyrVipTsqpWSi0qyi9SslJKSUxJLEpRqq0FAE5qB4E".into(),
        "not a Wakelab link",
    );
    err(
        "future-format",
        "w2.eJyrVipTsqpWSi0qyi9SslJKSUxJLEpRqq0FAE5qB4E".into(),
        "made by a newer Wakelab (link format w2)",
    );
    err(
        "malformed-base64",
        "w1.eJ*x!!abc".into(),
        "not valid base64url: character '*' at position 5",
    );
    err(
        "base64-standard-alphabet",
        "w1.eJ+x/abc".into(),
        "not valid base64url",
    );
    err(
        "base64-impossible-length",
        "w1.eJyrV".into(),
        "cannot be a whole number of bytes",
    );
    err(
        "oversized-link",
        format!("w1.{}", "A".repeat(MAX_LINK_LEN)),
        "links longer than 16384 characters are not read",
    );

    // Compression.
    let t5 = {
        let mut e = wakelab_sim::presets::experiment("t5").unwrap();
        e.scenario.title = "a longer link to cut: t5 with three edits".into();
        e.clients = vec![1, 2, 3, 4, 5, 6, 7, 8];
        e.scenario.machine = wakelab_sim::presets::machine("skx-2s-88t").unwrap();
        encode(&LinkV1::new(&e, ViewState::default()))
    };
    let truncated = (10..t5.len())
        .rev()
        .map(|n| t5[..n].to_string())
        .find(|l| decode(l).err().is_some_and(|e| e.kind() == "truncated"))
        .expect("some cut gives a truncated stream");
    err("truncated", truncated, "cut short");
    let corrupt = {
        // Change one character in the middle of the compressed data.
        let mut b = t5.clone().into_bytes();
        let i = b.len() / 2;
        b[i] = if b[i] == b'A' { b'B' } else { b'A' };
        String::from_utf8(b).unwrap()
    };
    assert!(decode(&corrupt).is_err());
    err("corrupt-one-character", corrupt, "the link is damaged");
    err(
        "corrupt-not-zlib",
        "w1.AAAAAAAAAAAAAAAA".into(),
        "the link is damaged (the compressed data is invalid)",
    );
    err(
        "decompression-bomb",
        encode_payload(&vec![b' '; 4 * MAX_INFLATED]),
        "expands to more than 262144 bytes",
    );
    err(
        "decompression-bomb-8mib",
        encode_payload(&vec![b'['; 8 << 20]),
        "expands to more than 262144 bytes",
    );

    // JSON.
    err(
        "not-json",
        encode_payload(b"hello, world"),
        "not valid JSON",
    );
    err(
        "invalid-utf8",
        encode_payload(b"{\"v\": 1, \"x\": \"\xff\xfe\"}"),
        "not valid JSON",
    );
    err(
        "deep-array",
        encode_payload(("[".repeat(200) + &"]".repeat(200)).as_bytes()),
        "nests deeper than 128 levels",
    );
    let deep_patch = format!(
        r#"{{"v":1,"experiment":{{"base":"default","patch":{}1{}}}}}"#,
        r#"{"a":"#.repeat(130),
        "}".repeat(130)
    );
    err(
        "deep-patch",
        encode_payload(deep_patch.as_bytes()),
        "nests deeper than 128 levels",
    );
    err("json-array", encode_payload(b"[1, 2, 3]"), "has no version");

    // Versions.
    err(
        "future-version",
        wrap(&json!({"v": 2, "experiment": {"base": "default"}})),
        "made by a newer Wakelab (link version 2)",
    );
    err(
        "far-future-version",
        wrap(&json!({"v": 4000000000u64, "experiment": {"base": "default"}})),
        "made by a newer Wakelab",
    );
    err(
        "version-zero",
        wrap(&json!({"v": 0, "experiment": {"base": "default"}})),
        "link version 0 does not exist",
    );
    err(
        "version-string",
        wrap(&json!({"v": "1", "experiment": {"base": "default"}})),
        "version must be a positive integer",
    );
    err(
        "version-negative",
        wrap(&json!({"v": -1, "experiment": {"base": "default"}})),
        "version must be a positive integer",
    );

    // DTO shape.
    err(
        "unknown-base",
        wrap(&json!({"v": 1, "experiment": {"base": "t99"}})),
        "base experiment \"t99\", which this Wakelab does not know",
    );
    err(
        "unknown-machine",
        wrap(&json!({"v": 1, "experiment": {"base": "default", "machine": "m1-max"}})),
        "base machine \"m1-max\"",
    );
    err(
        "no-experiment",
        wrap(&json!({"v": 1})),
        "missing field `experiment`",
    );
    err(
        "unknown-dto-field",
        wrap(&json!({"v": 1, "experiment": {"base": "default", "extra": 1}})),
        "unknown field `extra`",
    );
    err(
        "patch-not-object",
        wrap(&json!({"v": 1, "experiment": {"base": "default", "patch": [1]}})),
        "experiment.patch: must be an object",
    );
    err(
        "full-and-base",
        wrap(&json!({"v": 1, "experiment": {"base": "default", "full": {}}})),
        "a full experiment cannot have a base",
    );

    // Numbers.
    err(
        "float-overflow",
        encode_payload(br#"{"v":1,"experiment":{"base":"default","patch":{"scenario":{"run":{"duration_ms":1e400}}}}}"#),
        "number out of range",
    );
    err(
        "integer-beyond-u64",
        encode_payload(br#"{"v":1,"experiment":{"base":"default","patch":{"scenario":{"run":{"duration_ms":18446744073709551616}}}}}"#),
        "number out of range at scenario.run.duration_ms",
    );
    err(
        "negative-client-count",
        with_patch(json!({"clients": [-1]})),
        "number out of range at clients[0]",
    );
    err(
        "seed-beyond-u32",
        with_patch(json!({"scenario": {"run": {"seed": 4294967296u64}}})),
        "number out of range at scenario.run.seed",
    );
    err(
        "fractional-iterations",
        with_patch(json!({"iterations": 1.5})),
        "number out of range at iterations",
    );
    err(
        "string-for-number",
        with_patch(json!({"scenario": {"run": {"warmup_ms": "fast"}}})),
        "scenario.run.warmup_ms: invalid type: string \"fast\"",
    );
    err(
        "duration-beyond-limit",
        with_patch(json!({"scenario": {"run": {"duration_ms": 10000000}}})),
        "scenario.run.duration_ms: must be 1..=120000 ms",
    );
    err(
        "clients-beyond-limit",
        with_patch(json!({"clients": [5000]})),
        "clients: give at most 64 client counts, each 1..=4096",
    );
    err(
        "cpus-beyond-limit",
        with_patch(
            json!({"scenario": {"machine": {"shape": {"sockets": 8, "cores_per_llc": 64}}}}),
        ),
        "the limit is 512",
    );
    err(
        "iterations-zero",
        with_patch(json!({"iterations": 0})),
        "iterations: must be 1..=64",
    );

    // Experiment content.
    err(
        "unknown-experiment-field",
        with_patch(json!({"scenario": {"colour": "red"}})),
        "unknown field `colour`",
    );
    err(
        "title-too-long",
        with_patch(json!({"scenario": {"title": "x".repeat(300)}})),
        "title: longer than 200 characters",
    );
    err(
        "bad-view",
        wrap(
            &json!({"v": 1, "experiment": {"base": "default"}, "view": {"selected": {"variant": 5, "clients": 1, "iteration": 0}}}),
        ),
        "selected.variant: 5 but the experiment has 2 variants",
    );
    err(
        "view-tab-markup",
        wrap(
            &json!({"v": 1, "experiment": {"base": "default"}, "view": {"tab": "<img src=x onerror=alert(1)>"}}),
        ),
        "tab: must be 1 to 32 characters",
    );

    // Links that must decode, with their title kept as plain text.
    let mut ok = |name: &str, link: String, title: &str| {
        let got = wakelab_link::decode_full(&link).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(got.1.scenario.title, title, "{name}");
        cases.push((name.into(), link, None, Some(title.into())));
    };
    for (name, title) in [
        (
            "html-script-title",
            "<script>alert(document.cookie)</script>",
        ),
        (
            "html-attribute-title",
            "\"><img src=x onerror=alert(1)><svg onload=alert(2)>",
        ),
        (
            "html-entities-title",
            "&lt;b&gt; &amp; </textarea></title><!-- -->",
        ),
        (
            "unicode-title",
            "tbench \u{202e}evil\u{202c} \u{1F600} \u{0000} null",
        ),
    ] {
        ok(
            name,
            with_patch(json!({"scenario": {"title": title}})),
            title,
        );
    }
    // The frozen base "default" (links made before the default preset changed stay valid).
    let d = wrap(&json!({"experiment": {"base": "default"}, "v": 1}));
    ok(
        "full-url",
        format!("https://example.org/wakelab/?utm=x#{d}"),
        "tbench, skl-client-8t, HWP powersave",
    );
    let wrapped: String = d
        .chars()
        .enumerate()
        .flat_map(|(i, c)| {
            (i > 0 && i % 20 == 0)
                .then_some('\n')
                .into_iter()
                .chain([c])
        })
        .collect();
    ok(
        "line-wrapped",
        wrapped,
        "tbench, skl-client-8t, HWP powersave",
    );
    ok(
        "padded",
        format!("{d}{}", "=".repeat((4 - (d.len() - 3) % 4) % 4)),
        "tbench, skl-client-8t, HWP powersave",
    );

    let out: Vec<Value> = cases
        .into_iter()
        .map(|(name, link, msg, title)| {
            let mut o = json!({"name": name, "link": link, "expected_message_substring": msg});
            if let Some(t) = title {
                o["expected_title"] = json!(t);
            }
            o
        })
        .collect();
    let doc = json!({
        "about": "Hostile share links. Each case: `link` (what goes in the address bar, or after '#'); \
                  `expected_message_substring`: text the error message must contain, or null when the \
                  link must decode; then `expected_title` is the experiment title, to be shown as plain text. \
                  Generated by crates/wakelab-link/examples/gen_hostile.rs; see docs/share-links.md.",
        "format": 1,
        "cases": out,
    });
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile.json");
    std::fs::write(&path, serde_json::to_string_pretty(&doc).unwrap() + "\n").unwrap();
    println!(
        "wrote {} ({} bytes)",
        path.display(),
        std::fs::metadata(&path).unwrap().len()
    );
}
