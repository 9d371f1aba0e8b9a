//! What a kernel baseline is made of: its version ([`KernelVersion`]), the sched features
//! ([`SchedFeature`], [`FeatureOverrides`]) and the seed patches that can be toggled over it
//! ([`PatchId`], [`PATCHES`]), resolved into
//! the flat [`Behaviour`] the placement code reads, and where the asymmetric-capacity domain flag
//! comes from ([`TopologyFlags`]).

mod error;
pub(crate) mod features;
pub(crate) mod patches;
pub(crate) mod topology_flags;
mod version;

pub use error::KernelError;
pub use features::{FeatureOverrides, SchedFeature};
pub use patches::{Behaviour, KernelConfig, PATCHES, PatchId, PatchInfo, PatchSet};
pub use topology_flags::TopologyFlags;
pub use version::KernelVersion;
