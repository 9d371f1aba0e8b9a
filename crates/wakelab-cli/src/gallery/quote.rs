//! Where a quoted figure sits in its source file: the text a reader sees (whitespace collapsed,
//! Rust string escapes resolved) with each byte mapped back to the bytes of the file it came
//! from, so a claim can be found in the text, checked, and rewritten in the file.

use anyhow::{Result, anyhow, bail};

/// A byte range `[start, end)`.
pub type Span = (usize, usize);

/// Text as a reader sees it, every byte mapped to the byte range of the file it came from.
#[derive(Default)]
pub struct Located {
    pub text: String,
    /// For each byte of `text`, the range of the source file it stands for.
    spans: Vec<(usize, usize)>,
    /// A whitespace run seen but not yet written (written as one space before the next
    /// character, dropped at the end).
    pending_space: Option<(usize, usize)>,
}

impl Located {
    fn push(&mut self, ch: char, span: (usize, usize)) {
        if ch.is_whitespace() {
            self.pending_space = Some(match self.pending_space {
                Some((a, _)) => (a, span.1),
                None => span,
            });
            return;
        }
        if let Some(s) = self.pending_space.take() {
            if !self.text.is_empty() {
                self.text.push(' ');
                self.spans.push(s);
            }
        }
        self.text.push(ch);
        for _ in 0..ch.len_utf8() {
            self.spans.push(span);
        }
    }

    /// A separator between two pieces (table cells), mapped to `span`.
    fn separator(&mut self, span: (usize, usize)) {
        self.pending_space = None;
        self.text.push('|');
        self.spans.push(span);
    }

    /// The file's byte range behind `text[a..b]` (`a < b`).
    pub fn source_range(&self, a: usize, b: usize) -> (usize, usize) {
        (self.spans[a].0, self.spans[b - 1].1)
    }
}

/// `src[start..end]` as plain text (markdown), whitespace collapsed.
pub fn plain(src: &str, start: usize, end: usize) -> Located {
    let mut out = Located::default();
    plain_into(&mut out, src, start, end);
    out
}

fn plain_into(out: &mut Located, src: &str, start: usize, end: usize) {
    for (i, ch) in src[start..end].char_indices() {
        let at = start + i;
        out.push(ch, (at, at + ch.len_utf8()));
    }
}

/// The markdown table row of `src[within]` whose first cell is `first`, without the cells whose
/// index (1 = the first cell) is in `skip`; kept cells are joined by `|`.
pub fn table_row(
    src: &str,
    within: (usize, usize),
    first: &str,
    skip: &[usize],
) -> Result<Located> {
    let mut line_start = within.0;
    for line in src[within.0..within.1].split_inclusive('\n') {
        let this = line_start;
        line_start += line.len();
        let cells: Vec<(usize, &str)> = {
            let mut v = vec![];
            let mut off = this;
            for c in line.trim_end_matches('\n').split('|') {
                v.push((off, c));
                off += c.len() + 1;
            }
            v
        };
        if cells.get(1).map(|c| c.1.trim()) != Some(first) {
            continue;
        }
        let mut out = Located::default();
        for (i, &(off, cell)) in cells.iter().enumerate() {
            if i == 0 || skip.contains(&i) || i + 1 == cells.len() {
                continue;
            }
            if !out.text.is_empty() {
                out.separator((off - 1, off));
            }
            plain_into(&mut out, src, off, off + cell.len());
        }
        return Ok(out);
    }
    bail!("no table row {first:?}")
}

/// The byte range between the lines `<!-- checked:NAME -->` and `<!-- /checked:NAME -->`.
pub fn marked(src: &str, name: &str) -> Result<(usize, usize)> {
    let open = format!("<!-- checked:{name} -->");
    let close = format!("<!-- /checked:{name} -->");
    let a = src.find(&open).ok_or_else(|| anyhow!("no {open:?}"))? + open.len();
    let b = src[a..]
        .find(&close)
        .ok_or_else(|| anyhow!("no {close:?}"))?
        + a;
    Ok((a, b))
}

/// The value of the Rust string literal that opens (`"`) at byte `open` of `src`, whitespace
/// collapsed. Escapes: line continuations, `\"`, `\\`, `\n`, `\t`; others are refused.
pub fn rust_literal(src: &str, open: usize) -> Result<Located> {
    if src.as_bytes().get(open) != Some(&b'"') {
        bail!("no string literal at byte {open}");
    }
    let mut out = Located::default();
    let mut chars = src[open + 1..].char_indices().peekable();
    let base = open + 1;
    while let Some((i, ch)) = chars.next() {
        let at = base + i;
        match ch {
            '"' => return Ok(out),
            '\\' => {
                let (j, e) = chars
                    .next()
                    .ok_or_else(|| anyhow!("unterminated string literal"))?;
                let end = base + j + e.len_utf8();
                match e {
                    // a line continuation skips the newline and the next line's indentation
                    '\n' => {
                        let mut stop = end;
                        while let Some(&(k, w)) = chars.peek() {
                            if !w.is_whitespace() {
                                break;
                            }
                            stop = base + k + w.len_utf8();
                            chars.next();
                        }
                        if let Some((a, _)) = out.pending_space {
                            out.pending_space = Some((a, stop));
                        }
                    }
                    '"' | '\\' => out.push(e, (at, end)),
                    'n' | 't' => out.push(' ', (at, end)),
                    _ => bail!("escape \\{e} at byte {at} is not supported here"),
                }
            }
            _ => out.push(ch, (at, at + ch.len_utf8())),
        }
    }
    bail!("unterminated string literal")
}

