//! `wakelab gallery`: the figures quoted in prose (each gallery preset's "what Wakelab shows"
//! text, the README's reproduction table, docs/calibration.md's status table and its marked
//! result paragraphs), recomputed from runs; `--check` fails when a text and its runs disagree,
//! `--write` rewrites the quoted figures in place (issue 23).
//!
//! Every quoted figure is a claim: a template whose `{key}` placeholders are figures computed
//! by `figures`, rendered with the rounding the text uses and looked up verbatim in its text.
//! Every digit of a checked text must lie inside a claim (published figures included, computed
//! from the gallery's published data where it has them), so a figure added to the prose
//! without a claim fails the check too.

mod claims;
mod figures;
mod quote;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow, bail};
use clap::Args;

use wakelab_sim::presets;

use claims::{CLAIMS, Doc, FIXED};
use figures::Figures;
use quote::{Located, Part};

#[derive(Args)]
pub struct GalleryArgs {
    /// Fail (exit status 1) when a quoted figure and its run disagree.
    #[arg(long, conflicts_with = "write")]
    check: bool,
    /// Rewrite every quoted figure that disagrees with its run in place (README.md,
    /// docs/calibration.md, crates/wakelab-sim/src/presets.rs), then rebuild and `--check`.
    /// A changed verdict word ("identical", "falls", ...) is reported, not written: the
    /// sentence around it needs rewriting by hand.
    #[arg(long)]
    write: bool,
    /// Only these targets' figures (t1, t2, t2-pgbench, t3, t4, t5; comma-separated). Other
    /// targets' quotes are only located, not checked.
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// The repository root (README.md, docs/calibration.md and the presets' source are read
    /// from it).
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
}

/// Largest file the command reads (README.md, calibration.md, presets.rs are far smaller).
const MAX_DOC_BYTES: usize = 1 << 20;

/// The files quotes live in, by path under the root.
const README: &str = "README.md";
const CALIBRATION: &str = "docs/calibration.md";
const PRESETS_RS: &str = "crates/wakelab-sim/src/presets.rs";

/// The repository files a gallery check reads, by path under the root.
struct Sources {
    files: BTreeMap<&'static str, String>,
}

impl Sources {
    fn read(root: &Path) -> Result<Self> {
        let mut files = BTreeMap::new();
        for p in [README, CALIBRATION, PRESETS_RS] {
            files.insert(
                p,
                crate::io::read_text(&root.join(p), MAX_DOC_BYTES, "documentation")?,
            );
        }
        Ok(Self { files })
    }

    fn file(&self, p: &str) -> &str {
        &self.files[p]
    }

    /// The file a doc lives in and the doc's text there.
    fn locate(&self, doc: Doc) -> Result<(&'static str, Located)> {
        let in_section = |src: &str, heading: &str| -> Result<(usize, usize)> {
            let a = src
                .find(heading)
                .ok_or_else(|| anyhow!("no section {heading:?}"))?;
            let b = src[a + heading.len()..]
                .find("\n## ")
                .map_or(src.len(), |n| a + heading.len() + n);
            Ok((a, b))
        };
        Ok(match doc {
            Doc::Gallery(id) => (
                PRESETS_RS,
                quote::gallery_field(self.file(PRESETS_RS), id, "model")?,
            ),
            // | preset | patch | published | Wakelab |: only Wakelab's cell is a run's
            Doc::Readme(id) => {
                let src = self.file(README);
                let s = in_section(src, "## How far the seed experiments are reproduced")?;
                (README, quote::table_row(src, s, id, &[1, 2, 3])?)
            }
            // | target | bar | status | what a miss needs |: the bar is the target's
            Doc::Status(id) => {
                let src = self.file(CALIBRATION);
                let s = in_section(src, "## Status at a glance")?;
                (CALIBRATION, quote::table_row(src, s, id, &[1, 2])?)
            }
            Doc::Marked(name) => {
                let src = self.file(CALIBRATION);
                let (a, b) = quote::marked(src, name)?;
                (CALIBRATION, quote::plain(src, a, b))
            }
        })
    }
}

