//! Native half of the determinism-across-targets check: the point results of every gallery
//! preset equal `tests/golden/points.txt` byte for byte; `tests/web.rs` checks the wasm build
//! against the same file in headless Chromium.
#![cfg(not(target_arch = "wasm32"))]

#[path = "support/golden_points.rs"]
mod golden_points;

#[test]
fn native_point_results_equal_the_golden_file() {
    expect_test::expect_file!["golden/points.txt"].assert_eq(&golden_points::render());
}
