//! Measured results in: `compare-mmtests.pl` text output, its `--json-export` file (plain or
//! gzip'ed), Wakelab's own measured-results JSON, and a simple CSV.
//!
//! Everything is parsed defensively: bounded input size, line length, kernel and row counts; a
//! malformed file gives a [`ParseError`] naming the line (and column where it helps), never a
//! panic.

use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use wakelab_stats::{Cell, CompareReport, Direction, PctOp, ReportRow, StatKind};

use crate::gz;

/// Largest text or CSV input.
pub const MAX_TEXT_BYTES: usize = 4 << 20;
/// Largest JSON input (after decompression): the mmtests export carries the raw samples.
pub const MAX_JSON_BYTES: usize = 64 << 20;
/// Longest line of a text or CSV input.
pub const MAX_LINE_CHARS: usize = 16 * 1024;
/// Most kernels (columns).
pub const MAX_KERNELS: usize = 64;
/// Most rows (operations).
pub const MAX_ROWS: usize = 100_000;

/// Which parser read the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InputFormat {
    /// `compare-mmtests.pl` text output.
    MmtestsText,
    /// `compare-mmtests.pl --json-export` (the Compare object serialised).
    MmtestsJson,
    /// [`MeasuredResults`] as JSON (what `wakelab import --json` writes).
    WakelabJson,
    /// `clients,<kernel1>,<kernel2>,...`.
    Csv,
}

/// One operation (client count, group count, ...) measured on every kernel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MeasuredRow {
    /// Operation key as printed, e.g. `"64"`.
    pub operation: String,
    /// One value per kernel (`None` = missing or NaN).
    pub values: Vec<Option<f64>>,
    /// Per kernel: marked significant in the source (`*...%*`). Empty when unknown.
    #[serde(default)]
    pub significant: Vec<bool>,
}

/// A measured comparison: one statistic for each (operation, kernel).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MeasuredResults {
    /// Benchmark name when known (`tbench4`, `dbench4`, `hackbench-process-pipes`, `pgbench`).
    #[serde(default)]
    pub benchmark: String,
    /// Column names, baseline first.
    pub kernels: Vec<String>,
    /// The statistic in `rows`: `Hmean`, `Amean`, ... or `value` for CSV.
    pub stat: String,
    /// Which way the metric improves, when the source says so (Hmean rows are throughput,
    /// Amean rows times, as in mmtests). `None` for CSV.
    #[serde(default)]
    pub higher_is_better: Option<bool>,
    pub rows: Vec<MeasuredRow>,
    /// Every statistic the source had (the text and JSON exports carry Min, Stddev, ...).
    #[serde(default)]
    pub stats_available: Vec<String>,
    /// What the parser assumed or skipped, one line each.
    #[serde(default)]
    pub notes: Vec<String>,
    pub format: InputFormat,
}

/// A parse failure with its position (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
}

impl ParseError {
    fn at(line: usize, column: Option<usize>, message: impl Into<String>) -> Self {
        ParseError {
            line: Some(line),
            column,
            message: message.into(),
        }
    }
    fn whole(message: impl Into<String>) -> Self {
        ParseError {
            line: None,
            column: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "line {l}, column {c}: {}", self.message),
            (Some(l), None) => write!(f, "line {l}: {}", self.message),
            _ => write!(f, "{}", self.message),
        }
    }
}

impl std::error::Error for ParseError {}

/// Options of an import.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportOptions {
    /// Force a parser instead of detecting it.
    pub format: Option<InputFormat>,
    /// Which statistic to keep (`Hmean`, `Amean`, `BHmean-95`, ...). Default: `Hmean` if present,
    /// else `Amean`, else the first mean-like row.
    pub stat: Option<String>,
    /// Benchmark name when the input does not say (CSV, text).
    pub benchmark: Option<String>,
}

/// Detect the format and parse. See [`parse_measured_bytes`] for gzip'ed input.
pub fn parse_measured(input: &str, opts: &ImportOptions) -> Result<MeasuredResults, ParseError> {
    let format = opts.format.unwrap_or_else(|| detect(input));
    let max = match format {
        InputFormat::MmtestsJson | InputFormat::WakelabJson => MAX_JSON_BYTES,
        _ => MAX_TEXT_BYTES,
    };
    if input.len() > max {
        return Err(ParseError::whole(format!(
            "the input is {} bytes, more than the {max} accepted for this format",
            input.len()
        )));
    }
    let mut r = match format {
        InputFormat::MmtestsText => parse_mmtests_text(input, opts.stat.as_deref())?,
        InputFormat::MmtestsJson | InputFormat::WakelabJson => {
            parse_json(input, opts.stat.as_deref())?
        }
        InputFormat::Csv => parse_csv(input)?,
    };
    if r.benchmark.is_empty() {
        if let Some(b) = &opts.benchmark {
            r.benchmark = b.clone();
        }
    }
    Ok(r)
}