/// `template` with every `{key}` replaced by its figure.
fn render(parts: &[Part<'_>], f: &Figures) -> Result<String> {
    let mut out = String::new();
    for p in parts {
        match p {
            Part::Lit(l) => out.push_str(l),
            Part::Key(k) => out.push_str(f.get(*k).ok_or_else(|| anyhow!("no figure {k:?}"))?),
        }
    }
    Ok(out)
}

/// A figure that is a word ("identical", "falls"): a changed one changes the sentence's
/// meaning, so `--write` leaves it to a person.
fn is_verdict(v: &str) -> bool {
    v.chars().all(|c| c.is_ascii_alphabetic() || c == ' ')
}

/// Figures of `text` (words with a digit) outside every span in `covered` (byte ranges).
/// Names are not figures: a word that starts with a letter (`t1`, `T3`, `skl-client-8t`,
/// `pixel2`), except `x` before a digit (`x10^4`).
fn uncovered_figures(text: &str, covered: &[(usize, usize)]) -> Vec<String> {
    let mut out = vec![];
    let mut at = 0;
    for word in text.split(' ') {
        let start = at;
        at += word.len() + 1;
        let w = word.trim_start_matches(|c: char| !c.is_alphanumeric() && c != '+' && c != '-');
        let mut chars = w.chars();
        let name = match (chars.next(), chars.next()) {
            (Some('x'), Some(d)) if d.is_ascii_digit() => false,
            (Some(c), _) => c.is_alphabetic(),
            _ => false,
        };
        if name {
            continue;
        }
        let uncovered = word.char_indices().any(|(i, c)| {
            c.is_ascii_digit()
                && !covered
                    .iter()
                    .any(|&(a, b)| a <= start + i && start + i < b)
        });
        if uncovered {
            out.push(word.to_string());
        }
    }
    out
}

/// A text whose quotes are being checked: where it is, and which bytes claims cover.
struct Checked {
    file: &'static str,
    loc: Located,
    covered: Vec<(usize, usize)>,
}

/// What a gallery check found: disagreements, and the edits `--write` would make
/// (file, byte range, new text).
#[derive(Default)]
struct Outcome {
    failures: Vec<String>,
    edits: Vec<(&'static str, (usize, usize), String)>,
    checked: usize,
}

fn check(src: &Sources, f: &Figures, selected: &[&str]) -> Result<Outcome> {
    let mut out = Outcome::default();
    // the docs with a claim of a selected target
    let mut docs: BTreeMap<Doc, Checked> = BTreeMap::new();
    for c in CLAIMS {
        let parts = quote::parse(c.template)?;
        let keys: Vec<&str> = parts
            .iter()
            .filter_map(|p| match p {
                Part::Key(k) => Some(*k),
                Part::Lit(_) => None,
            })
            .collect();
        let ours = keys
            .iter()
            .any(|k| selected.contains(&figures::target_of(k)))
            || (keys.is_empty() && selected.len() == figures::TARGETS.len());
        if ours && !docs.contains_key(&c.doc) {
            let (file, loc) = src.locate(c.doc)?;
            docs.insert(
                c.doc,
                Checked {
                    file,
                    loc,
                    covered: vec![],
                },
            );
        }
    }
    for c in CLAIMS {
        let Some(d) = docs.get_mut(&c.doc) else {
            continue;
        };
        let parts = quote::parse(c.template)?;
        let computed = parts.iter().all(|p| match p {
            Part::Key(k) => f.contains_key(*k),
            Part::Lit(_) => true,
        });
        let text = &d.loc.text;
        if computed {
            out.checked += 1;
            let want = render(&parts, f)?;
            if let Some(at) = text.find(&want) {
                d.covered.push((at, at + want.len()));
                continue;
            }
            let Some((span, caps)) = quote::find(text, &parts) else {
                out.failures.push(format!(
                    "{:?}: the runs say {want:?}; no text of the form {:?} found",
                    c.doc, c.template
                ));
                continue;
            };
            d.covered.push(span);
            let keys = parts.iter().filter_map(|p| match p {
                Part::Key(k) => Some(*k),
                Part::Lit(_) => None,
            });
            for (k, &(a, b)) in keys.zip(&caps) {
                let (quoted, value) = (&text[a..b], &f[k]);
                if quoted == value {
                    continue;
                }
                out.failures.push(format!(
                    "{:?}: {{{k}}} is quoted as {quoted:?}, the runs say {value:?}",
                    c.doc
                ));
                if is_verdict(value) || is_verdict(quoted) {
                    continue;
                }
                out.edits
                    .push((d.file, d.loc.source_range(a, b), value.clone()));
            }
        } else {
            // another target's claim: located for the coverage check, checked by its own run
            match quote::find(text, &parts) {
                Some((span, _)) => d.covered.push(span),
                None => out
                    .failures
                    .push(format!("{:?}: no text of the form {:?}", c.doc, c.template)),
            }
        }
    }
    for (doc, quote) in FIXED {
        if let Some(d) = docs.get_mut(doc) {
            match d.loc.text.find(quote) {
                Some(at) => d.covered.push((at, at + quote.len())),
                None => out
                    .failures
                    .push(format!("{doc:?}: fixed quote {quote:?} not found")),
            }
        }
    }
    for (doc, d) in &docs {
        for fig in uncovered_figures(&d.loc.text, &d.covered) {
            out.failures.push(format!(
                "{doc:?}: figure {fig:?} is quoted but no claim checks it"
            ));
        }
        // what is checked is what is shown: the source text equals this binary's
        if let Doc::Gallery(id) = doc {
            let built = presets::gallery()
                .into_iter()
                .find(|g| g.id == *id)
                .map(|g| g.model.split_whitespace().collect::<Vec<_>>().join(" "));
            if built.as_deref() != Some(d.loc.text.as_str()) {
                out.failures.push(format!(
                    "{doc:?}: {PRESETS_RS} differs from this binary's text: rebuild"
                ));
            }
        }
    }
    if selected.len() == figures::TARGETS.len() {
        for g in presets::gallery()
            .into_iter()
            .filter(|g| !g.model.is_empty())
        {
            if !docs.contains_key(&Doc::Gallery(g.id)) {
                out.failures.push(format!("gallery {}: no claims", g.id));
            }
        }
    }
    Ok(out)
}

/// Applies `edits` to the files under `root` (each file's edits from its end backwards).
fn write_edits(
    root: &Path,
    src: &Sources,
    mut edits: Vec<(&'static str, (usize, usize), String)>,
) -> Result<()> {
    edits.sort_by(|a, b| (a.0, b.1.0).cmp(&(b.0, a.1.0)));
    edits.dedup();
    for file in [README, CALIBRATION, PRESETS_RS] {
        let mut text = src.file(file).to_string();
        let mut last = usize::MAX;
        let mut n = 0;
        for (_, (a, b), new) in edits.iter().filter(|e| e.0 == file) {
            if *b > last {
                bail!("{file}: overlapping edits at byte {a}");
            }
            text.replace_range(a..b, new);
            last = *a;
            n += 1;
        }
        if n > 0 {
            crate::io::write_out(&root.join(file), text.as_bytes())?;
            println!("{file}: {n} figures rewritten");
        }
    }
    Ok(())
}

pub fn gallery(a: GalleryArgs) -> Result<()> {
    if let Some(n) = a.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global()
            .ok();
    }
    let all: Vec<&str> = figures::TARGETS.iter().map(|t| t.0).collect();
    for t in &a.only {
        if !all.contains(&t.as_str()) {
            bail!("--only: no target {t:?} (targets: {})", all.join(", "));
        }
    }
    let selected: Vec<&str> = if a.only.is_empty() {
        all.clone()
    } else {
        all.iter()
            .copied()
            .filter(|t| a.only.iter().any(|o| o == t))
            .collect()
    };
    let src = Sources::read(&a.root)?;
    let f = figures::compute(&a.only)?;
    println!("Figures (the runs behind them: docs/calibration.md, \"Checked figures\"):");
    for (k, v) in &f {
        println!("  {k:<20} {v}");
    }
    let out = check(&src, &f, &selected)?;
    if out.failures.is_empty() {
        println!("\nAll {} quoted figures agree with the runs.", out.checked);
        return Ok(());
    }
    println!("\nDisagreements:");
    for x in &out.failures {
        println!("  {x}");
    }
    if a.write {
        let n = out.edits.len();
        write_edits(&a.root, &src, out.edits)?;
        println!(
            "\n{n} figures rewritten; rebuild and run `wakelab gallery --check`: whatever it \
             still reports (a verdict, a figure without a claim) needs editing by hand."
        );
        return Ok(());
    }
    if a.check {
        bail!(
            "{} quoted figures disagree with the runs",
            out.failures.len()
        );
    }
    Ok(())
}

/// `wakelab presets`: the gallery with what Wakelab shows and which published results were
/// used to set parameters, then the machine presets.
pub fn print_presets() -> Result<()> {
    use std::fmt::Write as _;
    let mut o = String::from("Experiments (wakelab run --preset ID):\n");
    for p in presets::gallery() {
        writeln!(o, "  {:<10} {}", p.id, p.title)?;
        if !p.model.is_empty() {
            writeln!(o, "  {:<10} {}", "", p.model)?;
        }
        for line in p.results_text().lines() {
            writeln!(o, "  {:<10} - {line}", "")?;
        }
    }
    o.push_str("\nMachines:\n");
    for m in presets::machine_ids() {
        writeln!(o, "  {m}")?;
    }
    crate::io::emit(&o)
}

/// `wakelab show ID`: a gallery experiment as JSON, or else a machine preset (the
/// `scenario.machine` section) as JSON. An unknown id gets both lists.
pub fn show_preset(id: &str) -> Result<String> {
    let json = if let Some(e) = presets::experiment(id) {
        serde_json::to_string_pretty(&e)?
    } else if let Some(m) = presets::machine(id) {
        serde_json::to_string_pretty(&m)?
    } else {
        let experiments: Vec<&str> = presets::gallery().iter().map(|g| g.id).collect();
        bail!(
            "no preset {id:?}; experiments: {}; machines: {}",
            experiments.join(", "),
            presets::machine_ids().join(", ")
        );
    };
    Ok(json + "\n")
}
