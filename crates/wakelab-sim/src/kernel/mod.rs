//! What a kernel baseline is made of: its version ([`KernelVersion`]), the sched features
//! ([`features`]) and the seed patches that can be toggled over it ([`patches`]), resolved into
//! the flat [`Behaviour`] the placement code reads.

pub mod features;
pub mod patches;
mod version;

pub use features::{FeatureOverrides, SchedFeature};
pub use patches::{Behaviour, KernelConfig, PATCHES, PatchId, PatchInfo, PatchSet};
pub use version::KernelVersion;
