//! Where SD_ASYM_CPUCAPACITY comes from on a machine with CPUs of different capacity: a kernel
//! option, because mainline and the Android kernels measured on phones differ (issue 24).
//!
//! * Mainline 4.15 / 4.16: no architecture sets the flag (arch/ never returns it from a
//!   topology level's `sd_flags`); `sd_init` only reacts to it. So no level has it, and no level
//!   gets the SD_BALANCE_WAKE that `sd_init` adds below an asymmetric level.
//! * Mainline 4.20-5.13 (5.10-5.12 here): `build_sched_domains` detects it,
//!   `asym_cpu_capacity_level()` (05484e098448 "sched/topology: Add SD_ASYM_CPUCAPACITY flag
//!   detection", Morten Rasmussen): the lowest topology level at which every CPU sees the
//!   highest capacity it will ever see. 5.x `sd_init` no longer adds SD_BALANCE_WAKE.
//! * Mainline 5.14+ (5.15 here): `asym_cpu_capacity_classify()` flags every level spanning more
//!   than one capacity; the lowest spanning all of them is `sd_asym_cpucapacity`.
//! * Android/EAS kernels (android-4.4 / 4.9 / 4.14 with the EAS patch set): Morten Rasmussen's
//!   2016 "arm64: Set SD_ASYM_CPUCAPACITY topology flag for asymmetric cpu capacity systems" sets
//!   it from the DT capacities at the DIE level, and 4.x `sd_init` then gives that level and every
//!   level below SD_BALANCE_WAKE. The model puts it on the lowest level spanning CPUs of
//!   different capacity (DIE on every modelled machine whose clusters are of one capacity).

use serde::{Deserialize, Serialize};

/// The rule that sets SD_ASYM_CPUCAPACITY (kebab-case in files and links).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TopologyFlags {
    /// Mainline rules of the version: none on 4.15/4.16, `asym_cpu_capacity_level` from 4.20.
    #[default]
    Mainline,
    /// Android/EAS topology flags: the flag on the lowest mixed-capacity level (arm64's DIE),
    /// with SD_BALANCE_WAKE on it and below on 4.x.
    AndroidEas,
}

impl TopologyFlags {
    pub const ALL: [TopologyFlags; 2] = [TopologyFlags::Mainline, TopologyFlags::AndroidEas];

    /// The name in scenario files and links.
    pub fn key(self) -> &'static str {
        match self {
            TopologyFlags::Mainline => "mainline",
            TopologyFlags::AndroidEas => "android-eas",
        }
    }

    /// A short label for the UI.
    pub fn label(self) -> &'static str {
        match self {
            TopologyFlags::Mainline => "Mainline rules of the version",
            TopologyFlags::AndroidEas => "Android/EAS topology flags",
        }
    }

    pub fn is_mainline(&self) -> bool {
        *self == TopologyFlags::Mainline
    }
}
