//! Measured results in: compare-mmtests text and JSON round trips on the published tables of
//! shared/spec/targets.md (T3, T4 tbench; T1 dbench; T5 hackbench), CSV, and malformed inputs.

use serde_json::{Value, json};
use wakelab_interop::measured::{
    ImportOptions, InputFormat, MAX_TEXT_BYTES, MeasuredResults, parse_csv, parse_measured,
    parse_measured_bytes, parse_mmtests_text,
};
use wakelab_stats::{Comparison, Direction};

/// A gallery preset's published table (targets.md; typed once, in wakelab-sim's presets):
/// column 0 the operations (clients, groups), 1 the baseline, 2 the patched kernel.
fn published(id: &str, column: usize) -> Vec<f64> {
    let entry = wakelab_sim::presets::gallery()
        .into_iter()
        .find(|e| e.id == id)
        .unwrap_or_else(|| panic!("no gallery preset {id}"));
    let rows = entry.published.iter();
    match column {
        0 => rows.map(|r| r.0 as f64).collect(),
        1 => rows.map(|r| r.1).collect(),
        _ => rows.map(|r| r.2).collect(),
    }
}

/// T3 (Hmean, tbench, clx-2s-80t): 5.10-rc6 schedstat -> idlecandidate.
fn t3_base() -> Vec<f64> {
    published("t3", 1)
}
fn t3_patched() -> Vec<f64> {
    published("t3", 2)
}
/// T4: idlecandidate -> + "do not replace recent_used_cpu".
fn t4_patched() -> Vec<f64> {
    published("t4", 2)
}
/// T3's client counts.
fn clients() -> Vec<u32> {
    published("t3", 0).into_iter().map(|c| c as u32).collect()
}

fn comparison(
    title: &str,
    dir: Direction,
    kernels: &[&str],
    ops: &[String],
    cols: &[&[f64]],
    precision: usize,
) -> Comparison {
    let mut c = Comparison::new(title, dir, kernels.iter().map(|k| k.to_string()).collect());
    c.precision = precision;
    for (i, op) in ops.iter().enumerate() {
        c.push(op.clone(), cols.iter().map(|col| vec![col[i]]).collect());
    }
    c
}

fn ops() -> Vec<String> {
    clients().iter().map(|c| c.to_string()).collect()
}

fn assert_values(m: &MeasuredResults, cols: &[&[f64]], tol: f64) {
    for (i, row) in m.rows.iter().enumerate() {
        for (k, col) in cols.iter().enumerate() {
            let v = row.values[k].unwrap_or_else(|| panic!("missing {}:{k}", row.operation));
            assert!(
                (v - col[i]).abs() <= tol,
                "{} kernel {k}: {v} vs {}",
                row.operation,
                col[i]
            );
        }
    }
}

#[test]
fn t3_text_round_trip_through_the_stats_renderer() {
    let kernels = ["5.10.0-rc6-schedstat", "5.10.0-rc6-idlecandidate"];
    let text = comparison(
        "tbench4",
        Direction::HigherBetter,
        &kernels,
        &ops(),
        &[&t3_base(), &t3_patched()],
        2,
    )
    .render_text();
    let m = parse_measured(&text, &ImportOptions::default()).unwrap();
    assert_eq!(m.format, InputFormat::MmtestsText);
    assert_eq!(m.kernels, kernels);
    assert_eq!(m.stat, "Hmean");
    assert_eq!(m.higher_is_better, Some(true));
    let ops_got: Vec<&str> = m.rows.iter().map(|r| r.operation.as_str()).collect();
    assert_eq!(ops_got, ops());
    assert_values(&m, &[&t3_base(), &t3_patched()], 0.0051);
    for s in [
        "Min",
        "Hmean",
        "HStddev",
        "HCoeffVar",
        "Max",
        "BHmean-50",
        "BHmean-95",
    ] {
        assert!(m.stats_available.iter().any(|a| a == s), "{s}");
    }
    // render again and parse again: a fixed point
    let again = parse_measured(&m.render_text(), &ImportOptions::default()).unwrap();
    assert_eq!(again.kernels, m.kernels);
    assert_eq!(again.rows, m.rows);
    // another statistic on request
    let mx = parse_mmtests_text(&text, Some("Max")).unwrap();
    assert_values(&mx, &[&t3_base(), &t3_patched()], 0.0051);
    let e = parse_mmtests_text(&text, Some("Gmean")).unwrap_err();
    assert!(e.to_string().contains("no Gmean rows") && e.to_string().contains("Hmean"));
}

