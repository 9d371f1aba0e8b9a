//! A kernel configuration that is refused ([`KernelError`]): a patch that does not apply to the
//! version, a missing dependency, two patches that exclude each other, an unknown sched feature.

use super::KernelVersion;

/// Why a [`super::KernelConfig`] is refused. `Display` names the field from `kernel.` on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KernelError {
    /// `patch` (its key) is part of `version` already, or does not apply to it.
    #[error(
        "kernel.patches: {patch:?} cannot be applied to {version} (already part of it or not \
         applicable); it applies to {applies_to}"
    )]
    NotApplicable {
        patch: &'static str,
        version: KernelVersion,
        /// The versions it applies to, comma-separated.
        applies_to: String,
    },
    /// On `version`, `patch` needs `requires` (both keys; `PatchId::requires`).
    #[error(
        "kernel.patches: {patch:?} on {version} requires {requires:?} (it is posted on top of \
         that patch, which {version} does not contain)"
    )]
    Requires {
        patch: &'static str,
        version: KernelVersion,
        requires: &'static str,
    },
    /// Two patches that cannot be enabled together; the text names both and says why.
    #[error("kernel.patches: {0}; enable at most one")]
    Exclusive(&'static str),
    /// An override of a sched feature (its name) that `version` does not have.
    #[error("kernel.features.{feature}: this sched feature does not exist in {version}")]
    UnknownFeature {
        feature: &'static str,
        version: KernelVersion,
    },
}