/// The `field: "..."` literal of the gallery entry `id: "ID"` in presets.rs.
pub fn gallery_field(src: &str, id: &str, field: &str) -> Result<Located> {
    let entry = format!("id: \"{id}\",");
    let at = src
        .find(&entry)
        .ok_or_else(|| anyhow!("presets.rs: no gallery entry {entry:?}"))?;
    let key = format!("{field}: \"");
    let next_entry = src[at + entry.len()..]
        .find("id: \"")
        .map_or(src.len(), |n| at + entry.len() + n);
    let f = src[at..next_entry]
        .find(&key)
        .ok_or_else(|| anyhow!("presets.rs: gallery entry {id} has no {field} literal"))?;
    rust_literal(src, at + f + key.len() - 1)
}

/// A template split into literal text and `{key}` placeholders.
#[derive(Debug, PartialEq)]
pub enum Part<'a> {
    Lit(&'a str),
    Key(&'a str),
}

pub fn parse(template: &str) -> Result<Vec<Part<'_>>> {
    let mut parts = vec![];
    let mut rest = template;
    while let Some(i) = rest.find('{') {
        if i > 0 {
            parts.push(Part::Lit(&rest[..i]));
        }
        let j = rest[i..]
            .find('}')
            .ok_or_else(|| anyhow!("unclosed placeholder in {template:?}"))?;
        parts.push(Part::Key(&rest[i + 1..i + j]));
        rest = &rest[i + j + 1..];
    }
    if !rest.is_empty() {
        parts.push(Part::Lit(rest));
    }
    Ok(parts)
}

/// Longest text a placeholder stands for: a figure, not a sentence.
const MAX_VALUE: usize = 24;

/// Placeholders whose figure is a phrase (`{t1.runs}`: "the preset: 1, 2 ... clients, 3 runs
/// of 1 s each"): up to this many bytes, any text within one table cell.
const PHRASE_SUFFIX: &str = ".runs";
const MAX_PHRASE: usize = 200;

/// Placeholders whose figure is a verdict of a few words (`{t4.se.dir}`: "hardly moves",
/// `{t5.class.1}`: "a gain"), one of `VERDICTS`. A plain value stops at a space, so without
/// this a claim with such a verdict could be checked only as a whole and `--write` could not
/// find it to rewrite its numbers; a fixed vocabulary, not any words, so that a verdict never
/// swallows the words before it ("It finds a gain").
fn is_verdict_key(k: &str) -> bool {
    k.ends_with(".dir") || k.contains(".class.")
}

/// Every value a verdict placeholder takes (`figures::verdict` checks each one it puts).
pub const VERDICTS: &[&str] = &[
    "hardly moves",
    "falls",
    "rises",
    "a gain",
    "a loss",
    "neutral",
];

/// Whether `v` can be a figure as written: no table cell boundary, and a space only before a
/// group of digits (`250 000`) or after a leading "not" (a verdict: "not identical"), so a
/// value never swallows the words around it.
fn value_ok(v: &str) -> bool {
    let v = v.strip_prefix("not ").unwrap_or(v);
    !v.contains('|')
        && v.split(' ')
            .skip(1)
            .all(|w| w.starts_with(|c: char| c.is_ascii_digit()))
}