/// Like [`parse_measured`] for raw bytes: gunzips `.json.gz` exports and checks UTF-8.
pub fn parse_measured_bytes(
    input: &[u8],
    opts: &ImportOptions,
) -> Result<MeasuredResults, ParseError> {
    let owned;
    let bytes = if gz::is_gzip(input) {
        owned = gz::gunzip(input, MAX_JSON_BYTES).map_err(ParseError::whole)?;
        &owned[..]
    } else {
        input
    };
    if bytes.len() > MAX_JSON_BYTES {
        return Err(ParseError::whole(format!(
            "the input is {} bytes, more than {MAX_JSON_BYTES}",
            bytes.len()
        )));
    }
    let s = std::str::from_utf8(bytes).map_err(|e| {
        let line = bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        ParseError::at(line, None, "the file is not UTF-8 text")
    })?;
    parse_measured(s, opts)
}

/// Guess the format from the content.
pub fn detect(input: &str) -> InputFormat {
    let t = input.trim_start_matches('\u{feff}').trim_start();
    if t.starts_with('{') {
        return InputFormat::MmtestsJson; // parse_json tells both JSON kinds apart
    }
    let first = t
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    match first {
        Some(l) if l.contains(',') => InputFormat::Csv,
        _ => InputFormat::MmtestsText,
    }
}

// ---- helpers ---------------------------------------------------------------------------------

/// mmtests statistic row labels: `Min`, `Max`, `Hmean`, `Amean`, `Gmean`, `Stddev`, `HStddev`,
/// `CoeffVar`, `HCoeffVar`, `BHmean-95`, `BAmean-99`, `Median`, `Range`, ...
pub fn is_stat_label(s: &str) -> bool {
    let base = match s.rsplit_once('-') {
        Some((b, n)) if !n.is_empty() && n.bytes().all(|c| c.is_ascii_digit()) => b,
        _ => s,
    };
    matches!(
        base,
        "Min"
            | "Max"
            | "Hmean"
            | "Amean"
            | "Gmean"
            | "Mean"
            | "Median"
            | "Range"
            | "Stddev"
            | "HStddev"
            | "GStddev"
            | "CoeffVar"
            | "HCoeffVar"
            | "GCoeffVar"
            | "BHmean"
            | "BAmean"
            | "BGmean"
    )
}

fn is_mean_label(s: &str) -> bool {
    matches!(s, "Hmean" | "Amean" | "Gmean" | "Mean")
}

/// A number as Perl prints it (`NaN`, `nan`, `-nan`, `Inf`, `-Inf`) or a plain float.
fn parse_num(s: &str) -> Option<f64> {
    match s
        .trim_start_matches(['+', '-'])
        .to_ascii_lowercase()
        .as_str()
    {
        "nan" => return Some(f64::NAN),
        "inf" | "infinity" => {
            return Some(if s.starts_with('-') {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            });
        }
        _ => {}
    }
    if s.is_empty()
        || !s
            .bytes()
            .all(|c| c.is_ascii_digit() || matches!(c, b'.' | b'-' | b'+' | b'e' | b'E'))
    {
        return None;
    }
    s.parse::<f64>().ok()
}

fn finite(v: f64) -> Option<f64> {
    v.is_finite().then_some(v)
}

/// Values that are not finite numbers (`NaN`, `Inf`, or beyond f64 such as `1e309`): read as
/// missing, never as 0, and named in one note so the reader knows (issue 21).
#[derive(Default)]
struct NonFinite {
    count: usize,
    at: Vec<String>,
}

impl NonFinite {
    /// `v` if finite; otherwise counted, with `where_` (`line 3 column 5: inf`) kept for the
    /// first few.
    fn check(&mut self, v: f64, where_: impl FnOnce() -> String) -> Option<f64> {
        if v.is_finite() {
            return Some(v);
        }
        self.count += 1;
        if self.at.len() < 5 {
            self.at.push(where_());
        }
        None
    }