#[test]
fn t4_text_round_trip() {
    let kernels = ["5.10.0-rc6-idlecandidate", "5.10.0-rc6-norecentreplace"];
    let text = comparison(
        "tbench4",
        Direction::HigherBetter,
        &kernels,
        &ops(),
        &[&t3_patched(), &t4_patched()],
        2,
    )
    .render_text();
    let m = parse_measured(
        &text,
        &ImportOptions {
            benchmark: Some("tbench4".into()),
            ..ImportOptions::default()
        },
    )
    .unwrap();
    assert_eq!(m.benchmark, "tbench4");
    assert_eq!(m.kernels, kernels);
    assert_values(&m, &[&t3_patched(), &t4_patched()], 0.0051);
}

#[test]
fn the_published_posting_lines_parse() {
    // verbatim from targets.md ("a comparison row like this")
    let text = "                          5.10.0-rc6             5.10.0-rc6\n\
                \x20                          schedstat          idlecandidate\n\
                Hmean     64     12325.51 (   0.00%)    13792.01 *  11.90%*\n";
    let m = parse_measured(text, &ImportOptions::default()).unwrap();
    assert_eq!(
        m.kernels,
        ["5.10.0-rc6-schedstat", "5.10.0-rc6-idlecandidate"]
    );
    assert_eq!(m.rows.len(), 1);
    assert_eq!(m.rows[0].operation, "64");
    assert_eq!(m.rows[0].values, [Some(12325.51), Some(13792.01)]);
    assert_eq!(m.rows[0].significant, [false, true]);
    // back to the layout: the same cells (percent recomputed: 11.90%, still significant;
    // the operation column is narrower with a single row)
    let out = m.render_text();
    assert!(
        out.contains("Hmean     64    12325.51 (   0.00%)    13792.01 *  11.90%*"),
        "{out}"
    );
    let again = parse_measured(&out, &ImportOptions::default()).unwrap();
    assert_eq!(again.rows, m.rows);
}

#[test]
fn mmtests_output_with_title_duration_and_ops_blocks() {
    let kernels = ["5.10.0-rc6-schedstat", "5.10.0-rc6-idlecandidate"];
    let table = comparison(
        "tbench4",
        Direction::HigherBetter,
        &kernels,
        &ops(),
        &[&t3_base(), &t3_patched()],
        2,
    )
    .render_text();
    let text = format!(
        "tbench4\n\n{table}\n                  5.10.0-rc6  5.10.0-rc6\n                   schedstat idlecandidate\n\
         Duration User        1234.56     1200.00\nDuration System     5678.90     5600.00\n\n\
         Ops SIS Search               5653107942.00  5726545742.00\n"
    );
    let m = parse_measured(&text, &ImportOptions::default()).unwrap();
    assert_eq!(m.rows.len(), 10);
    assert_eq!(m.kernels, kernels);
}

