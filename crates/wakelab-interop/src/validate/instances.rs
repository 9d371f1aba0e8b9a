//! The same benchmarks recorded on two instances of the host (`wakelab validate --against`):
//! how far the real rows themselves move between two machines of one kind, next to the rows the
//! expected-miss list gives up on. No model runs: each benchmark's rows are the first
//! instance's recording against the second's, with the model tables' 2x rule.

use std::fmt::Write as _;

use super::{Line, Miss, OFF_FACTOR, Verdict, fmt_value, miss_for, sig3};

/// One benchmark recorded on both instances: `lines[i].real` is the first instance's value,
/// `lines[i].model` the second's.
#[derive(Clone, Debug)]
pub struct InstancePair {
    pub name: String,
    pub lines: Vec<Line>,
}

/// The comparison as Markdown: a count per benchmark (rows defined on either instance, rows
/// more than [`OFF_FACTOR`] apart, and how many of each are listed in `misses` as model
/// misses), then every row that differs, with its two values.
pub fn instances_markdown(pairs: &[InstancePair], misses: &[Miss], a: &str, b: &str) -> String {
    let mut o = String::new();
    let mut rows = Vec::new();
    let mut details = String::new();
    let mut total = [0usize; 4];
    for p in pairs {
        let mut n = [0usize; 4];
        for l in &p.lines {
            let verdict = l.verdict();
            if verdict == Verdict::Undefined {
                continue;
            }
            let listed = miss_for(misses, &p.name, &l.label).is_some();
            let differs = verdict == Verdict::Off;
            n[0] += 1;
            n[1] += usize::from(differs);
            n[2] += usize::from(differs && listed);
            n[3] += usize::from(listed);
            if differs {
                let _ = writeln!(
                    details,
                    "- {}: `{}` {} -> {} ({}){}",
                    p.name,
                    l.label,
                    fmt_value(l.real, l.unit),
                    fmt_value(l.model, l.unit),
                    l.ratio().map_or("—".into(), sig3),
                    if listed { " *" } else { "" }
                );
            }
        }
        for (t, x) in total.iter_mut().zip(n) {
            *t += x;
        }
        rows.push(format!(
            "| {} | {} | {} | {} | {} |",
            p.name, n[0], n[1], n[2], n[3]
        ));
    }
    let _ = writeln!(
        o,
        "{} recordings on both instances ({a} and {b}): {} rows, {} of them more than \
         {OFF_FACTOR}x apart between the two; {} rows are listed as model misses, {} of them \
         among those.\n",
        pairs.len(),
        total[0],
        total[1],
        total[3],
        total[2]
    );
    let _ = writeln!(
        o,
        "| recording | rows | apart by > {OFF_FACTOR}x | of them model misses | model misses |"
    );
    let _ = writeln!(o, "|---|--:|--:|--:|--:|");
    for r in rows {
        let _ = writeln!(o, "{r}");
    }
    let _ = writeln!(
        o,
        "| all | {} | {} | {} | {} |\n",
        total[0], total[1], total[2], total[3]
    );
    if !details.is_empty() {
        let _ = writeln!(
            o,
            "The rows more than {OFF_FACTOR}x apart ({a} -> {b}, ratio; `*` listed as a model \
             miss):\n"
        );
        o.push_str(&details);
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::Unit;

    fn line(label: &str, a: f64, b: f64) -> Line {
        Line {
            label: label.into(),
            unit: Unit::Micros,
            real: Some(a),
            model: Some(b),
            model_range: None,
        }
    }

    #[test]
    fn rows_apart_are_counted_and_listed_with_their_misses() {
        let pairs = [InstancePair {
            name: "x-c1".into(),
            lines: vec![
                line("x: sleep p50", 10.0, 25.0),
                line("x: burst p50 (wake-up to block)", 10.0, 12.0),
                line("x: burst p90", 10.0, 4.0),
            ],
        }];
        let misses = super::super::parse_misses("x-c1\tx: burst p90\tsome reason\n").unwrap();
        let md = instances_markdown(&pairs, &misses, "A", "B");
        expect_test::expect![[r#"
            1 recordings on both instances (A and B): 3 rows, 2 of them more than 2x apart between the two; 1 rows are listed as model misses, 1 of them among those.

            | recording | rows | apart by > 2x | of them model misses | model misses |
            |---|--:|--:|--:|--:|
            | x-c1 | 3 | 2 | 1 | 1 |
            | all | 3 | 2 | 1 | 1 |

            The rows more than 2x apart (A -> B, ratio; `*` listed as a model miss):

            - x-c1: `x: sleep p50` 10.0 µs -> 25.0 µs (2.50)
            - x-c1: `x: burst p90` 10.0 µs -> 4.00 µs (0.400) *
        "#]]
        .assert_eq(&md);
    }
}