    fn note(self, notes: &mut Vec<String>) {
        if self.count == 0 {
            return;
        }
        let what = if self.count == 1 {
            "1 value is not a finite number".to_string()
        } else {
            format!("{} values are not finite numbers", self.count)
        };
        notes.push(format!(
            "{what} (NaN, Inf or beyond f64 such as 1e309): read as missing, which the \
             compare-mmtests layout prints as 0.00 ({}{})",
            self.at.join(", "),
            if self.count > self.at.len() {
                ", ..."
            } else {
                ""
            }
        ));
    }
}

/// Natural order of operation keys: numbers numerically, `syst-16` after `syst-2`.
fn op_key(s: &str) -> (String, u64, String) {
    let digits_at = s.find(|c: char| c.is_ascii_digit()).unwrap_or(s.len());
    let (prefix, rest) = s.split_at(digits_at);
    let end = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    let n = rest[..end].parse::<u64>().unwrap_or(u64::MAX);
    (prefix.to_string(), n, rest[end..].to_string())
}

fn direction_of(stat: &str) -> Option<bool> {
    let s = stat.trim_start_matches('B');
    if s.starts_with("Hmean") {
        Some(true)
    } else if s.starts_with("Amean") {
        Some(false)
    } else {
        None
    }
}

fn choose_stat(available: &[String], wanted: Option<&str>) -> Result<String, String> {
    if let Some(w) = wanted {
        return available
            .iter()
            .find(|a| a.eq_ignore_ascii_case(w))
            .cloned()
            .ok_or_else(|| {
                format!(
                    "no {w} rows; the file has: {}",
                    if available.is_empty() {
                        "none".to_string()
                    } else {
                        available.join(", ")
                    }
                )
            });
    }
    for pref in ["Hmean", "Amean"] {
        if available.iter().any(|a| a == pref) {
            return Ok(pref.into());
        }
    }
    available
        .iter()
        .find(|a| is_mean_label(a))
        .or(available.first())
        .cloned()
        .ok_or_else(|| "no statistic rows found".into())
}

// ---- compare-mmtests text --------------------------------------------------------------------

struct TextRow {
    line: usize,
    stat: String,
    op: String,
    values: Vec<f64>,
    significant: Vec<bool>,
}

/// A cursor over one line, counting columns in characters (1-based in errors).
struct Cur<'a> {
    chars: Vec<char>,
    pos: usize,
    line: usize,
    _s: &'a str,
}

impl<'a> Cur<'a> {
    fn new(s: &'a str, line: usize) -> Self {
        Cur {
            chars: s.chars().collect(),
            pos: 0,
            line,
            _s: s,
        }
    }
    fn ws(&mut self) {
        while self.pos < self.chars.len() && self.chars[self.pos].is_whitespace() {
            self.pos += 1;
        }
    }
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }
    fn word(&mut self, stop: &[char]) -> (usize, String) {
        let start = self.pos;
        while let Some(c) = self.peek() {
            if c.is_whitespace() || stop.contains(&c) {
                break;
            }
            self.pos += 1;
        }
        (start, self.chars[start..self.pos].iter().collect())
    }
    fn err(&self, col0: usize, msg: impl Into<String>) -> ParseError {
        ParseError::at(self.line, Some(col0 + 1), msg)
    }
}

/// `Ok(None)`: not a data row (does not start with a statistic label).
fn parse_text_row(line: &str, lineno: usize) -> Result<Option<TextRow>, ParseError> {
    let mut c = Cur::new(line, lineno);
    c.ws();
    let (_, stat) = c.word(&[]);
    if !is_stat_label(&stat) {
        return Ok(None);
    }
    c.ws();
    let (op_col, op) = c.word(&[]);
    if op.is_empty() {
        return Err(c.err(
            op_col,
            format!("{stat} row without an operation (client count)"),
        ));
    }
    if parse_num(&op).is_some() && op.contains('.') {
        return Err(c.err(
            op_col,
            format!("expected an operation (client count) after {stat}, found the value {op}"),
        ));
    }
    let mut values = Vec::new();
    let mut significant = Vec::new();
    loop {
        c.ws();
        let Some(ch) = c.peek() else { break };
        if ch == '(' || ch == '*' {
            return Err(c.err(c.pos, "a percentage without a value before it"));
        }
        let (vcol, v) = c.word(&['(', '*']);
        let Some(value) = parse_num(&v) else {
            return Err(c.err(vcol, format!("expected a number, found {v:?}")));
        };
        values.push(value);
        c.ws();
        match c.peek() {
            Some(open @ ('(' | '*')) => {
                let ocol = c.pos;
                c.pos += 1;
                c.ws();
                let (pcol, p) = c.word(&['%']);
                if parse_num(&p).is_none() {
                    return Err(c.err(pcol, format!("expected a percentage, found {p:?}")));
                }
                if c.peek() != Some('%') {
                    return Err(c.err(c.pos, "expected '%' after the percentage"));
                }
                c.pos += 1;
                let close = if open == '(' { ')' } else { '*' };
                if c.peek() != Some(close) {
                    return Err(c.err(
                        c.pos,
                        format!(
                            "expected '{close}' to close the percentage opened at column {}",
                            ocol + 1
                        ),
                    ));
                }
                c.pos += 1;
                significant.push(open == '*');
            }
            _ => significant.push(false),
        }
        if values.len() > MAX_KERNELS {
            return Err(c.err(c.pos, format!("more than {MAX_KERNELS} columns")));
        }
    }
    if values.is_empty() {
        return Err(c.err(c.pos, format!("{stat} {op}: no values")));
    }
    Ok(Some(TextRow {
        line: lineno,
        stat,
        op,
        values,
        significant,
    }))
}