#[test]
fn dbench_and_hackbench_and_pgbench_layouts() {
    // T1 dbench (Hmean MB/s): 4.15 + prev-idle -> + recent_used_cpu
    let dops: Vec<String> = ["1", "2", "4", "8", "64"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(published("t1", 0), [1.0, 2.0, 4.0, 8.0, 64.0]);
    let (base, pat) = (published("t1", 1), published("t1", 2));
    let text = comparison(
        "dbench4",
        Direction::HigherBetter,
        &["4.15.0-previdle", "4.15.0-recentused"],
        &dops,
        &[&base, &pat],
        2,
    )
    .render_text();
    let m = parse_measured(&text, &ImportOptions::default()).unwrap();
    assert_eq!(m.stat, "Hmean");
    assert_eq!(m.kernels, ["4.15.0-previdle", "4.15.0-recentused"]);
    assert_values(&m, &[&base, &pat], 0.0051);

    // T5 hackbench (Amean seconds, lower is better, four decimals), operations = groups
    let hops: Vec<String> = ["1", "2", "4"].iter().map(|s| s.to_string()).collect();
    assert_eq!(published("t5", 0), [1.0, 2.0, 4.0]);
    let (without, with) = (published("t5", 1), published("t5", 2));
    let text = comparison(
        "hackbench-process-pipes",
        Direction::LowerBetter,
        &["4.16.0-rc1-vanilla", "4.16.0-rc1-rtpressure"],
        &hops,
        &[&without, &with],
        4,
    )
    .render_text();
    assert!(text.contains("Amean"), "{text}");
    let m = parse_measured(&text, &ImportOptions::default()).unwrap();
    assert_eq!(m.stat, "Amean");
    assert_eq!(m.higher_is_better, Some(false));
    assert_eq!(m.kernels, ["4.16.0-rc1-vanilla", "4.16.0-rc1-rtpressure"]);
    assert_values(&m, &[&without, &with], 0.00005);
    // re-rendered percentages use pndiff for Amean: +30.77% at 1 group
    assert!(m.render_text().contains("30.77%"), "{}", m.render_text());

    // pgbench layout (Hmean TPS). T2 publishes no table, so these numbers are synthetic.
    let pops: Vec<String> = ["1", "4", "16"].iter().map(|s| s.to_string()).collect();
    let a = [10000.0, 38000.5, 91000.25];
    let b = [10100.0, 37900.5, 90500.75];
    let text = comparison(
        "pgbench",
        Direction::HigherBetter,
        &["4.15.0-vanilla", "4.15.0-previdle"],
        &pops,
        &[&a, &b],
        2,
    )
    .render_text();
    let m = parse_measured(&text, &ImportOptions::default()).unwrap();
    assert_values(&m, &[&a, &b], 0.0051);
}

fn t3_json_export() -> Value {
    // The Compare object as compare-mmtests.pl --json-export writes it (Compare.pm
    // saveJSONExport -> TO_JSON -> blessless): tables keyed by operation, then by
    // statistic (the _SummaryHeaders order), then by kernel.
    let headers = ["Min", "Hmean", "HStddev", "HCoeffVar", "Max"];
    let mut results = serde_json::Map::new();
    let mut sig = serde_json::Map::new();
    let mut summary0 = serde_json::Map::new();
    let mut summary1 = serde_json::Map::new();
    let (before, after) = (t3_base(), t3_patched());
    for (i, c) in clients().iter().enumerate() {
        let (a, b) = (before[i], after[i]);
        results.insert(
            c.to_string(),
            json!([[a, b], [a, b], [0.0, 0.0], ["0", "0"], [a, b]]),
        );
        let significant = if *c == 64 { 1 } else { 0 };
        sig.insert(c.to_string(), json!([0, 0, significant, 0.0001]));
        summary0.insert(c.to_string(), json!([a, a, 0, 0, a]));
        summary1.insert(c.to_string(), json!([b, b, 0, 0, b]));
    }
    json!({
        "_ModuleName": "CompareTbench4",
        "_DataType": 9,
        "_Precision": 2,
        "_ExtractModules": [
            {"_TestName": "5.10.0-rc6-schedstat", "_ModuleName": "ExtractTbench4",
             "_SummaryHeaders": headers, "_SummaryData": summary0},
            {"_TestName": "5.10.0-rc6-idlecandidate", "_ModuleName": "ExtractTbench4",
             "_SummaryHeaders": headers, "_SummaryData": summary1},
        ],
        "_ResultsTable": results,
        "_ResultsSignificanceTable": sig,
    })
}

#[test]
fn t3_json_export_round_trip_plain_and_gzip() {
    let doc = t3_json_export();
    let text = serde_json::to_string_pretty(&doc).unwrap();
    let m = parse_measured(&text, &ImportOptions::default()).unwrap();
    assert_eq!(m.format, InputFormat::MmtestsJson);
    assert_eq!(m.benchmark, "tbench4");
    assert_eq!(m.stat, "Hmean");
    assert_eq!(
        m.kernels,
        ["5.10.0-rc6-schedstat", "5.10.0-rc6-idlecandidate"]
    );
    // JSON object keys come back in numeric client order
    let ops_got: Vec<&str> = m.rows.iter().map(|r| r.operation.as_str()).collect();
    assert_eq!(ops_got, ops());
    assert_values(&m, &[&t3_base(), &t3_patched()], 0.0);
    let row64 = m.rows.iter().find(|r| r.operation == "64").unwrap();
    assert_eq!(row64.significant, [false, true]);
    // its text rendering parses back to the same values (the JSON -> text -> parse path)
    let back = parse_measured(&m.render_text(), &ImportOptions::default()).unwrap();
    assert_values(&back, &[&t3_base(), &t3_patched()], 0.0051);

    // the file mmtests actually writes is gzip'ed
    let raw = text.as_bytes();
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(6));
    std::io::Write::write_all(&mut enc, raw).unwrap();
    let gzf = enc.finish().unwrap();
    let mz = parse_measured_bytes(&gzf, &ImportOptions::default()).unwrap();
    assert_eq!(mz, m);

    // without _ResultsTable: each kernel's _SummaryData
    let mut doc2 = doc.clone();
    doc2.as_object_mut().unwrap().remove("_ResultsTable");
    let m2 = parse_measured(&doc2.to_string(), &ImportOptions::default()).unwrap();
    assert_values(&m2, &[&t3_base(), &t3_patched()], 0.0);
    assert!(m2.notes.iter().any(|n| n.contains("_SummaryData")));

    // Wakelab's own JSON (what `wakelab import --json` prints) round-trips exactly
    let own = serde_json::to_string(&m).unwrap();
    let m3 = parse_measured(&own, &ImportOptions::default()).unwrap();
    assert_eq!(m3.format, InputFormat::WakelabJson);
    assert_eq!((m3.kernels, m3.rows), (m.kernels, m.rows));
}

