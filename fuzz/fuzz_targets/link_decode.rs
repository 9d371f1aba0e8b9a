//! Share-link decoder. The first byte picks the layer: 0 = the input is a link string as typed
//! into the address bar; anything else = the rest is the link's *inflated content* (JSON),
//! wrapped by the real encoder, so the fuzzer reaches the DTO, merge-patch and validation code
//! without having to find valid zlib. Decoded links must re-encode to the same experiment.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let link = if mode == 0 {
        match std::str::from_utf8(rest) {
            Ok(s) => s.to_string(),
            Err(_) => return,
        }
    } else {
        wakelab_link::encode_payload(rest)
    };
    if let Ok((decoded, experiment)) = wakelab_link::decode_full(&link) {
        let again = wakelab_link::encode(&wakelab_link::LinkV1::new(&experiment, decoded.view));
        let (_, back) = wakelab_link::decode_full(&again).expect("a re-encoded link decodes");
        assert_eq!(back, experiment);
    } else {
        check_page_error_search(&link);
    }
});

/// The page's path for a link whose experiment does not deserialize: the error is located
/// with `located_serde_error` (no serde_path_to_error); it must not panic and must say
/// something, whatever the document.
fn check_page_error_search(link: &str) {
    let Ok(json) = wakelab_link::decode_payload(link) else {
        return;
    };
    let Ok(dto) = wakelab_link::parse_content(&json) else {
        return;
    };
    let Ok(doc) = dto.experiment.to_document() else {
        return;
    };
    let read = |v: &serde_json::Value| {
        serde_json::from_value::<wakelab_sim::scenario::Experiment>(v.clone())
    };
    if let Err(e) = read(&doc) {
        let located = wakelab_link::located_serde_error(
            &doc,
            &dto.experiment.reference_document(),
            e.to_string(),
            |v| read(v).is_ok(),
        );
        assert!(!located.to_string().is_empty());
    }
}