/// Tokens of a line with the (exclusive) end column of each, in characters.
fn tokens_with_end(line: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut i = 0;
    for ch in line.chars() {
        if ch.is_whitespace() {
            if !cur.is_empty() {
                out.push((i, std::mem::take(&mut cur)));
            }
        } else {
            cur.push(ch);
        }
        i += 1;
    }
    if !cur.is_empty() {
        out.push((i, cur));
    }
    out
}

/// Join the two halves mmtests split a name into (`Compare::_generateHeaderTable`).
fn join_name(top: &str, bottom: &str) -> String {
    if top.is_empty() {
        bottom.to_string()
    } else if bottom.is_empty() {
        top.to_string()
    } else if !top.contains('-') && bottom.len() == top.len() + 1 && bottom.starts_with(top) {
        // Perl prints a name without '-' as all-but-last char on top, whole name below
        bottom.to_string()
    } else {
        format!("{top}-{bottom}")
    }
}

/// Kernel names from the header above the table. compare-mmtests.pl prints two lines, each
/// name split in halves right-aligned over its column, so the halves of one name end in the same
/// column; compare-kernels.sh and many mailing-list posts show one line of whole names, often
/// under a title line (`tbench (config-network-tbench)`), which does not line up.
fn header_names(lines: &[&str], k: usize, notes: &mut Vec<String>) -> Vec<String> {
    let b = lines.last().map(|l| tokens_with_end(l)).unwrap_or_default();
    let t = if lines.len() == 2 {
        tokens_with_end(lines[0])
    } else {
        Vec::new()
    };
    if b.len() == k {
        return b
            .iter()
            .map(|(end, y)| {
                let x = t.iter().find(|(e, _)| e == end).map_or("", |x| &x.1);
                join_name(x, y)
            })
            .collect();
    }
    // a bottom line with some halves empty (names ending in '-rcN'): the top line carries them
    if t.len() == k && b.iter().all(|(e, _)| t.iter().any(|(te, _)| te == e)) {
        return t
            .iter()
            .map(|(end, x)| {
                let y = b.iter().find(|(e, _)| e == end).map_or("", |y| &y.1);
                join_name(x, y)
            })
            .collect();
    }
    notes.push("no kernel-name header above the table: columns named kernel-1, ...".into());
    (1..=k).map(|i| format!("kernel-{i}")).collect()
}