#[test]
fn t4_json_export_round_trip() {
    let mut doc = t3_json_export();
    let o = doc.as_object_mut().unwrap();
    o["_ExtractModules"][0]["_TestName"] = json!("5.10.0-rc6-idlecandidate");
    o["_ExtractModules"][1]["_TestName"] = json!("5.10.0-rc6-norecentreplace");
    let t = o["_ResultsTable"].as_object_mut().unwrap();
    let (before, after) = (t3_patched(), t4_patched());
    for (i, c) in clients().iter().enumerate() {
        let (a, b) = (before[i], after[i]);
        // values as strings, as Perl may leave them
        t[&c.to_string()] = json!([
            [a, b],
            [a.to_string(), b.to_string()],
            [0, 0],
            [0, 0],
            [a, b]
        ]);
    }
    let m = parse_measured(&doc.to_string(), &ImportOptions::default()).unwrap();
    assert_values(&m, &[&t3_patched(), &t4_patched()], 0.0);
}

#[test]
fn csv_import() {
    let csv = "# tbench, T3\nclients,5.10.0-rc6-schedstat,\"5.10.0-rc6-idle,candidate\"\n\
               1,500.06,505.67\n64,12325.51,13792.01\r\n\n320,20334.81,\n";
    let m = parse_csv(csv).unwrap();
    assert_eq!(m.format, InputFormat::Csv);
    assert_eq!(
        m.kernels,
        ["5.10.0-rc6-schedstat", "5.10.0-rc6-idle,candidate"]
    );
    assert_eq!(m.rows.len(), 3);
    assert_eq!(m.rows[1].values, [Some(12325.51), Some(13792.01)]);
    assert_eq!(m.rows[2].values, [Some(20334.81), None]);
    // detection
    let d = parse_measured(csv, &ImportOptions::default()).unwrap();
    assert_eq!(d, m);
    // renders in the compare-mmtests layout
    assert!(m.render_text().contains("12325.51"));
}

fn err(input: &str) -> String {
    parse_measured(input, &ImportOptions::default())
        .unwrap_err()
        .to_string()
}

