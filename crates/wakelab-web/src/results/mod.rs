//! The results side beyond the main chart, as plain Rust (tested natively): residency and
//! wake-up latency histograms of a chosen point ([`histograms`]), energy and performance per
//! watt against client count ([`power`]), measured results overlaid on the simulated ones
//! ([`measured`]), Perfetto trace export run by the worker ([`trace`]), the view a link carries
//! ([`view`]) and the timeline's zoom and pan ([`zoom`]). The DOM side is
//! `results_ui` (wasm only).

pub mod histograms;
pub mod mail;
pub mod measured;
pub mod power;
pub mod trace;
pub mod view;
pub mod zoom;

/// Tick marks for a client-count axis: every count (thinned to about 12 labels) and whether
/// to use a log2 scale (wide ranges such as 1..320), as the main results chart does.
pub fn client_ticks(counts: &[u32]) -> (Vec<(f64, String)>, bool) {
    let mut ticks: Vec<u32> = counts.iter().copied().filter(|&c| c > 0).collect();
    ticks.sort_unstable();
    ticks.dedup();
    let step = ticks.len().div_ceil(12).max(1);
    let labels = ticks
        .iter()
        .enumerate()
        .filter(|(i, _)| i % step == 0 || *i == ticks.len() - 1)
        .map(|(_, &c)| (c as f64, c.to_string()))
        .collect();
    let log2 = ticks.last().copied().unwrap_or(1) >= 16;
    (labels, log2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_sorted_thinned_and_log2_for_wide_ranges() {
        let (t, log2) = client_ticks(&[8, 1, 2, 4, 2]);
        assert_eq!(
            t.iter().map(|t| t.1.as_str()).collect::<Vec<_>>(),
            ["1", "2", "4", "8"]
        );
        assert!(!log2);
        let many: Vec<u32> = (1..=30).collect();
        let (t, log2) = client_ticks(&many);
        assert!(t.len() <= 16 && t.last().unwrap().1 == "30", "{t:?}");
        assert!(log2);
    }
}