/// Parse `compare-mmtests.pl` text: the two-line kernel header, then rows
/// `<Stat> <operation> <value> (<pct>%) <value> *<pct>%* ...`. The first table is read; lines
/// before it (titles) and after it (Duration, Ops blocks) are skipped.
pub fn parse_mmtests_text(input: &str, stat: Option<&str>) -> Result<MeasuredResults, ParseError> {
    if input.len() > MAX_TEXT_BYTES {
        return Err(ParseError::whole(format!(
            "the input is {} bytes, more than {MAX_TEXT_BYTES}",
            input.len()
        )));
    }
    let lines: Vec<&str> = input.lines().collect();
    let mut notes = Vec::new();
    let mut rows: Vec<TextRow> = Vec::new();
    let mut start = None;
    let mut ended_at = None;
    for (i, raw) in lines.iter().enumerate() {
        let lineno = i + 1;
        if raw.chars().count() > MAX_LINE_CHARS {
            return Err(ParseError::at(
                lineno,
                None,
                format!("line longer than {MAX_LINE_CHARS} characters"),
            ));
        }
        let line = raw.trim_end_matches('\r');
        match parse_text_row(line, lineno)? {
            Some(r) => {
                if ended_at.is_some() {
                    notes.push(format!(
                        "only the first table was read; another starts at line {lineno}"
                    ));
                    break;
                }
                if start.is_none() {
                    start = Some(i);
                }
                if let Some(first) = rows.first() {
                    if r.values.len() != first.values.len() {
                        return Err(ParseError::at(
                            lineno,
                            None,
                            format!(
                                "{} {} has {} value columns, line {} has {}",
                                r.stat,
                                r.op,
                                r.values.len(),
                                first.line,
                                first.values.len()
                            ),
                        ));
                    }
                }
                if rows.len() >= MAX_ROWS {
                    return Err(ParseError::at(
                        lineno,
                        None,
                        format!("more than {MAX_ROWS} rows"),
                    ));
                }
                rows.push(r);
            }
            None => {
                if start.is_some() && ended_at.is_none() {
                    ended_at = Some(lineno);
                }
            }
        }
    }
    let Some(start) = start else {
        return Err(ParseError::whole(
            "no compare-mmtests table found: expected rows like \
             `Hmean     64     12325.51 (   0.00%)    13792.01 *  11.90%*`",
        ));
    };
    let k = rows[0].values.len();
    // the (up to) two lines right above the first row
    let header: Vec<&str> = lines[..start]
        .iter()
        .rev()
        .map(|l| l.trim_end_matches('\r'))
        // a whitespace-only line is kept: it is a header line whose halves are all empty
        .take_while(|l| !l.is_empty())
        .take(2)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let kernels = header_names(&header, k, &mut notes);
    let mut available: Vec<String> = Vec::new();
    for r in &rows {
        if !available.contains(&r.stat) {
            available.push(r.stat.clone());
        }
    }
    let chosen = choose_stat(&available, stat).map_err(ParseError::whole)?;
    let mut out_rows: Vec<MeasuredRow> = Vec::new();
    let mut nonfinite = NonFinite::default();
    for r in rows.iter().filter(|r| r.stat == chosen) {
        if out_rows.iter().any(|o| o.operation == r.op) {
            return Err(ParseError::at(
                r.line,
                None,
                format!("{} {} appears twice", r.stat, r.op),
            ));
        }
        out_rows.push(MeasuredRow {
            operation: r.op.clone(),
            values: r
                .values
                .iter()
                .enumerate()
                .map(|(k, &v)| {
                    nonfinite.check(v, || {
                        format!("line {} {} {} kernel {}: {v}", r.line, r.stat, r.op, k + 1)
                    })
                })
                .collect(),
            significant: r.significant.clone(),
        });
    }
    nonfinite.note(&mut notes);
    Ok(MeasuredResults {
        benchmark: String::new(),
        kernels,
        higher_is_better: direction_of(&chosen),
        stat: chosen,
        rows: out_rows,
        stats_available: available,
        notes,
        format: InputFormat::MmtestsText,
    })
}

// ---- JSON ------------------------------------------------------------------------------------

fn json_err(e: serde_json::Error) -> ParseError {
    ParseError {
        line: (e.line() > 0).then_some(e.line()),
        column: (e.column() > 0).then_some(e.column()),
        message: format!("invalid JSON: {e}"),
    }
}

/// A number, a numeric string (`"12.5"`, `"NaN"`) or null.
fn json_num(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => parse_num(s.trim()),
        // blessless() may leave a one-element wrapper around scalars
        Value::Array(a) if a.len() == 1 => json_num(&a[0]),
        _ => None,
    }
}

fn json_str(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Array(a) if a.len() == 1 => json_str(&a[0]),
        _ => None,
    }
}

fn bench_from_module(m: &str) -> String {
    let m = m
        .strip_prefix("Compare")
        .or_else(|| m.strip_prefix("Extract"))
        .unwrap_or(m);
    m.to_ascii_lowercase()
}