#[test]
fn malformed_text_names_the_line_and_column() {
    let header = "                   5.10.0-rc6             5.10.0-rc6\n\
                  \x20                   schedstat          idlecandidate\n";
    let ok = "Hmean     1       500.06 (   0.00%)      505.67 (   1.12%)\n";
    // a bad number on line 4
    let e = err(&format!(
        "{header}{ok}Hmean     2       975.90 (   0.00%)      97x.06 (  -0.19%)\n"
    ));
    assert!(e.starts_with("line 4, column 42:"), "{e}");
    assert!(e.contains("97x.06"), "{e}");
    // an unclosed percentage
    let e = err(&format!(
        "{header}Hmean     2       975.90 (   0.00%    974.06\n"
    ));
    assert!(e.starts_with("line 3, column"), "{e}");
    assert!(e.contains("')'"), "{e}");
    // a significant mark not closed with '*'
    let e = err(&format!(
        "{header}Hmean     64     12325.51 (   0.00%)    13792.01 *  11.90%)\n"
    ));
    assert!(e.contains("line 3") && e.contains("'*'"), "{e}");
    // a column missing in a later row
    let e = err(&format!(
        "{header}{ok}Hmean     2       975.90 (   0.00%)\n"
    ));
    assert!(
        e.starts_with("line 4:") && e.contains("1 value columns"),
        "{e}"
    );
    // the same operation twice
    let e = err(&format!("{header}{ok}{ok}"));
    assert!(e.contains("line 4") && e.contains("twice"), "{e}");
    // a stat row without values
    let e = err(&format!("{header}Hmean     1\n"));
    assert!(e.contains("line 3") && e.contains("no values"), "{e}");
    // a percentage with no value
    let e = err(&format!("{header}Hmean     1   (   0.00%)\n"));
    assert!(e.contains("line 3"), "{e}");
    // no table at all
    let e = err("this is not a compare-mmtests report\n\nat all\n");
    assert!(e.contains("no compare-mmtests table"), "{e}");
    // empty input
    assert!(err("").contains("no compare-mmtests table"));
    // overlong line
    let e = err(&format!("{header}{}\n", "x".repeat(20_000)));
    assert!(e.starts_with("line 3:") && e.contains("longer"), "{e}");
    // too big
    let big = "a\n".repeat(MAX_TEXT_BYTES / 2 + 1);
    assert!(err(&big).contains("more than"));
}

#[test]
fn malformed_json_and_csv() {
    let e = err("{\n  \"_ExtractModules\": [\n    {\"_TestName\": \"a\",}\n  ]\n}\n");
    assert!(e.starts_with("line 3, column"), "{e}");
    let e = err("{\"foo\": 1}");
    assert!(e.contains("no _ExtractModules"), "{e}");
    let e = err("{\"_ExtractModules\": []}");
    assert!(e.contains("empty"), "{e}");
    let e = err("{\"_ExtractModules\": [{\"_TestName\": \"a\"}]}");
    assert!(e.contains("_SummaryHeaders"), "{e}");
    let e = err(
        r#"{"_ExtractModules": [{"_TestName": "a", "_SummaryHeaders": ["Hmean"]}],
                 "_ResultsTable": {"1": 5}}"#,
    );
    assert!(e.contains("_ResultsTable.1"), "{e}");
    let e = err(
        r#"{"kernels": ["a"], "rows": [{"operation": "1", "values": [1.0, 2.0]}],
                 "stat": "Hmean", "format": "csv"}"#,
    );
    assert!(e.contains("2 values for 1 kernels"), "{e}");

    let e = err("clients,a,b\n1,2.0,3.0\n2,4.0,oops\n");
    assert_eq!(e, "line 3, column 7: expected a number, found \"oops\"");
    let e = err("clients,a,b\n1,2.0\n");
    assert!(e.starts_with("line 2:") && e.contains("2 fields"), "{e}");
    let e = err("1,2,3\n4,5,6\n");
    assert!(
        e.starts_with("line 1, column 3:") && e.contains("header"),
        "{e}"
    );
    let e = err("clients,\"a,b\n1,2\n");
    assert!(
        e.starts_with("line 1, column 9:") && e.contains("unterminated"),
        "{e}"
    );
    let e = err("clients,a\n1,2\n1,3\n");
    assert!(e.contains("line 3") && e.contains("twice"), "{e}");

    // bytes: not UTF-8, corrupt gzip
    let e = parse_measured_bytes(b"clients,a\n1,2\n\xff\xfe\n", &ImportOptions::default())
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("line 3:") && e.contains("UTF-8"), "{e}");
    let e = parse_measured_bytes(
        &[
            0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3, 4, 5, 6, 7, 8, 9,
        ],
        &ImportOptions::default(),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("gzip"), "{e}");
}

