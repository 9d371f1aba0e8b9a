//! Messages between the page (main thread) and the simulation Web Worker.
//!
//! These are dedicated wire types, never the core's internal types: the core may change its
//! structs freely, and only [`crate::demo`] has to follow. Every message travels in an
//! [`Envelope`] carrying [`DTO_VERSION`]; a receiver rejects a version it does not know (the
//! page and the worker come from one build, so a mismatch means a stale cached file).
//! Encoded with serde-wasm-bindgen as plain JS objects; keep integers below 2^53 (u32 seeds).

use serde::{Deserialize, Serialize};

/// Version of every message type in this module. Bump on any incompatible change.
pub const DTO_VERSION: u32 = 1;

/// A versioned message.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Envelope<T> {
    pub v: u32,
    pub msg: T,
}

impl<T> Envelope<T> {
    pub fn new(msg: T) -> Envelope<T> {
        Envelope {
            v: DTO_VERSION,
            msg,
        }
    }

    /// The message, if the envelope has the version this build speaks.
    pub fn open(self) -> Result<T, String> {
        if self.v == DTO_VERSION {
            Ok(self.msg)
        } else {
            Err(format!(
                "message version {} but this page speaks version {DTO_VERSION}; reload the page",
                self.v
            ))
        }
    }
}

/// Page -> worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToWorker {
    /// Compute the PELT utilisation demo.
    RunUtilTrace(UtilTraceRequest),
}

/// Worker -> page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum FromWorker {
    /// The worker's wasm is loaded and its message handler installed; sent once, first.
    Ready,
    UtilTrace(UtilTraceResult),
    Error {
        message: String,
    },
}

/// `util_avg` of periodic tasks with the given duty cycles (percent of each period running).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UtilTraceRequest {
    pub duty_pcts: Vec<u32>,
    pub period_ms: u32,
    pub duration_ms: u32,
    pub step_ms: u32,
}

impl Default for UtilTraceRequest {
    /// The page's default scenario.
    fn default() -> Self {
        UtilTraceRequest {
            duty_pcts: vec![25, 50, 75],
            period_ms: 10,
            duration_ms: 400,
            step_ms: 1,
        }
    }
}

/// One curve of a [`UtilTraceResult`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UtilCurve {
    pub duty_pct: u32,
    /// Sample times, ms.
    pub t_ms: Vec<f64>,
    /// `util_avg` at each sample, 0..=1024.
    pub util: Vec<u32>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UtilTraceResult {
    pub request: UtilTraceRequest,
    pub curves: Vec<UtilCurve>,
    /// Wall-clock time the worker spent computing, ms (measured by the worker, not the core).
    pub elapsed_ms: f64,
}
