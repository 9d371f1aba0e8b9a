//! What a kernel baseline is made of: its version ([`KernelVersion`]), and (see the placement
//! module) the sched features and the seed patches that can be toggled over it.

mod version;

pub use version::KernelVersion;