/// Parse JSON: Wakelab's [`MeasuredResults`] or a `compare-mmtests.pl --json-export` file.
pub fn parse_json(input: &str, stat: Option<&str>) -> Result<MeasuredResults, ParseError> {
    if input.len() > MAX_JSON_BYTES {
        return Err(ParseError::whole(format!(
            "the input is {} bytes, more than {MAX_JSON_BYTES}",
            input.len()
        )));
    }
    let v: Value = serde_json::from_str(input.trim_start_matches('\u{feff}')).map_err(json_err)?;
    let Some(obj) = v.as_object() else {
        return Err(ParseError::whole("expected a JSON object at the top level"));
    };
    if obj.contains_key("kernels") && obj.contains_key("rows") {
        let mut r: MeasuredResults = serde_json::from_value(v.clone())
            .map_err(|e| ParseError::whole(format!("not a Wakelab measured-results file: {e}")))?;
        r.format = InputFormat::WakelabJson;
        validate(&r)?;
        return Ok(r);
    }
    parse_mmtests_json_value(obj, stat)
}

fn parse_mmtests_json_value(
    obj: &serde_json::Map<String, Value>,
    stat: Option<&str>,
) -> Result<MeasuredResults, ParseError> {
    let what = "not a compare-mmtests JSON export";
    let modules = obj
        .get("_ExtractModules")
        .and_then(Value::as_array)
        .ok_or_else(|| ParseError::whole(format!("{what}: no _ExtractModules array")))?;
    if modules.is_empty() {
        return Err(ParseError::whole(format!(
            "{what}: _ExtractModules is empty"
        )));
    }
    if modules.len() > MAX_KERNELS {
        return Err(ParseError::whole(format!(
            "more than {MAX_KERNELS} kernels"
        )));
    }
    let mut notes = Vec::new();
    let kernels: Vec<String> = modules
        .iter()
        .enumerate()
        .map(|(i, m)| {
            m.get("_TestName")
                .and_then(json_str)
                .unwrap_or_else(|| format!("kernel-{}", i + 1))
        })
        .collect();
    let m0 = &modules[0];
    let headers: Vec<String> = m0
        .get("_SummaryHeaders")
        .and_then(Value::as_array)
        .ok_or_else(|| {
            ParseError::whole(format!(
                "{what}: _ExtractModules[0]._SummaryHeaders missing"
            ))
        })?
        .iter()
        .map(|h| json_str(h).unwrap_or_default())
        .collect();
    let benchmark = obj
        .get("_ModuleName")
        .and_then(json_str)
        .or_else(|| m0.get("_ModuleName").and_then(json_str))
        .map(|m| bench_from_module(&m))
        .unwrap_or_default();
    let chosen = choose_stat(&headers, stat).map_err(ParseError::whole)?;
    let col = headers.iter().position(|h| *h == chosen).unwrap_or(0);
    // values[op] per kernel: the computed table if present, else each module's summary
    let mut ops: Vec<(String, Vec<Option<f64>>)> = Vec::new();
    if let Some(table) = obj.get("_ResultsTable").and_then(Value::as_object) {
        for (op, per_header) in table {
            let cells = per_header
                .as_array()
                .and_then(|a| a.get(col))
                .and_then(Value::as_array)
                .ok_or_else(|| {
                    ParseError::whole(format!(
                        "_ResultsTable.{op}[{col}] is not an array of per-kernel values"
                    ))
                })?;
            let vals = (0..kernels.len())
                .map(|k| cells.get(k).and_then(json_num).and_then(finite))
                .collect();
            ops.push((op.clone(), vals));
        }
    } else {
        notes.push("no _ResultsTable: values read from each kernel's _SummaryData".into());
        let sums: Vec<Option<&serde_json::Map<String, Value>>> = modules
            .iter()
            .map(|m| m.get("_SummaryData").and_then(Value::as_object))
            .collect();
        let Some(base) = sums[0] else {
            return Err(ParseError::whole(format!(
                "{what}: neither _ResultsTable nor _ExtractModules[0]._SummaryData"
            )));
        };
        for op in base.keys() {
            let vals = sums
                .iter()
                .map(|s| {
                    s.and_then(|s| s.get(op))
                        .and_then(Value::as_array)
                        .and_then(|a| a.get(col))
                        .and_then(json_num)
                        .and_then(finite)
                })
                .collect();
            ops.push((op.clone(), vals));
        }
    }
    if ops.len() > MAX_ROWS {
        return Err(ParseError::whole(format!(
            "more than {MAX_ROWS} operations"
        )));
    }
    ops.sort_by_key(|a| op_key(&a.0));
    let sig_table = obj
        .get("_ResultsSignificanceTable")
        .and_then(Value::as_object);
    let is_mean = direction_of(&chosen).is_some() || is_mean_label(&chosen);
    let rows = ops
        .into_iter()
        .map(|(op, values)| {
            let significant = match (sig_table.and_then(|t| t.get(&op)), is_mean) {
                (Some(Value::Array(a)), true) => (0..kernels.len())
                    .map(|k| a.get(k * 2).and_then(json_num).is_some_and(|v| v != 0.0))
                    .collect(),
                _ => Vec::new(),
            };
            MeasuredRow {
                operation: op,
                values,
                significant,
            }
        })
        .collect();
    let r = MeasuredResults {
        benchmark,
        kernels,
        higher_is_better: direction_of(&chosen),
        stat: chosen,
        rows,
        stats_available: headers,
        notes,
        format: InputFormat::MmtestsJson,
    };
    validate(&r)?;
    Ok(r)
}

