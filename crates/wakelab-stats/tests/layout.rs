//! Text layout: golden comparisons against published mmtests output and
//! expect-test snapshots of the full table.

use expect_test::expect;
use wakelab_stats::format::split_kernel_name;
use wakelab_stats::{Comparison, Direction, OpsBlock, SisCounters, StatKind};

// The published tables are typed once, in wakelab-sim's presets (the gallery quotes them);
// these tests check that they render as the postings printed them. wakelab-sim depends on this
// crate, so the file is included rather than the crate depended on.
#[allow(dead_code)]
#[path = "../../wakelab-sim/src/presets/published.rs"]
mod published_tables;

use published_tables::{T3_TBENCH as T3, T4_SIS, T4_TBENCH as T4};

/// Two identical samples per run: the Hmean equals the published value and
/// the spread is zero, so every difference is significant (the published
/// tables mark every row).
fn published(kernels: [&str; 2], table: &[(u32, f64, f64)]) -> Comparison {
    let mut c = Comparison::new(
        "tbench4",
        Direction::HigherBetter,
        kernels.map(String::from).to_vec(),
    );
    for &(clients, base, new) in table {
        c.push(clients.to_string(), vec![vec![base, base], vec![new, new]]);
    }
    c
}

fn lines_of(text: &str, stat: &str) -> String {
    let mut out: Vec<&str> = text.lines().take(2).collect();
    out.extend(text.lines().filter(|l| l.starts_with(&format!("{stat} "))));
    out.join("\n") + "\n"
}

#[test]
fn t3_row_matches_targets_md() {
    let text = published(["5.10.0-rc6-schedstat", "5.10.0-rc6-idlecandidate"], T3).render_text();
    let want = "                          5.10.0-rc6             5.10.0-rc6
                           schedstat          idlecandidate
Hmean     64     12325.51 (   0.00%)    13792.01 *  11.90%*
";
    let got: Vec<&str> = text.lines().collect();
    let row = got.iter().find(|l| l.starts_with("Hmean     64 ")).unwrap();
    assert_eq!(format!("{}\n{}\n{}\n", got[0], got[1], row), want);
}

/// The Hmean block of Mel Gorman's posting of the T4 patch, verbatim.
#[test]
fn t4_hmean_block_matches_lkml_posting() {
    let c = published(
        [
            "5.10.0-rc6-idlecandidate-v1r10",
            "5.10.0-rc6-altrecent-v1r10",
        ],
        T4,
    );
    let want = "                          5.10.0-rc6             5.10.0-rc6
                 idlecandidate-v1r10        altrecent-v1r10
Hmean     1        505.67 (   0.00%)      501.34 *  -0.86%*
Hmean     2        974.06 (   0.00%)      981.39 *   0.75%*
Hmean     4       1904.43 (   0.00%)     1926.13 *   1.14%*
Hmean     8       3721.02 (   0.00%)     3799.86 *   2.12%*
Hmean     16      6769.17 (   0.00%)     6938.40 *   2.50%*
Hmean     32     10312.58 (   0.00%)    10632.11 *   3.10%*
Hmean     64     13792.01 (   0.00%)    13670.17 *  -0.88%*
Hmean     128    20963.44 (   0.00%)    21456.33 *   2.35%*
Hmean     256    20335.62 (   0.00%)    21070.24 *   3.61%*
Hmean     320    20147.25 (   0.00%)    20624.92 *   2.37%*
";
    assert_eq!(lines_of(&c.render_text(), "Hmean"), want);
}