/// Deterministic mutations of valid inputs: every outcome is Ok or Err, never a panic.
#[test]
fn mutated_inputs_never_panic() {
    let kernels = ["5.10.0-rc6-schedstat", "5.10.0-rc6-idlecandidate"];
    let text = comparison(
        "tbench4",
        Direction::HigherBetter,
        &kernels,
        &ops(),
        &[&t3_base(), &t3_patched()],
        2,
    )
    .render_text();
    let json = t3_json_export().to_string();
    let csv = "clients,a,b\n1,500.06,505.67\n64,12325.51,13792.01\n".to_string();
    let alphabet = b" \n(*)%-.,0123456789eEaNn\"{}[]:\xff";
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for input in [&text, &json, &csv] {
        let bytes = input.as_bytes();
        // every prefix
        for cut in (0..bytes.len()).step_by(7) {
            let _ = parse_measured_bytes(&bytes[..cut], &ImportOptions::default());
        }
        // random byte edits
        for _ in 0..1500 {
            let mut b = bytes.to_vec();
            for _ in 0..(1 + next() % 4) {
                let i = (next() as usize) % b.len();
                match next() % 3 {
                    0 => b[i] = alphabet[(next() as usize) % alphabet.len()],
                    1 => {
                        b.remove(i);
                    }
                    _ => b.insert(i, alphabet[(next() as usize) % alphabet.len()]),
                }
            }
            let _ = parse_measured_bytes(&b, &ImportOptions::default());
        }
    }
}

/// Layouts as they appear in LKML posts (compare-kernels.sh style: a title line, then one line
/// of whole kernel names; several tables in one paste). Numbers from public postings.
#[test]
fn mailing_list_layouts() {
    let paste = "I tested hackbench and tbench on our machine\n\n\
config-workload-hackbench-process-pipes\n\
\x20                         5.16-rc1         5.16-rc1+patch\n\
Amean     1       0.5178 (   0.00%)      0.5207 (  -0.56%)\n\
Amean     30      6.8677 (   0.00%)      6.6241 *   3.55%*\n\
Amean     64     13.4606 (   0.00%)     12.3713 *   8.09%*\n\
\n\
config-network-tbench\n\
\x20                           5.16-rc1         5.16-rc1+patch\n\
Hmean     1        324.56 (   0.00%)      324.01 *  -0.17%*\n\
Hmean     32      8464.34 (   0.00%)     9578.40 *  13.16%*\n";
    let m = parse_measured(paste, &ImportOptions::default()).unwrap();
    assert_eq!(m.kernels, ["5.16-rc1", "5.16-rc1+patch"]);
    assert_eq!(m.stat, "Amean");
    assert_eq!(m.rows.len(), 3);
    assert_eq!(m.rows[2].values, [Some(13.4606), Some(12.3713)]);
    assert_eq!(m.rows[2].significant, [false, true]);
    assert!(
        m.notes
            .iter()
            .any(|n| n.contains("another starts at line 11")),
        "{:?}",
        m.notes
    );

    // a title line with as many words as there are kernels must not be glued to the names
    let paste = "pgbench (config-db-pgbench-timed-ro-medium)\n\
\x20                  mig-cost-500000        mig-cost-100000\n\
Hmean     1     1651.41 (   0.00%)     3444.27 * 108.56%*\n\
Hmean     8     4277.28 (   0.00%)     6764.60 *  58.15%*\n";
    let m = parse_measured(paste, &ImportOptions::default()).unwrap();
    assert_eq!(m.kernels, ["mig-cost-500000", "mig-cost-100000"]);
    assert_eq!(m.rows[0].values, [Some(1651.41), Some(3444.27)]);

    // two-line header whose bottom halves are all empty (names ending in -rcN)
    let names = ["5.16-rc1", "5.16-rc2"];
    let text = comparison(
        "tbench4",
        Direction::HigherBetter,
        &names,
        &["1".to_string()],
        &[&[1.0], &[2.0]],
        2,
    )
    .render_text();
    let m = parse_measured(&text, &ImportOptions::default()).unwrap();
    assert_eq!(m.kernels, names, "{text}");
}