fn validate(r: &MeasuredResults) -> Result<(), ParseError> {
    if r.kernels.is_empty() || r.kernels.len() > MAX_KERNELS {
        return Err(ParseError::whole(format!(
            "need 1..={MAX_KERNELS} kernels, found {}",
            r.kernels.len()
        )));
    }
    if r.rows.len() > MAX_ROWS {
        return Err(ParseError::whole(format!("more than {MAX_ROWS} rows")));
    }
    for (i, row) in r.rows.iter().enumerate() {
        if row.values.len() != r.kernels.len() {
            return Err(ParseError::whole(format!(
                "row {} ({}) has {} values for {} kernels",
                i + 1,
                row.operation,
                row.values.len(),
                r.kernels.len()
            )));
        }
    }
    Ok(())
}

// ---- CSV -------------------------------------------------------------------------------------

/// Split one CSV line (RFC 4180 quoting, no embedded newlines). Returns fields with their
/// 1-based start columns.
fn csv_fields(line: &str, lineno: usize) -> Result<Vec<(usize, String)>, ParseError> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    loop {
        let start = i;
        let mut field = String::new();
        if chars.get(i) == Some(&'"') {
            i += 1;
            loop {
                match chars.get(i) {
                    None => {
                        return Err(ParseError::at(
                            lineno,
                            Some(start + 1),
                            "unterminated quoted field",
                        ));
                    }
                    Some('"') if chars.get(i + 1) == Some(&'"') => {
                        field.push('"');
                        i += 2;
                    }
                    Some('"') => {
                        i += 1;
                        break;
                    }
                    Some(&c) => {
                        field.push(c);
                        i += 1;
                    }
                }
            }
            while chars.get(i).is_some_and(|c| *c == ' ' || *c == '\t') {
                i += 1;
            }
            if !matches!(chars.get(i), None | Some(',')) {
                return Err(ParseError::at(
                    lineno,
                    Some(i + 1),
                    "expected ',' after a quoted field",
                ));
            }
        } else {
            while let Some(&c) = chars.get(i) {
                if c == ',' {
                    break;
                }
                field.push(c);
                i += 1;
            }
        }
        out.push((start + 1, field.trim().to_string()));
        if out.len() > MAX_KERNELS + 1 {
            return Err(ParseError::at(
                lineno,
                Some(start + 1),
                format!("more than {} columns", MAX_KERNELS + 1),
            ));
        }
        if chars.get(i) == Some(&',') {
            i += 1;
        } else {
            break;
        }
    }
    Ok(out)
}