#[test]
fn single_published_means_are_unmarked() {
    let mut c = Comparison::new(
        "tbench4",
        Direction::HigherBetter,
        vec![
            "5.10.0-rc6-schedstat".into(),
            "5.10.0-rc6-idlecandidate".into(),
        ],
    );
    c.push("64", vec![vec![12325.51], vec![13792.01]]);
    let r = c.report();
    let mean = r.rows.iter().find(|r| r.kind == StatKind::Mean).unwrap();
    assert!(!mean.cells[1].significant);
    expect![[r#"
                                 5.10.0-rc6             5.10.0-rc6
                                  schedstat          idlecandidate
        Min       64    12325.51 (   0.00%)    13792.01 (  11.90%)
        Hmean     64    12325.51 (   0.00%)    13792.01 (  11.90%)
        HStddev   64        0.00 (   0.00%)        0.00 (   0.00%)
        HCoeffVar 64        0.00 (   0.00%)        0.00 (   0.00%)
        Max       64    12325.51 (   0.00%)    13792.01 (  11.90%)
        BHmean-50 64    12325.51 (   0.00%)    13792.01 (  11.90%)
        BHmean-95 64    12325.51 (   0.00%)    13792.01 (  11.90%)
        BHmean-99 64    12325.51 (   0.00%)    13792.01 (  11.90%)
    "#]]
    .assert_eq(&r.render_text());
}

#[test]
fn three_kernels_lower_is_better_full_table() {
    let mut c = Comparison::new(
        "hackbench-process-pipes",
        Direction::LowerBetter,
        vec![
            "4.15.0-vanilla".into(),
            "4.15.0-rtpressure".into(),
            "4.15.0-noisy".into(),
        ],
    );
    c.precision = 4;
    c.push(
        "1",
        vec![
            vec![1.05, 1.06, 1.04, 1.07],
            vec![0.73, 0.72, 0.74, 0.73],
            vec![1.30, 0.60, 1.10, 0.90],
        ],
    );
    c.push("16", vec![vec![1.62, 1.63], vec![1.64, 1.63], vec![]]);
    expect![[r#"
                                     4.15.0                 4.15.0                 4.15.0
                                    vanilla             rtpressure                  noisy
        Min       1       1.0400 (   0.00%)      0.7200 (  30.77%)      0.6000 (  42.31%)
        Min       16      1.6200 (   0.00%)      1.6300 (  -0.62%)      0.0000 (   0.00%)
        Amean     1       1.0550 (   0.00%)      0.7300 *  30.81%*      0.9750 (   7.58%)
        Amean     16      1.6250 (   0.00%)      1.6350 (  -0.62%)      0.0000 (   0.00%)
        Stddev    1       0.0129 (   0.00%)      0.0082 (  36.75%)      0.2986 (-2213.01%)
        Stddev    16      0.0071 (   0.00%)      0.0071 (  -0.00%)      0.0000 (   0.00%)
        CoeffVar  1       1.2237 (   0.00%)      1.1185 (   8.60%)     30.6264 (-2402.79%)
        CoeffVar  16      0.4351 (   0.00%)      0.4325 (   0.61%)      0.0000 (   0.00%)
        Max       1       1.0700 (   0.00%)      0.7400 (  30.84%)      1.3000 ( -21.50%)
        Max       16      1.6300 (   0.00%)      1.6400 (  -0.61%)      0.0000 (   0.00%)
        BAmean-50 1       1.0450 (   0.00%)      0.7250 (  30.62%)      0.7500 (  28.23%)
        BAmean-50 16      1.6200 (   0.00%)      1.6300 (  -0.62%)      0.0000 (   0.00%)
        BAmean-95 1       1.0500 (   0.00%)      0.7267 (  30.79%)      0.8667 (  17.46%)
        BAmean-95 16      1.6200 (   0.00%)      1.6300 (  -0.62%)      0.0000 (   0.00%)
        BAmean-99 1       1.0500 (   0.00%)      0.7267 (  30.79%)      0.8667 (  17.46%)
        BAmean-99 16      1.6200 (   0.00%)      1.6300 (  -0.62%)      0.0000 (   0.00%)
    "#]]
    .assert_eq(&c.render_text());
}

#[test]
fn kernel_name_split_follows_compare_pm() {
    let cases = [
        ("5.10.0-rc6-schedstat", ("5.10.0-rc6", "schedstat")),
        (
            "5.10.0-rc6-idlecandidate-v1r10",
            ("5.10.0-rc6", "idlecandidate-v1r10"),
        ),
        ("4.15.0-vanilla", ("4.15.0", "vanilla")),
        ("5.10.0-rc6", ("5.10.0-rc6", "")),
        ("baseline", ("", "baseline")),
        ("-x", ("", "x")),
    ];
    for (name, (top, bottom)) in cases {
        assert_eq!(
            split_kernel_name(name),
            (top.to_string(), bottom.to_string()),
            "{name}"
        );
    }
}

fn t4_counters() -> [SisCounters; 2] {
    T4_SIS
}

/// The Ops block of the T4 posting, verbatim: the derived rows are computed
/// from the six raw counters.
#[test]
fn t4_ops_block_matches_lkml_posting() {
    let mut b = OpsBlock::new(vec![
        "5.10.0-rc6-idlecandidate-v1r10".into(),
        "5.10.0-rc6-altrecent-v1r10".into(),
    ]);
    b.push_sis(&t4_counters());
    let want = "Ops SIS Search               5653107942.00  5726545742.00
Ops SIS Domain Search        3365067916.00  3319768543.00
Ops SIS Scanned            112173512543.00 99194352541.00
Ops SIS Domain Scanned     109885472517.00 96787575342.00
Ops SIS Failures             2923185114.00  2950166441.00
Ops SIS Recent Used Hit           56547.00   118064916.00
Ops SIS Recent Used Miss     1590899250.00   354942791.00
Ops SIS Recent Attempts      1590955797.00   473007707.00
Ops SIS Search Efficiency             5.04           5.77
Ops SIS Domain Search Eff             3.06           3.43
Ops SIS Fast Success Rate            40.47          42.03
Ops SIS Success Rate                 48.29          48.48
Ops SIS Recent Success Rate           0.00          24.96
";
    assert_eq!(b.render_rows(), want);
}

#[test]
fn t4_derived_rates() {
    let [base, new] = t4_counters();
    let r = |v: f64| format!("{v:.2}");
    let (b, n) = (base.derived(), new.derived());
    assert_eq!(
        (r(b.search_efficiency), r(n.search_efficiency)),
        ("5.04".into(), "5.77".into())
    );
    assert_eq!(
        (r(b.domain_search_eff), r(n.domain_search_eff)),
        ("3.06".into(), "3.43".into())
    );
    assert_eq!(
        (r(b.fast_success_rate), r(n.fast_success_rate)),
        ("40.47".into(), "42.03".into())
    );
    assert_eq!(
        (r(b.success_rate), r(n.success_rate)),
        ("48.29".into(), "48.48".into())
    );
    assert_eq!(
        (r(b.recent_success_rate), r(n.recent_success_rate)),
        ("0.00".into(), "24.96".into())
    );
    assert_eq!(
        (b.domain_scanned, n.domain_scanned),
        (109885472517.0, 96787575342.0)
    );
    assert_eq!(
        (b.recent_attempts, n.recent_attempts),
        (1590955797.0, 473007707.0)
    );
}

#[test]
fn ops_block_with_header_extra_rows_and_zero_counters() {
    let mut b = OpsBlock::new(vec![
        "5.10.0-rc6-schedstat-v1r1".into(),
        "5.10.0-rc6-idle".into(),
        "5.10.0-rc6-zero".into(),
    ]);
    b.push_row("Migrations", vec![1234.0, 987.0, 0.0]);
    b.push_sis(&[t4_counters()[0], t4_counters()[1], SisCounters::default()]);
    b.push_row("Wake Affine", vec![10.0, 20.5, 0.0]);
    expect![[r#"
                                        5.10.0-rc6     5.10.0-rc6     5.10.0-rc6
                                    schedstat-v1r1           idle           zero
        Ops Migrations                     1234.00         987.00           0.00
        Ops SIS Search               5653107942.00  5726545742.00           0.00
        Ops SIS Domain Search        3365067916.00  3319768543.00           0.00
        Ops SIS Scanned            112173512543.00 99194352541.00           0.00
        Ops SIS Domain Scanned     109885472517.00 96787575342.00           0.00
        Ops SIS Failures             2923185114.00  2950166441.00           0.00
        Ops SIS Recent Used Hit           56547.00   118064916.00           0.00
        Ops SIS Recent Used Miss     1590899250.00   354942791.00           0.00
        Ops SIS Recent Attempts      1590955797.00   473007707.00           0.00
        Ops SIS Search Efficiency             5.04           5.77         100.00
        Ops SIS Domain Search Eff             3.06           3.43         100.00
        Ops SIS Fast Success Rate            40.47          42.03         100.00
        Ops SIS Success Rate                 48.29          48.48         100.00
        Ops SIS Recent Success Rate           0.00          24.96           0.00
        Ops Wake Affine                      10.00          20.50           0.00
    "#]]
    .assert_eq(&b.render_text());
}

#[test]
fn csv_has_one_line_per_cell() {
    let c = published(["a-1", "a-2"], &T4[..1]);
    let csv = c.report().to_csv();
    assert_eq!(csv.lines().count(), 1 + 8 * 2);
    assert!(csv.starts_with("stat,operation,kernel,value,pct,significant,n,note\n"));
    assert!(csv.contains("Hmean,1,a-2,501.3"));
    assert!(
        csv.lines()
            .any(|l| l.starts_with("Hmean,1,a-2,") && l.contains(",true,"))
    );
    assert!(
        csv.lines()
            .any(|l| l.starts_with("Min,1,a-2,") && l.contains(",false,"))
    );
}

/// Issue 22 item 10: with one iteration the spread rows are undefined; the CSV says n=1
/// instead of leaving a bare empty field.
#[test]
fn csv_says_n_1_where_one_sample_has_no_spread() {
    let mut c = Comparison::new("t", Direction::HigherBetter, vec!["a".into(), "b".into()]);
    c.push("1", vec![vec![10.0], vec![12.0]]);
    c.push("2", vec![vec![20.0, 21.0], vec![]]);
    let csv = c.report().to_csv();
    let rows = |stat: &str| -> Vec<&str> {
        csv.lines()
            .filter(|l| l.starts_with(&format!("{stat},")))
            .collect()
    };
    expect![[r#"
        HStddev,1,a,,0,false,1,n=1: a spread needs two samples
        HStddev,1,b,,0,false,1,n=1: a spread needs two samples
        HStddev,2,a,0.49970255800119096,0,false,2,
        HStddev,2,b,,0,false,0,n=0: no samples"#]]
    .assert_eq(&rows("HStddev").join("\n"));
    expect![[r#"
        Hmean,1,a,10,0,false,1,
        Hmean,1,b,12,20,false,1,
        Hmean,2,a,20.48780487804878,0,false,2,
        Hmean,2,b,,0,false,0,n=0: no samples"#]]
    .assert_eq(&rows("Hmean").join("\n"));
}

/// Issue 21: names come from share links, so a name a spreadsheet would run as a formula is
/// neutralised with a leading `'` (and quoted when it needs quoting); plain names and the
/// numbers (negative percentages included) are untouched.
#[test]
fn csv_text_cells_are_spreadsheet_safe() {
    let mut c = Comparison::new(
        "t",
        Direction::HigherBetter,
        vec![
            "=HYPERLINK(\"http://x\",\"y\")".into(),
            "@SUM(A1)".into(),
            "+1".into(),
            "-2".into(),
            "\tx".into(),
            "5.10-rc1".into(),
        ],
    );
    let mut samples = vec![vec![1.0, 1.0]; 6];
    samples[0] = vec![2.0, 2.0];
    c.push("1", samples.clone());
    c.push("=1+1", samples);
    let csv = c.report().to_csv();
    let hmean: Vec<&str> = csv.lines().filter(|l| l.starts_with("Hmean,1,")).collect();
    expect![[r#"
        Hmean,1,"'=HYPERLINK(""http://x"",""y"")",2,0,false,2,
        Hmean,1,'@SUM(A1),1,-50,true,2,
        Hmean,1,'+1,1,-50,true,2,
        Hmean,1,'-2,1,-50,true,2,
        Hmean,1,'	x,1,-50,true,2,
        Hmean,1,5.10-rc1,1,-50,true,2,"#]]
    .assert_eq(&hmean.join("\n"));
    assert!(csv.lines().any(|l| l.starts_with("Hmean,'=1+1,")), "{csv}");
    assert!(
        !csv.lines()
            .any(|l| l.split(',').any(|f| f.starts_with(['=', '@', '+']))),
        "{csv}"
    );
}

/// Header and rows of the Ops block in Mel Gorman's reply on the idle-mask
/// series (LKML, Dec 2020), with the row values as published.
#[test]
fn ops_block_header_matches_lkml_posting() {
    let mut b = OpsBlock::new(vec![
        "5.10.0-rc6-schedstat-v1r1".into(),
        "5.10.0-rc6-idlemask-v7r1".into(),
    ]);
    b.push_row("TTWU Count", vec![5599714302.0, 5589495123.0]);
    b.push_row("SIS Scanned", vec![15909069113.0, 16568899405.0]);
    b.push_row("SIS Core Miss", vec![77664319.0, 95684672.0]);
    b.push_row("SIS Recent Success Rate", vec![26.87, 26.57]);
    let want = "                                5.10.0-rc6     5.10.0-rc6
                            schedstat-v1r1  idlemask-v7r1
Ops TTWU Count               5599714302.00  5589495123.00
Ops SIS Scanned             15909069113.00 16568899405.00
Ops SIS Core Miss              77664319.00    95684672.00
Ops SIS Recent Success Rate          26.87          26.57
";
    assert_eq!(b.render_text(), want);
}

#[test]
fn undefined_baseline_and_nonpositive_hmean_do_not_panic() {
    let mut c = Comparison::new(
        "t",
        Direction::LowerBetter,
        vec!["k-a".into(), "k-b".into()],
    );
    c.push("1", vec![vec![], vec![2.0, 3.0]]);
    let text = c.render_text();
    // pndiff against an undefined baseline is NaN in Perl too
    assert!(
        text.lines()
            .any(|l| l.starts_with("Amean     1        0.00 (   0.00%)        2.50 (    NaN%)")),
        "{text}"
    );

    let mut h = Comparison::new(
        "t",
        Direction::HigherBetter,
        vec!["k-a".into(), "k-b".into()],
    );
    h.push("1", vec![vec![5.0, 0.0], vec![2.0, 3.0]]);
    let r = h.report();
    let mean = r.rows.iter().find(|r| r.kind == StatKind::Mean).unwrap();
    assert_eq!(
        mean.cells[0].value, None,
        "Hmean with a zero sample is undefined"
    );
    assert_eq!(
        mean.cells[1].pct, 100.0,
        "pdiff against an undefined baseline"
    );
    assert!(!mean.cells[1].significant);
}

/// Quoted figures (one per kernel and client count, as `wakelab run --preset` prints a
/// posting's numbers): only the mean rows, the posting's percentages, no significance marks.
#[test]
fn quoted_report_keeps_the_mean_rows_without_significance() {
    let mut c = Comparison::new(
        "tbench4",
        Direction::HigherBetter,
        vec![
            "5.10.0-rc6-schedstat".into(),
            "5.10.0-rc6-idlecandidate".into(),
        ],
    );
    for &(clients, base, new) in &T3[5..8] {
        c.push(clients.to_string(), vec![vec![base], vec![new]]);
    }
    expect![[r#"
                                  5.10.0-rc6             5.10.0-rc6
                                   schedstat          idlecandidate
        Hmean     32     10435.31 (   0.00%)    10312.58 (  -1.18%)
        Hmean     64     12325.51 (   0.00%)    13792.01 (  11.90%)
        Hmean     128    21225.21 (   0.00%)    20963.44 (  -1.23%)
    "#]]
    .assert_eq(&c.quoted_report().render_text());
}
