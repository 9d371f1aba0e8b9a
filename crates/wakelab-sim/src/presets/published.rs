//! The published tables the gallery quotes (targets.md T1-T5), typed once: (clients or
//! operations, baseline, patched) rows as the postings print them, and the T4 posting's SIS
//! schedstats. `presets::gallery()` reads them; wakelab-stats' layout tests include this file
//! (`#[path]`) to check that they render as the postings did, and wakelab-interop's tests read
//! them through `gallery()`.

use wakelab_stats::SisCounters;

/// T1, dbench (XFS) Hmean MB/s: 4.15 + prev-idle -> + recent_used_cpu.
pub const T1_DBENCH: &[(u32, f64, f64)] = &[
    (1, 287.54, 817.01),
    (2, 1268.12, 1781.24),
    (4, 1739.68, 1594.47),
    (8, 2464.12, 2479.56),
    (64, 1455.57, 1434.68),
];

/// T2, pgbench select-only tps Hmean on a UMA machine.
pub const T2_PGBENCH: &[(u32, f64, f64)] = &[
    (1, 22096.28, 22734.86),
    (4, 74633.42, 75496.77),
    (7, 115017.50, 113030.81),
    (12, 126209.63, 126613.40),
    (16, 131886.91, 130844.35),
];

/// T3, tbench Hmean MB/s on clx-2s-80t: 5.10-rc6 schedstat -> idlecandidate.
pub const T3_TBENCH: &[(u32, f64, f64)] = &[
    (1, 500.06, 505.67),
    (2, 975.90, 974.06),
    (4, 1902.95, 1904.43),
    (8, 3761.73, 3721.02),
    (16, 6713.93, 6769.17),
    (32, 10435.31, 10312.58),
    (64, 12325.51, 13792.01),
    (128, 21225.21, 20963.44),
    (256, 20532.83, 20335.62),
    (320, 20334.81, 20147.25),
];

/// T4, tbench Hmean MB/s on clx-2s-80t: idlecandidate -> altrecent (do not replace
/// recent_used_cpu).
pub const T4_TBENCH: &[(u32, f64, f64)] = &[
    (1, 505.67, 501.34),
    (2, 974.06, 981.39),
    (4, 1904.43, 1926.13),
    (8, 3721.02, 3799.86),
    (16, 6769.17, 6938.40),
    (32, 10312.58, 10632.11),
    (64, 13792.01, 13670.17),
    (128, 20963.44, 21456.33),
    (256, 20335.62, 21070.24),
    (320, 20147.25, 20624.92),
];

/// T4, Mel Gorman's posting of the patch: SIS schedstats over the whole tbench run
/// (idlecandidate, altrecent).
pub const T4_SIS: [SisCounters; 2] = [
    SisCounters {
        sis_search: 5_653_107_942,
        sis_domain_search: 3_365_067_916,
        sis_scanned: 112_173_512_543,
        sis_failed: 2_923_185_114,
        sis_recent_hit: 56_547,
        sis_recent_miss: 1_590_899_250,
    },
    SisCounters {
        sis_search: 5_726_545_742,
        sis_domain_search: 3_319_768_543,
        sis_scanned: 99_194_352_541,
        sis_failed: 2_950_166_441,
        sis_recent_hit: 118_064_916,
        sis_recent_miss: 354_942_791,
    },
];

/// T5, hackbench mean seconds (lower is better) on pixel2, rows 1, 2 and 4 (the 8, 16 and 32
/// tasks of the gallery's text): without -> with RT/IRQ pressure in capacity_spare_wake.
pub const T5_HACKBENCH: &[(u32, f64, f64)] = &[
    (1, 1.0534, 0.7293),
    (2, 1.6219, 1.6391),
    (4, 1.2538, 1.1080),
];