/// Where `parts` occur in `text`, figures as they are written there: the first position, at
/// the start of a word, where every literal part matches exactly and every placeholder matches
/// 1 to `MAX_VALUE` bytes that can be a figure (the shortest that lets the rest match). Gives
/// the whole match and each placeholder's range. A template ends in a literal (the claims'
/// test checks it), which delimits its last figure.
pub fn find(text: &str, parts: &[Part<'_>]) -> Option<(Span, Vec<Span>)> {
    (0..=text.len())
        .filter(|&s| text.is_char_boundary(s))
        .filter(|&s| !text[..s].ends_with(|c: char| c.is_alphanumeric()))
        .find_map(|s| {
            let mut caps = vec![];
            match_from(text, s, parts, &mut caps).map(|end| ((s, end), caps))
        })
}

/// What `match_from` does with a placeholder's candidate value.
enum Step {
    /// It can be the value: try the rest of the template after it.
    Try,
    /// Not yet: a longer one may be.
    Longer,
    /// Neither it nor any longer one can be.
    Stop,
}

fn match_from(
    text: &str,
    pos: usize,
    parts: &[Part<'_>],
    caps: &mut Vec<(usize, usize)>,
) -> Option<usize> {
    let Some((first, rest)) = parts.split_first() else {
        return Some(pos);
    };
    match first {
        Part::Lit(l) => {
            if text[pos..].starts_with(l) {
                match_from(text, pos + l.len(), rest, caps)
            } else {
                None
            }
        }
        Part::Key(k) => {
            let phrase = k.ends_with(PHRASE_SUFFIX);
            let verdict = is_verdict_key(k);
            let longest_verdict = VERDICTS.iter().map(|w| w.len()).max().unwrap_or(0);
            for (i, _) in text[pos..].char_indices().skip(1) {
                let v = &text[pos..pos + i];
                // whether the value can end here, only further on, or nowhere further
                let step = if verdict {
                    if VERDICTS.contains(&v) {
                        Step::Try
                    } else if i > longest_verdict {
                        Step::Stop
                    } else {
                        Step::Longer
                    }
                } else if phrase {
                    if i > MAX_PHRASE || v.contains('|') {
                        Step::Stop
                    } else {
                        Step::Try
                    }
                } else if i > MAX_VALUE {
                    Step::Stop
                } else if v.ends_with(' ') && value_ok(v.trim_end()) {
                    // "250 " on the way to "250 000"
                    Step::Longer
                } else if !value_ok(v) {
                    Step::Stop
                } else {
                    Step::Try
                };
                match step {
                    Step::Stop => break,
                    Step::Longer => continue,
                    Step::Try => {}
                }
                caps.push((pos, pos + i));
                if let Some(end) = match_from(text, pos + i, rest, caps) {
                    return Some(end);
                }
                caps.pop();
            }
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rust_literal_resolves_continuations_and_maps_back() {
        let src = "x: \"about 11% \\\n      busy, \\\"q\\\" +38% at 2\", y";
        let l = rust_literal(src, 3).unwrap();
        assert_eq!(l.text, "about 11% busy, \"q\" +38% at 2");
        let at = l.text.find("+38%").unwrap();
        let (a, b) = l.source_range(at, at + 4);
        assert_eq!(&src[a..b], "+38%");
        let at = l.text.find("% busy").unwrap();
        let (a, b) = l.source_range(at, at + 6);
        assert_eq!(&src[a..b], "% \\\n      busy");
    }

    #[test]
    fn table_rows_skip_cells_and_map_back() {
        let src = "| a | b |\n|---|---|\n| t1 | bar 9 | met (+1%) |\n";
        let l = table_row(src, (0, src.len()), "t1", &[1, 2]).unwrap();
        assert_eq!(l.text, "met (+1%)");
        let (a, b) = l.source_range(5, 8);
        assert_eq!(&src[a..b], "+1%");
    }

    /// A verdict of several words is found, so the numbers of its claim can be rewritten.
    #[test]
    fn verdicts_of_several_words_are_found() {
        let parts =
            parse("Search Efficiency {t4.se.dir} ({t4.se.base} -> {t4.se.patched};").unwrap();
        let text = "so Search Efficiency hardly moves (5.85 -> 5.81; published 5.04)";
        let ((s, e), caps) = find(text, &parts).unwrap();
        assert_eq!(&text[s..e], "Search Efficiency hardly moves (5.85 -> 5.81;");
        let got: Vec<&str> = caps.iter().map(|&(a, b)| &text[a..b]).collect();
        assert_eq!(got, ["hardly moves", "5.85", "5.81"]);
        let parts = parse("{t5.class.1} at 8 tasks, {t5.class.2} at 16 ({g})").unwrap();
        let text = "It finds a gain at 8 tasks, neutral at 16 (+9.4%)";
        let (_, caps) = find(text, &parts).unwrap();
        let got: Vec<&str> = caps.iter().map(|&(a, b)| &text[a..b]).collect();
        assert_eq!(got, ["a gain", "neutral", "+9.4%"]);
        // a verdict is words: a figure is not one
        let parts = parse("moves {t4.se.dir} here").unwrap();
        assert!(find("moves 5.85 here", &parts).is_none());
    }

    #[test]
    fn templates_match_the_figures_as_written() {
        let parts = parse("{a} at 1 client and {b} at 2").unwrap();
        let text = "About +111% at 1 client and +38% at 2, flat";
        let ((s, e), caps) = find(text, &parts).unwrap();
        assert_eq!(&text[s..e], "+111% at 1 client and +38% at 2");
        let got: Vec<&str> = caps.iter().map(|&(a, b)| &text[a..b]).collect();
        assert_eq!(got, ["+111%", "+38%"]);
        // a value may hold thousands groups, never words or a table cell boundary
        let parts = parse("x {a} y").unwrap();
        assert_eq!(find("x 250 000 y", &parts).unwrap().1, [(2, 9)]);
        assert!(find("x 1 | 2 y", &parts).is_none());
        assert!(find("x very flat y", &parts).is_none());
        // except a verdict's leading "not"
        assert_eq!(find("x not flat y", &parts).unwrap().1, [(2, 10)]);
    }
}