/// Parse `clients,<kernel1>,<kernel2>,...` then one line per client count. Blank lines and
/// lines starting with `#` are skipped; an empty cell or `NaN` is a missing value.
pub fn parse_csv(input: &str) -> Result<MeasuredResults, ParseError> {
    if input.len() > MAX_TEXT_BYTES {
        return Err(ParseError::whole(format!(
            "the input is {} bytes, more than {MAX_TEXT_BYTES}",
            input.len()
        )));
    }
    let mut kernels: Option<Vec<String>> = None;
    let mut rows: Vec<MeasuredRow> = Vec::new();
    let mut nonfinite = NonFinite::default();
    for (i, raw) in input.lines().enumerate() {
        let lineno = i + 1;
        if raw.chars().count() > MAX_LINE_CHARS {
            return Err(ParseError::at(
                lineno,
                None,
                format!("line longer than {MAX_LINE_CHARS} characters"),
            ));
        }
        let line = raw.trim_start_matches('\u{feff}').trim_end_matches('\r');
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let f = csv_fields(line, lineno)?;
        match &kernels {
            None => {
                if f.len() < 2 {
                    return Err(ParseError::at(
                        lineno,
                        None,
                        "the header needs `clients,<kernel1>[,<kernel2>...]`",
                    ));
                }
                if parse_num(&f[1].1).is_some() {
                    return Err(ParseError::at(
                        lineno,
                        Some(f[1].0),
                        "the first line must be a header naming the kernels, \
                         e.g. `clients,5.10-vanilla,5.10-patched`",
                    ));
                }
                let names: Vec<String> = f[1..].iter().map(|x| x.1.clone()).collect();
                for (j, n) in names.iter().enumerate() {
                    if n.is_empty() {
                        return Err(ParseError::at(
                            lineno,
                            Some(f[j + 1].0),
                            "empty kernel name",
                        ));
                    }
                }
                kernels = Some(names);
            }
            Some(k) => {
                if f.len() != k.len() + 1 {
                    return Err(ParseError::at(
                        lineno,
                        None,
                        format!("{} fields, the header has {}", f.len(), k.len() + 1),
                    ));
                }
                let op = f[0].1.clone();
                if op.is_empty() {
                    return Err(ParseError::at(lineno, Some(f[0].0), "empty client count"));
                }
                if rows.iter().any(|r| r.operation == op) {
                    return Err(ParseError::at(
                        lineno,
                        Some(f[0].0),
                        format!("{op} appears twice"),
                    ));
                }
                let mut values = Vec::with_capacity(k.len());
                for (col, cell) in &f[1..] {
                    if cell.is_empty() {
                        values.push(None);
                        continue;
                    }
                    match parse_num(cell) {
                        Some(v) => values.push(
                            nonfinite.check(v, || format!("line {lineno} column {col}: {cell}")),
                        ),
                        None => {
                            return Err(ParseError::at(
                                lineno,
                                Some(*col),
                                format!("expected a number, found {cell:?}"),
                            ));
                        }
                    }
                }
                if rows.len() >= MAX_ROWS {
                    return Err(ParseError::at(
                        lineno,
                        None,
                        format!("more than {MAX_ROWS} rows"),
                    ));
                }
                rows.push(MeasuredRow {
                    operation: op,
                    values,
                    significant: Vec::new(),
                });
            }
        }
    }
    let Some(kernels) = kernels else {
        return Err(ParseError::whole(
            "empty CSV: expected `clients,<kernel1>,...`",
        ));
    };
    let mut notes = Vec::new();
    nonfinite.note(&mut notes);
    Ok(MeasuredResults {
        benchmark: String::new(),
        kernels,
        stat: "value".into(),
        higher_is_better: None,
        rows,
        stats_available: vec!["value".into()],
        notes,
        format: InputFormat::Csv,
    })
}

// ---- back to the compare-mmtests layout ------------------------------------------------------

impl MeasuredResults {
    /// As a [`CompareReport`] with one row per operation (the chosen statistic), percentages
    /// against the first kernel as mmtests computes them, and the significance marks the
    /// source had. Render with [`CompareReport::render_text`].
    pub fn to_compare_report(&self) -> CompareReport {
        let higher = self.higher_is_better.unwrap_or(true);
        let dir = if higher {
            Direction::HigherBetter
        } else {
            Direction::LowerBetter
        };
        let op = PctOp::for_direction(dir);
        let rows = self
            .rows
            .iter()
            .map(|r| {
                let base = r.values.first().copied().flatten();
                let cells = r
                    .values
                    .iter()
                    .enumerate()
                    .map(|(k, v)| Cell {
                        value: *v,
                        pct: match (v, base) {
                            (Some(v), Some(b)) => op.apply(*v, b),
                            _ => 0.0,
                        },
                        significant: r.significant.get(k).copied().unwrap_or(false),
                        interval: None,
                    })
                    .collect();
                ReportRow {
                    stat: self.stat.clone(),
                    kind: StatKind::Mean,
                    operation: r.operation.clone(),
                    cells,
                }
            })
            .collect();
        CompareReport {
            title: self.benchmark.clone(),
            direction: dir,
            kernels: self.kernels.clone(),
            precision: 2,
            rows,
            summaries: Vec::new(),
        }
    }

    /// The compare-mmtests text of [`Self::to_compare_report`].
    pub fn render_text(&self) -> String {
        self.to_compare_report().render_text()
    }

    /// Rows whose operation is a number (client / group count), as `(x, values)`.
    pub fn numeric_rows(&self) -> Vec<(f64, &MeasuredRow)> {
        self.rows
            .iter()
            .filter_map(|r| {
                parse_num(&r.operation)
                    .filter(|x| x.is_finite())
                    .map(|x| (x, r))
            })
            .collect()
    }
}
