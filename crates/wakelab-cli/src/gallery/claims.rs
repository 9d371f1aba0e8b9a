//! The claims: every figure the prose quotes, as a template over the computed figures
//! (`figures.rs` says which run each comes from; docs/calibration.md, "Checked figures").

/// Where a claim is quoted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Doc {
    /// A gallery preset's `model` text (presets.rs).
    Gallery(&'static str),
    /// README.md's "How far the seed experiments are reproduced" table, the preset's row (its
    /// Wakelab cell).
    Readme(&'static str),
    /// docs/calibration.md's "Status at a glance" table, the target's row (status and what a
    /// miss needs).
    Status(&'static str),
    /// A region of docs/calibration.md between `<!-- checked:NAME -->` and
    /// `<!-- /checked:NAME -->`.
    Marked(&'static str),
}

/// One quoted figure (or several): `template` rendered with the computed figures must occur
/// verbatim in `doc`.
pub struct Claim {
    pub doc: Doc,
    pub template: &'static str,
}

const fn c(doc: Doc, template: &'static str) -> Claim {
    Claim { doc, template }
}

use Doc::{Gallery, Marked, Readme, Status};

/// The claims, grouped by target; each group's figures come from one step of `figures.rs`.
pub const CLAIMS: &[Claim] = &[
    // T1
    c(
        Gallery("t1"),
        "runs on {t1.base.cpus} of the 8 CPUs, each about {t1.base.busy} busy, and HWP holds \
         every core at about {t1.base.mhz} MHz; with it {t1.patched.cpus} CPUs about \
         {t1.patched.busy} busy run at about {t1.patched.ghz} GHz.",
    ),
    c(
        Gallery("t1"),
        "gains {t1.gain.1} at 1 client, {t1.gain.2} at 2 and {t1.gain.4} at 4 (published \
         {pub.t1.1}, {pub.t1.2}, {pub.t1.4}).",
    ),
    c(
        Gallery("t1"),
        "At 8 and 64 clients, a prediction: {t1.gain.8} and {t1.gain.64} (published \
         {pub.t1.8}, {pub.t1.64})",
    ),
    c(
        Readme("t1"),
        ": {t1.gain.1} / {t1.gain.2} / {t1.gain.4}, the bar",
    ),
    c(
        Readme("t1"),
        "met: {t1.gain.8} / {t1.gain.64} at 8 / 64 clients",
    ),
    c(Readme("t1"), "({t1.base.cpus} CPUs -> {t1.patched.cpus})"),
    c(
        Status("T1"),
        "met ({t1.gain.1} / {t1.gain.2} / {t1.gain.8} / {t1.gain.64} at 1 / 2 / 8 / 64 \
         clients; {t1.base.cpus} CPUs -> {t1.patched.cpus})",
    ),
    c(
        Marked("t1"),
        "| 1 | {pub.t1.1} | {t1.gain.1} | calibration |",
    ),
    c(
        Marked("t1"),
        "| 2 | {pub.t1.2} | {t1.gain.2} | calibration |",
    ),
    c(
        Marked("t1"),
        "| 4 | {pub.t1.4} | {t1.gain.4} | calibration |",
    ),
    c(
        Marked("t1"),
        "| 8 | {pub.t1.8} | {t1.gain.8} | prediction |",
    ),
    c(
        Marked("t1"),
        "| 64 | {pub.t1.64} | {t1.gain.64} | prediction |",
    ),
    c(
        Marked("t1"),
        "runs on {t1.base.cpus} of the 8 CPUs, each about {t1.base.busy} busy, and HWP keeps \
         every core near the most efficient ratio (about {t1.base.mhz} MHz); with it the client \
         alternates between {t1.patched.cpus} CPUs, each about {t1.patched.busy} busy, running \
         at about {t1.patched.ghz} GHz.",
    ),
    c(Marked("runs"), "- t1: {t1.runs};"),
    // T2
    c(
        Gallery("t2"),
        "migrate less ({t2.migrations} over the preset's runs, {t2.migr.base} -> \
         {t2.migr.patched}; published about -10%)",
    ),
    c(
        Gallery("t2"),
        "dbench gains {t2.gain.min} to {t2.gain.max}, a",
    ),
    c(Readme("t2"), "migrations {t2.migrations};"),
    c(
        Readme("t2"),
        "rises {t2.gain.min}..{t2.gain.max} (not published",
    ),
    c(Status("T2"), "migrations {t2.migrations} (dbench-ext4)"),
    c(Status("T2"), "({t2.gain.min}..{t2.gain.max}, not published"),
    c(
        Marked("t2"),
        "{t2.migr.base} -> {t2.migr.patched} over the preset's runs: {t2.migrations}, \
         published about -10%.",
    ),
    c(
        Marked("t2-dbench"),
        "{t2.gain.min} to {t2.gain.max} (1 client {t2.mbs.base.1} -> {t2.mbs.patched.1} MB/s)",
    ),
    c(Marked("runs"), "- t2: {t2.runs};"),
    // T2 pgbench
    c(
        Gallery("t2-pgbench"),
        "The runs are {t2pg.identical}: every client count is within {t2pg.maxabs}, because",
    ),
    c(
        Gallery("t2-pgbench"),
        "from 7 to 16 clients the baseline gains {t2pg.7to16}, published {pub.t2pg.7to16}) at \
         {t2pg.ratio.min}x to {t2pg.ratio.max}x its tps",
    ),
    c(
        Readme("t2-pgbench"),
        "within {t2pg.maxabs} ({t2pg.identical} runs",
    ),
    c(Status("T2"), "neutral (within {t2pg.maxabs},"),
    c(Marked("runs"), "- t2-pgbench: {t2pg.runs}."),
    // T3
    c(
        Gallery("t3"),
        "reproduce the {pub.t3.gain.64} at 64 clients (a prediction, not met): over the \
         preset's runs every client count is within {t3.maxabs}, {t3.gain.64} at 64 clients.",
    ),
    c(
        Gallery("t3"),
        "64 clients keep about {t3.busy.64} of the CPUs busy",
    ),
    c(
        Gallery("t3"),
        "(64 clients: {t3.scale}x one client, published {pub.t3.scale}x)",
    ),
    c(
        Readme("t3"),
        "within {t3.maxabs} everywhere, {t3.gain.64} at 64 clients",
    ),
    c(
        Status("T3"),
        "not met (within {t3.maxabs}, {t3.gain.64} at 64 clients)",
    ),
    c(
        Status("T3"),
        "scales {t3.scale}x from 1 to 64 clients, the published machine {pub.t3.scale}x",
    ),
    c(
        Marked("t3"),
        "Within {t3.maxabs} at every client count of the preset's runs, {t3.gain.64} at 64 \
         clients, where {t3.busy.64} of the CPUs are busy; the published {pub.t3.gain.64} at 64 \
         clients",
    ),
    c(
        Marked("t3-level"),
        "baseline Hmean in MB/s over the preset's runs: 1 client {t3.mbs.1} (published \
         {pub.t3.mbs.1}), 8 clients {t3.mbs.8} ({pub.t3.mbs.8}), 64 clients {t3.mbs.64} \
         ({pub.t3.mbs.64}), 128 clients {t3.mbs.128} ({pub.t3.mbs.128}). At 8 clients the \
         model is {t3.vs.pub.8} against the published figure; at 64 clients it is \
         {t3.x.pub.64}x",
    ),
    c(Marked("runs"), "- t3: {t3.runs}."),
    // T4
    c(
        Gallery("t4"),
        "Recent Used Hit rises from {t4.hits.base} to about {t4.hits.patched} and the Recent \
         Success Rate from {t4.rsr.base} to {t4.rsr.patched} (published {pub.t4.rsr}).",
    ),
    c(
        Gallery("t4"),
        "Domain Scanned moves {t4.dscan} over the preset (published {pub.t4.dscan}; \
         {t4.dscan.64} at 64 clients alone)",
    ),
    c(
        Gallery("t4"),
        "Search Efficiency {t4.se.dir} ({t4.se.base} -> {t4.se.patched}; published \
         {pub.t4.se.base} -> {pub.t4.se.patched})",
    ),
    c(
        Gallery("t4"),
        "Domain Search Efficiency {t4.dse.dir} ({t4.dse.base} -> {t4.dse.patched}) where the \
         published one rises ({pub.t4.dse.base} -> {pub.t4.dse.patched})",
    ),
    c(
        Gallery("t4"),
        "(Domain Search {t4.dsearch}, Domain Scanned {t4.dscan})",
    ),
    c(
        Gallery("t4"),
        "Domain Search moved only {pub.t4.dsearch} while Domain Scanned moved {pub.t4.dscan},",
    ),
    c(
        Gallery("t4"),
        "Throughput stays within {t4.gain.min} to {t4.gain.max} (published {pub.t4.gain.min} \
         to {pub.t4.gain.max} at 8 clients and above;",
    ),
    c(
        Readme("t4"),
        "hits x10^{t4.hits.ratio} and Recent Success {t4.rsr.base} -> {t4.rsr.patched} met;",
    ),
    c(
        Readme("t4"),
        "Domain Scanned {t4.dscan} ({t4.dscan.64} at 64 clients) and Domain Search Efficiency \
         {t4.dse.dir},",
    ),
    c(
        Readme("t4"),
        "throughput {t4.gain.min}..{t4.gain.max}, not met",
    ),
    c(
        Status("T4"),
        "Domain Scanned {t4.dscan} over the preset ({t4.dscan.64} at 64 clients), Search \
         Efficiency {t4.se.base} -> {t4.se.patched}, Domain Search Efficiency {t4.dse.dir}:",
    ),
    c(
        Status("T4"),
        "throughput not met ({t4.gain.min}..{t4.gain.max})",
    ),
    c(
        Marked("t4"),
        "Recent Used Hit {t4.hits.base} -> {t4.hits.patched} (rounded), Recent Success Rate \
         {t4.rsr.base} -> {t4.rsr.patched} (published {pub.t4.rsr}), Domain Scanned {t4.dscan} \
         (published {pub.t4.dscan}; {t4.dscan.64} at 64 clients alone), Domain Search \
         {t4.dsearch} (published {pub.t4.dsearch}), Search Efficiency {t4.se.base} -> \
         {t4.se.patched} (published {pub.t4.se.base} -> {pub.t4.se.patched}), Domain Search \
         Efficiency {t4.dse.base} -> {t4.dse.patched} (published {pub.t4.dse.base} -> \
         {pub.t4.dse.patched}): it {t4.dse.dir} where",
    ),
    c(
        Marked("t4"),
        "Throughput {t4.gain.min} to {t4.gain.max} (published {pub.t4.gain.min} to \
         {pub.t4.gain.max} at 8 clients and above).",
    ),
    c(
        Marked("t4-search"),
        "In the model the domain searches are about as long as the published ones \
         ({t4.rq.per.dsearch} runqueues per domain search in the preset's base runs, published \
         {pub.t4.rq.per.dsearch})",
    ),
    c(Marked("runs"), "- t4: {t4.runs};"),
    // T5
    c(
        Gallery("t5"),
        "{t5.class.1} at 8 tasks, {t5.class.2} at 16 and {t5.class.4} at 32 ({t5.gain.1} ± {t5.se.1} / {t5.gain.2} ± {t5.se.2} / {t5.gain.4} ± \
         {t5.se.4}; published +30.7% / -1% / +11.6%)",
    ),
    c(
        Readme("t5"),
        "{t5.class.1} at 8 tasks, {t5.class.2} at 16 and {t5.class.4} at 32 ({t5.gain.1} ± {t5.se.1} / {t5.gain.2} ± {t5.se.2} / {t5.gain.4} ± \
         {t5.se.4})",
    ),
    c(
        Status("T5"),
        "not met ({t5.class.1} at 8 tasks, {t5.class.2} at 16 and {t5.class.4} at 32: {t5.gain.1} ± {t5.se.1} / {t5.gain.2} ± {t5.se.2} / \
         {t5.gain.4} ± {t5.se.4})",
    ),
    c(
        Marked("t5"),
        "| 8 | +30.7% | {t5.s.base.1} -> {t5.s.patched.1}, {t5.gain.1} |",
    ),
    c(
        Marked("t5"),
        "| 16 | -1% | {t5.s.base.2} -> {t5.s.patched.2}, {t5.gain.2} |",
    ),
    c(
        Marked("t5"),
        "| 32 | +11.6% | {t5.s.base.4} -> {t5.s.patched.4}, {t5.gain.4} |",
    ),
    c(Marked("runs"), "- t5: {t5.runs}."),
];

/// Digits a checked text may hold outside every claim: published figures the gallery's data
/// does not give, and fixed quantities (a machine's size, a window, a loop count), verbatim.
pub const FIXED: &[(Doc, &str)] = &[
    (Gallery("t1"), "In 100 ms of"),
    (Gallery("t2"), "The published -10%"),
    (Gallery("t2"), "on 8 cores without SMT"),
    (Gallery("t2-pgbench"), "the published 1-client rate"),
    (Gallery("t2-pgbench"), "(4 cores x 2 threads"),
    (Gallery("t5"), "mainline 4.15"),
    (
        Gallery("t5"),
        "Its 32 tasks run 50 000 loops like the others (published: 20 000)",
    ),
    (Readme("t1"), "against 1-4 clients"),
    (Readme("t2-pgbench"), "the published 1-client rate"),
    (Status("T1"), "1-4 clients set"),
    (
        Status("T1"),
        "on a 4.15 machine with an SSD (the recordings' rate is a 6.18 kernel on a loop device) \
         and the EPP 128 curve",
    ),
    (Status("T3"), "tbench at 64 clients on a 2-socket machine"),
    (Status("T5"), "mainline 4.15"),
    (Marked("t1"), "in 100 ms of"),
    (
        Marked("runs"),
        "from 100 ms (100-200 ms) of one 300 ms run at 1 client",
    ),
];

#[cfg(test)]
mod tests {
    use super::super::{figures, quote};
    use super::*;

    /// Every template parses, has a figure, ends in text (so its last figure is delimited) and
    /// names only figures of a known target.
    #[test]
    fn claims_are_well_formed() {
        for c in CLAIMS {
            let parts = quote::parse(c.template).unwrap();
            assert!(
                matches!(parts.last(), Some(quote::Part::Lit(_))),
                "{:?} {:?}: a template ends in text",
                c.doc,
                c.template
            );
            let keys: Vec<&str> = parts
                .iter()
                .filter_map(|p| match p {
                    quote::Part::Key(k) => Some(*k),
                    quote::Part::Lit(_) => None,
                })
                .collect();
            assert!(!keys.is_empty(), "{:?}: no figure", c.template);
            for k in keys {
                assert!(
                    !figures::target_of(k).is_empty(),
                    "{k}: no target computes it"
                );
            }
        }
    }
}
