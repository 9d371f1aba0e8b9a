//! Pure-JSON scheduler snapshot for `wakelab decide` (work in progress).

use serde::Serialize;

/// A frozen scheduler state (TBD).
#[derive(Clone, Debug)]
pub struct Snapshot;

/// Output of `decide_json` (TBD).
#[derive(Clone, Debug, Serialize)]
pub struct DecideOutput;

/// Decide one placement from a JSON snapshot.
pub fn decide_json(_input: &str) -> Result<DecideOutput, String> {
    Err("not implemented yet".into())
}

/// Readable trace of a decision.
pub fn render_text(_o: &DecideOutput) -> String {
    String::new()
}
