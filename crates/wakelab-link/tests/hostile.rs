//! Every case of the hostile-link corpus (tests/hostile.json) fails with its message, or
//! decodes with its title unchanged. The browser tests load the same file.

use serde::Deserialize;

#[derive(Deserialize)]
struct Corpus {
    format: u32,
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    name: String,
    link: String,
    expected_message_substring: Option<String>,
    #[serde(default)]
    expected_title: Option<String>,
}

fn corpus() -> Corpus {
    let text = include_str!("hostile.json");
    serde_json::from_str(text).expect("hostile.json is valid")
}

#[test]
fn every_hostile_link_gives_its_message() {
    let c = corpus();
    assert_eq!(c.format, 1);
    assert!(c.cases.len() >= 40, "{} cases", c.cases.len());
    let mut names = std::collections::BTreeSet::new();
    for case in &c.cases {
        assert!(
            names.insert(case.name.clone()),
            "duplicate case {}",
            case.name
        );
        let got = wakelab_link::decode_full(&case.link);
        match (&case.expected_message_substring, got) {
            (Some(want), Err(e)) => {
                let m = e.to_string();
                assert!(
                    m.contains(want.as_str()),
                    "{}: {m:?} lacks {want:?}",
                    case.name
                );
            }
            (Some(want), Ok(_)) => {
                panic!("{}: decoded, expected an error with {want:?}", case.name)
            }
            (None, Ok((_, e))) => {
                let title = case
                    .expected_title
                    .as_deref()
                    .expect("ok cases give a title");
                assert_eq!(e.scenario.title, title, "{}", case.name);
            }
            (None, Err(e)) => panic!("{}: {e}", case.name),
        }
    }
}

#[test]
fn messages_name_their_limit() {
    let c = corpus();
    let msg = |name: &str| {
        let case = c.cases.iter().find(|k| k.name == name).unwrap();
        wakelab_link::decode(&case.link).unwrap_err().to_string()
    };
    assert!(msg("oversized-link").contains(&wakelab_link::MAX_LINK_LEN.to_string()));
    assert!(msg("decompression-bomb").contains(&wakelab_link::MAX_INFLATED.to_string()));
    assert!(msg("deep-array").contains("128"));
}

/// The page locates a deserialization error with `located_serde_error` (no second copy of
/// the deserializers); for every case of the corpus where the experiment does not
/// deserialize, that must give exactly the native decoder's message (serde_path_to_error).
#[test]
fn the_pages_error_search_gives_the_native_message_for_every_type_error() {
    let mut compared = 0;
    for case in &corpus().cases {
        let Ok(json) = wakelab_link::decode_payload(&case.link) else {
            continue;
        };
        let Ok(link) = wakelab_link::parse_content(&json) else {
            continue;
        };
        let Ok(doc) = link.experiment.to_document() else {
            continue;
        };
        let Err(e) = serde_json::from_value::<wakelab_sim::scenario::Experiment>(doc.clone())
        else {
            continue;
        };
        let located = wakelab_link::located_serde_error(
            &doc,
            &link.experiment.reference_document(),
            e.to_string(),
            |v| serde_json::from_value::<wakelab_sim::scenario::Experiment>(v.clone()).is_ok(),
        );
        let native = wakelab_link::decode_full(&case.link).expect_err(&case.name);
        assert_eq!(located.to_string(), native.to_string(), "{}", case.name);
        compared += 1;
    }
    assert!(
        compared >= 5,
        "only {compared} type-error cases in the corpus"
    );
}
