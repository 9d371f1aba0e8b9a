//! What a kernel baseline is made of: its version ([`KernelVersion`]), the sched features
//! ([`features`]) and the seed patches that can be toggled over it ([`patches`]), resolved into
//! the flat [`Behaviour`] the placement code reads, and where the asymmetric-capacity domain flag
//! comes from ([`TopologyFlags`]).

mod error;
pub mod features;
pub mod patches;
pub mod topology_flags;
mod version;

pub use error::KernelError;
pub use features::{FeatureOverrides, SchedFeature};
pub use patches::{Behaviour, KernelConfig, PATCHES, PatchId, PatchInfo, PatchSet};
pub use topology_flags::TopologyFlags;
pub use version::KernelVersion;
