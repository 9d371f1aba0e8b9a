//! A recorded benchmark and the model's version of it: which workload, how many clients, on
//! which machine, and how the model's task names map onto the comm groups of the real trace.
//!
//! The recording's name says what ran (`scripts/record-benchmarks.sh` names them
//! `tbench-c2`, `hackbench-pipe-thread-g3`, `pgbench-rw-c4`, `dbench-xfs-c1`, ...); the
//! benchmark command line in the recording's metadata is checked against it, so a renamed or
//! changed recording is an error, not a silently wrong comparison.

use serde::Deserialize;

use wakelab_sim::kernel::{KernelConfig, KernelVersion, PatchId};
use wakelab_sim::presets;
use wakelab_sim::scenario::{Experiment, Variant};
use wakelab_sim::workload::WorkloadConfig;

/// The machine preset shaped like the recording host (`presets::machine`).
pub const HOST_MACHINE: &str = "epyc-kvm-2vcpu";
/// The kernel the model runs for a recording made on `recorded` (`host.kernel`, as `uname -r`
/// gives it: `6.18.44-fc-v1045`, `6.1.0-57-cloud-amd64`): the newest version Wakelab models that
/// is not newer than it. The recording host's 6.18 runs as 6.18 (EEVDF); the CFS guest's 6.1 as
/// 5.15, the newest CFS kernel modelled. A kernel older than every modelled one, or a release
/// that does not parse, runs as the oldest / the newest modelled version respectively.
pub fn model_kernel(recorded: &str) -> KernelVersion {
    let mut parts = recorded.split(|c: char| !c.is_ascii_digit());
    let major = parts.next().and_then(|p| p.parse::<u32>().ok());
    let minor = parts.next().and_then(|p| p.parse::<u32>().ok());
    let (Some(major), Some(minor)) = (major, minor) else {
        return *KernelVersion::ALL.last().expect("versions");
    };
    KernelVersion::ALL
        .into_iter()
        .rfind(|v| {
            let (a, b) = v.name().split_once('.').expect("`major.minor`");
            (a.parse::<u32>().unwrap_or(0), b.parse::<u32>().unwrap_or(0)) <= (major, minor)
        })
        .unwrap_or(KernelVersion::ALL[0])
}
/// hackbench loops (`-l`) when the command line gives none: hackbench's and perf bench
/// messaging's own default. The model runs the recording's own `-l` (the recordings used
/// `-l 1000`, perf bench messaging `-l 500`) to completion, as the recording did, so
/// start-up (forking 40 tasks per group), the steady state and the tail weigh in the model's
/// run as in the recording's.
pub const DEFAULT_HACKBENCH_LOOPS: u32 = 100;

/// The simulated-time limit of a hackbench model run (ms), in place of the open-ended
/// benchmarks' `duration_ms`: the runs end when the last task exits (0.6-2.7 s of model time
/// for the 17 recordings, `-g 1` to `-g 4`); the limit only bounds a run that would not.
pub const HACKBENCH_RUN_LIMIT_MS: u64 = 5_000;

/// The value of `-l` in `cmd` (hackbench and perf bench messaging's loops), or
/// [`DEFAULT_HACKBENCH_LOOPS`].
fn hackbench_loops(cmd: &str) -> Result<u32, String> {
    match cmd.split_whitespace().skip_while(|a| *a != "-l").nth(1) {
        None => Ok(DEFAULT_HACKBENCH_LOOPS),
        Some(l) => l
            .parse()
            .ok()
            .filter(|&l| (1..=1_000_000).contains(&l))
            .ok_or_else(|| format!("`-l {l}`: expected a loop count in 1..=1000000")),
    }
}

/// The metadata of a recording (`recordings/host-2vcpu/NAME.json`); only the fields used.
#[derive(Clone, Debug, Deserialize)]
pub struct Recording {
    pub name: String,
    pub benchmark_command: String,
    /// The recorder's command line (`perf sched record -o ... -- <benchmark>`): a recording
    /// made under `perf sched record` is modelled with that observer's costs
    /// ([`PERF_SCHED_RECORD_WAKEUP_NS`]).
    #[serde(default)]
    pub record_command: String,
    pub host: Host,
}

/// What `perf sched record` (with the validation recordings' extra events,
/// scripts/record-benchmarks.sh) adds to one wake-up on the recording host, ns. **Measured**
/// (recordings/switch-cost, "3. The pieces of a hop", `derive.py`; recordings/observer):
/// `perf bench sched pipe` pinned to one vCPU took 5.37 µs per round trip untraced and 8.97 µs
/// under `perf sched record` on build v1147 (medians of 7; the validation recordings were made on
/// builds v782-v1147), 1.80 µs more per half-cycle. Counted on build v1272, a half-cycle has 0.58
/// wake-ups and 1.00 switches untraced and 0.52 and 1.00 traced (the recorder's cost changes
/// which writers are preempted); less the 0.06 fewer wake-ups (each with its empty read) that
/// leaves 1.91 µs for 0.52 wake-ups and 1.00 switches, split evenly per event (each fires two of
/// the recorder's tracepoints: `sched_waking` and `sched_wakeup`; `sched_switch` and
/// `sched_stat_runtime`): 1.26 µs each. (On v1272 the same reading gives 1.63 µs: the recorder
/// costs more on that instance.) The validation runs add it to `engine.wakeup_cost_ns`, since
/// the recordings they are compared with carry it, and the workload costs derived from those
/// recordings' CPU time subtract it (docs/workloads.md). 0.9 µs until 7 December 2026 (one
/// wake-up and one switch per half-cycle assumed).
/// Not modelled: `power:cpu_idle` at idle entry ([`PERF_SCHED_RECORD_IDLE_EXIT_NS`] charges the
/// exit), `sched_migrate_task`, the recorder's own CPU time (0.2-1.5% of the fair-class CPU,
/// recordings/README.md).
pub const PERF_SCHED_RECORD_WAKEUP_NS: u64 = 1_260;
/// What `perf sched record` adds to one context switch on the recording host, ns: the same
/// per event as [`PERF_SCHED_RECORD_WAKEUP_NS`].
pub const PERF_SCHED_RECORD_SWITCH_NS: u64 = 1_260;
/// What `perf sched record`'s `power:cpu_idle` tracepoint adds to an exit from idle of a CPU
/// that fires it ([`idle_event_cpus`]) on the recording host, ns: the waking CPU fires it
/// (`PWR_EVENT_EXIT`) in the idle loop before it runs the wakee, so it delays the wake-up; the
/// validation runs set it as `engine.idle_exit_ns`. **Measured** (recordings/observer, "Which
/// vCPU pays it"): a thread asleep on one vCPU woken by a thread spinning on the other (so only
/// the sleeper's vCPU leaves idle) is woken 0.86 µs later with the event than without it when it
/// sleeps on vCPU 0 (median of 16 paired runs), 0.04 µs when on vCPU 1, whose idle task fires
/// no event ("Which vCPU fires it"). Consistent with the earlier round trip of an unpinned
/// pipe, 1.58 ± 0.95 µs more with the event, one exit of vCPU 0 per round trip. Both events run
/// in idle-task time, so the workload costs derived from the recordings' task CPU time keep
/// them out.
pub const PERF_SCHED_RECORD_IDLE_EXIT_NS: u64 = 860;

/// The builds of the recording host (`uname -r`) whose vCPU 1 idle task fires no event, so
/// that their traces hold the idle-task context of vCPU 0 alone. **Measured**: every
/// committed recording of builds v782 and v1045 has no event of vCPU 1's idle task
/// (recordings/README.md, "Caveats"), and build v1147 fires `power:cpu_idle` on vCPU 0 only
/// (recordings/observer, "Which vCPU fires it", `cpu-idle/per-cpu.txt`). Build v1272 (6 December
/// 2026, `cpu-idle/per-cpu-v1272.txt`) fires it on both vCPUs, so the blind spot belongs to the
/// build or instance, not to the host shape: a build not listed is taken to trace every CPU.
pub const VCPU1_IDLE_UNTRACED_BUILDS: [&str; 3] =
    ["6.18.44-fc-v782", "6.18.44-fc-v1045", "6.18.44-fc-v1147"];

/// The CPUs whose idle-task context a recording's host traces (`None`: every CPU): vCPU 0
/// alone on the builds of [`VCPU1_IDLE_UNTRACED_BUILDS`]. Two things follow from it in the
/// validation runs: only those CPUs' exits from idle pay `power:cpu_idle`
/// ([`PERF_SCHED_RECORD_IDLE_EXIT_NS`], `engine.idle_exit_cpus`), and a wake-up the model issues
/// in another CPU's idle context (an interrupt while it idles) is left out of the model's
/// summary, as the recording lost it (`ModelBench::idle_context_traced`). Every other host (the
/// CFS 6.1 guest's recordings hold both CPUs' idle events, as does build v1272): all CPUs.
pub fn idle_event_cpus(host: &Host) -> Option<wakelab_sim::cpumask::CpuMask> {
    VCPU1_IDLE_UNTRACED_BUILDS
        .contains(&host.kernel.as_str())
        .then(|| wakelab_sim::cpumask::CpuMask::single(0))
}

/// The recording host whose storage [`host_loop_device`] describes (`host.kernel` of its
/// recordings, `uname -r`): dbench ran there on a file system on `/dev/loop0`, a loop device
/// backed by a sparse file on the root ext4 on a virtio disk (`/dev/vda`;
/// scripts/record-benchmarks.sh, recordings/README.md "dbench"). Other hosts' dbench runs (the
/// CFS guest's) keep the model's default storage.
pub const LOOP_HOST_KERNEL: &str = "6.18.44-fc-v1045";

/// Share of dbench's fsync data-wait completions that reach the client through ksoftirqd on
/// the recording host, per mille; the rest come from the loop device's worker. **Measured**:
/// the committed dbench-ext4-c1 / c2 / c4 summaries' wake_graph (recordings/host-2vcpu):
/// `ksoftirqd/*` -> `dbench` 1021 / 1979 / 2650, `kworker/u*:*` -> `dbench` 655 / 1022 / 1303,
/// 5650 of 8630 = 65.5% (no hardirq or idle wake-up of a client: 0 / 0 / 3). The 2026-12-02
/// re-recording under load gives 52% of the data waits proper (196 + 204 of 765 at one client,
/// recordings/dbench-ext4-group-commit/REPORT.md, table 2).
pub const LOOP_DATA_SOFTIRQ_PERMILLE: u16 = 655;
/// Share of jbd2's journal-IO completions through ksoftirqd, per mille. **Measured**: the
/// committed dbench-ext4-c1 / c2 / c4 summaries: `ksoftirqd/*` -> `jbd*/loop*-*` 2012 / 3049 /
/// 2500, `kworker/u*:*` -> jbd2 3 / 75 / 127: 7561 of 7766 = 97.4% (REPORT.md: both of a commit's
/// D sleeps are woken by ksoftirqd, 720 of 722 and 780 of 780 at one client).
pub const LOOP_EXT4_LOG_SOFTIRQ_PERMILLE: u16 = 974;
/// Share of the xfs log worker's IO completions through ksoftirqd, per mille. **Measured**:
/// the committed dbench-xfs-c1 / c2 / c4 summaries: `ksoftirqd/*` -> `kworker/*:*H` 3857 /
/// 5259 / 5868, `kworker/u*:*` -> `kworker/*:*H` 3018 / 4003 / 4413: 14984 of 26418 = 56.7%.
/// (The real wake-ups are of the 1H pool's next work item: kblockd's dispatch of blk-flush's
/// next request, or xfs-log's `xlog_ioend_work` after the last; since 2026-12-05 the model's
/// log force sends each of its three request ends that way, `XfsFsync::LogForce`.)
pub const LOOP_XFS_LOG_SOFTIRQ_PERMILLE: u16 = 567;
/// The loop device's worker's CPU work per completion, cycles (uniform). **Measured**: the
/// `kworker/u*:*` group's bursts in dbench-ext4-c1 (the loop worker, with the writeback
/// workers beside it), p10 / p90 6.6 / 63.9 µs, less the 5.15 µs the validation runs charge
/// around a burst (a wake-up, 1.45 + 1.26 µs, and a context switch, 1.18 + 1.26 µs: the
/// engine's and the recorder's; 3.5 µs until 7 December 2026), read as a uniform range at the
/// recording's 2.0 GHz. Its run stands for the
/// whole of the worker's request, the copy into the backing file included, which the model
/// runs after the IO's latency ([`LOOP_WRITE_NS`]).
pub const LOOP_WORKER_CYCLES: (u64, u64) = (2_900, 117_500);
/// ksoftirqd's CPU work per completion (BLOCK_SOFTIRQ), cycles (uniform). **Measured**: the
/// `ksoftirqd/*` bursts in dbench-ext4-c1, p10 / p90 8.0 / 22.4 µs, less the same 5.15 µs, at
/// 2.0 GHz.
pub const LOOP_SOFTIRQ_CYCLES: (u64, u64) = (5_700, 34_500);
/// A dbench client's CPU between its wake-up of the loop worker in its fsync's data wait and
/// its sleep, cycles (uniform; a `cond_resched` follows it: `LoopDevice::data_submit_cycles`).
/// **Measured** (recordings/dbench-submit-tail, re-recorded 2026-12-06 on build v1272, not the
/// tables' v1045): from the client's `sched_waking` of an unbound kworker to its next
/// switch-out, when it blocked next, p10 / p50 5.9 / 11.1 µs (ext4-c2), 5.5 / 10.9 (ext4-c4),
/// 5.8 / 12.2 (xfs-c2); when preempted next (17.2% / 29.4% / 7.4% of them, 93% / 77% / 84% by
/// an unbound kworker), p50 8.3 / 11.5 / 7.3 µs. Less the 2.71 µs of the wake-up the
/// validation runs charge to the waker (the engine's 1.45 and the recorder's 1.26 µs; 1.75 µs
/// until 7 December 2026), the p10 / p50 3.0 / 8.7 µs read as a uniform range, 1.6-15.8 µs, at
/// 2.0 GHz.
pub const LOOP_DATA_SUBMIT_CYCLES: (u64, u64) = (3_200, 31_600);
/// jbd2's CPU between its wake-up of the loop worker (the commit's journal blocks) and its
/// sleep, cycles (uniform; a `cond_resched` precedes it: `LoopDevice::journal_submit_cycles`).
/// **Measured** (recordings/dbench-submit-tail, as [`LOOP_DATA_SUBMIT_CYCLES`]): from jbd2's
/// `sched_waking` of an unbound kworker to its next switch-out, when it blocked next (99.5% /
/// 99.0%), p10 / p50 4.3 / 6.1 µs (ext4-c2), 4.1 / 5.0 µs (ext4-c4). Less the same 2.71 µs, the
/// mean p10 / p50 1.5 / 2.8 µs read as a uniform range, 1.15-4.5 µs, at 2.0 GHz.
pub const LOOP_JOURNAL_SUBMIT_CYCLES: (u64, u64) = (2_300, 9_050);
/// The device latency of a loop-device write without a flush (the fsync's data, jbd2's
/// journal blocks, xfs's log), ns: 1 ns, i.e. none (0 would mean "no data wait" to
/// `fsync_io_ns`). The loop device writes through the backing file's page cache, which is the
/// worker's run ([`LOOP_WORKER_CYCLES`]); nothing waits for the disk. The measured waits
/// (data wait 37-46 µs median when ksoftirqd wakes the client, 66-81 µs when the worker does;
/// jbd2's journal blocks 26-31 µs, p90 52-58 µs; REPORT.md, under load) are the whole path,
/// which the model makes of the worker's and ksoftirqd's wake-ups and runs.
pub const LOOP_WRITE_NS: u64 = 1;
/// The latency of jbd2's commit record (REQ_PREFLUSH | REQ_FUA) on the loop device, ns
/// (uniform): the loop worker turns the flush into an fsync of the backing file on the root
/// ext4 (`lo_req_flush` -> `vfs_fsync`). **Measured** on the quiet recording the tables compare
/// (recordings/README.md, dbench, the `io_ns` row): jbd2's D sleeps in dbench-ext4-c1 have a
/// median of 0.21 ms and a p90 of 1.7 ms. A commit has exactly two D sleeps, the journal
/// blocks (~30 µs) and the commit record (recordings/dbench-ext4-group-commit/REPORT.md), so
/// the D median is the commit record's shortest and the D p90 its 80th percentile: read as a
/// uniform range, 0.2 to 2.1 ms (median 1.15 ms). Not the re-recording's 4.43-4.57 ms median
/// (p90 6.86-6.99 ms; summary.txt, `jbd2_mid_commit_sleep_k` #2): that one ran with both vCPUs
/// busy compiling, its backing-file fsyncs waited behind the build's IO, and the same
/// recording's jbd2 D p90 was 13 ms where the quiet one's is 1.7 ms (recordings/README.md,
/// "What changed on a quiet machine", item 5).
pub const LOOP_COMMIT_RECORD_NS: (u64, u64) = (200_000, 2_100_000);

/// The CPU that takes the recording host's disk completion interrupts. **Measured**
/// (2026-12-04, recordings/pgbench-rw-fdatasync): its virtio disk (`virtio1-req.0`, one
/// request queue, one MSI-X vector) interrupts vCPU 1 only (`/proc/interrupts`: every one of
/// its 1.5 million interrupts on CPU1; `effective_affinity_list` 1 of `smp_affinity_list`
/// 0-1), 2.24 and 2.19 interrupts per pgbench transaction at one and two clients, the
/// backends' D-state blocks; the completion runs at that interrupt's exit (BLOCK_SOFTIRQ),
/// which wakes the backend from vCPU 1 (recordings/pgbench-rw-handoffs, "All of them are woken
/// from softirq"). Set on pgbench's validation runs of the recordings made on
/// [`LOOP_HOST_KERNEL`], and on dbench's there for the flushes of its loop device (since
/// 2026-12-06: the commit record's and xfs's iclog write's `commit_record_irq`).
pub const HOST_DISK_IRQ_CPU: u16 = 1;

/// The recording host's loop device for a dbench run on `variant` (docs/workloads.md,
/// "dbench"): completions through the loop worker and ksoftirqd in the measured shares, the
/// measured thread costs and latencies above. Set on the validation runs of the recordings
/// made on [`LOOP_HOST_KERNEL`] only; the model's defaults (an SSD's interrupt completions)
/// stay for every other run.
pub fn host_loop_device(c: &mut wakelab_sim::workload::DbenchConfig) {
    use wakelab_sim::engine::Amount;
    use wakelab_sim::workload::{DbenchVariant, LoopDevice, XfsFsync};
    let log = match c.variant {
        DbenchVariant::Ext4 => LOOP_EXT4_LOG_SOFTIRQ_PERMILLE,
        DbenchVariant::Xfs => LOOP_XFS_LOG_SOFTIRQ_PERMILLE,
    };
    let uniform = |(lo, hi): (u64, u64)| Amount::Uniform { lo, hi };
    c.loop_device = Some(LoopDevice {
        data_softirq_permille: LOOP_DATA_SOFTIRQ_PERMILLE,
        log_softirq_permille: log,
        worker_cycles: uniform(LOOP_WORKER_CYCLES),
        softirq_cycles: uniform(LOOP_SOFTIRQ_CYCLES),
        data_submit_cycles: Some(uniform(LOOP_DATA_SUBMIT_CYCLES)),
        journal_submit_cycles: Some(uniform(LOOP_JOURNAL_SUBMIT_CYCLES)),
    });
    c.io_ns = Amount::Fixed(LOOP_WRITE_NS);
    // both fsyncs wait for the file's data, then for a log write whose last IO carries
    // REQ_PREFLUSH | REQ_FUA (jbd2's commit record; xfs's commit iclog, `xlog_cil_push_work`
    // sets XLOG_ICL_NEED_FUA and `xlog_write_iclog` turns it into REQ_FUA): the loop device
    // has a write cache and no FUA, so blk-flush makes it flush, write, flush, each flush an
    // fsync of the backing file (`lo_req_flush` -> `vfs_fsync`). The xfs client waits through
    // the kernel's chain (`XfsFsync::LogForce`, docs/workloads.md "dbench") instead of the
    // kworker shape whose blocking rate was measured as a whole.
    c.fsync_io_ns = Some(Amount::Fixed(LOOP_WRITE_NS));
    c.commit_record_io_ns = Some(uniform(LOOP_COMMIT_RECORD_NS));
    if c.variant == DbenchVariant::Xfs {
        c.xfs_fsync = XfsFsync::LogForce;
    }
    // A plain write to the loop device waits for no disk (`LOOP_WRITE_NS`): the submitter
    // wakes the loop worker itself (`loop_queue_rq` -> `loop_queue_work`; the loop device's
    // routes are `at_submission`, workload/generators.rs), so no interrupt is involved and
    // `irq` is not used. The flush (the commit record, xfs's iclog write) waits for the
    // backing file's fsync, whose disk interrupts vCPU 1 only (`HOST_DISK_IRQ_CPU`, measured).
    c.commit_record_irq = Some(wakelab_sim::engine::IrqRoute::Cpu(HOST_DISK_IRQ_CPU));
}

impl Recording {
    /// Whether the recording was made under `perf sched record` (its observer's costs apply).
    pub fn traced_by_perf_sched(&self) -> bool {
        self.record_command
            .trim_start()
            .starts_with("perf sched record")
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct Host {
    pub nr_cpus: u32,
    #[serde(default)]
    pub kernel: String,
    /// `/proc/cmdline` of the recording host (`sched_vcpu_pack=` selects the host build's
    /// packing rules, [`model_patches`]).
    #[serde(default)]
    pub cmdline: String,
}

/// The patch toggles the model adds for a recording host booted with `cmdline`: the
/// recording host's build packs wake-ups when booted with `sched_vcpu_pack=15` (all four of its
/// rules; recordings/host-kernel/README.md), which the `vcpu-pack` toggle models. Another
/// non-zero value turns on a subset of the rules, which is not modelled: an error.
pub fn model_patches(cmdline: &str, version: KernelVersion) -> Result<Vec<PatchId>, String> {
    let Some(v) = cmdline
        .split_whitespace()
        .take_while(|a| *a != "--")
        .find_map(|a| a.strip_prefix("sched_vcpu_pack="))
    else {
        return Ok(vec![]);
    };
    match v.parse::<u32>() {
        Ok(0) => Ok(vec![]),
        Ok(15) if PatchId::VcpuPack.info().applies_to.contains(&version) => {
            Ok(vec![PatchId::VcpuPack])
        }
        Ok(15) => Err(format!(
            "host.cmdline: sched_vcpu_pack=15 on a kernel modelled as {version}: the vcpu-pack \
             toggle exists for 6.18 only"
        )),
        _ => Err(format!(
            "host.cmdline: sched_vcpu_pack={v}: only 15 (all four packing rules) is modelled"
        )),
    }
}

/// The 6.18.y stable release from which the recording host's kernel is known to carry Vincent
/// Guittot's "sched/fair: Fix wakeup_preempt_fair() vs delayed dequeue" (upstream ac8e69e69363,
/// 6.18.y 63273472430e; the `wakeup-preempt-delayed` toggle) and the two changes it sits on
/// (`next-buddy-eevdf`, `revert-force-wakeup-preemption`, see [`host_fixes`]). **Read** in the host's 6.18.44
/// kernel text: its `check_preempt_wakeup_fair` calls `dequeue_entities` on a delayed entity
/// its `pick_eevdf` returns and picks again (recordings/host-kernel/README.md, "The wake-up
/// preemption check"). Which earlier 6.18.y release brought it is not pinned down (its stable
/// review is of 20 May 2026), so older 6.18.y hosts are modelled without it.
pub const WAKEUP_PREEMPT_DELAYED_SINCE_6_18_Y: u32 = 44;

/// The later changes the model adds for a recording host running kernel `release` (`uname -r`):
/// on a 6.18.y kernel from [`WAKEUP_PREEMPT_DELAYED_SINCE_6_18_Y`], the wake-up preemption
/// check of its text: `next-buddy-eevdf` (with NEXT_BUDDY off, as the text has it),
/// `revert-force-wakeup-preemption` and `wakeup-preempt-delayed` (the three read there,
/// recordings/host-kernel/README.md), and the lag clamp of its `update_entity_lag`,
/// `lag-clamp-max-slice` (read in the same 6.18.44 build, 2026-12-07: recordings/host-kernel/
/// README.md, "The lag clamp"; assumed from the same release, like the other three).
pub fn host_fixes(release: &str) -> Vec<PatchId> {
    let sublevel = release
        .strip_prefix("6.18.")
        .map(|r| r.split(|c: char| !c.is_ascii_digit()).next().unwrap_or(""))
        .and_then(|n| n.parse::<u32>().ok());
    match sublevel {
        Some(y) if y >= WAKEUP_PREEMPT_DELAYED_SINCE_6_18_Y => vec![
            PatchId::NextBuddyEevdf,
            PatchId::RevertForceWakeupPreemption,
            PatchId::WakeupPreemptDelayed,
            PatchId::LagClampMaxSlice,
        ],
        _ => vec![],
    }
}

/// The model's version of one recorded benchmark.
#[derive(Clone, Debug)]
pub struct ModelBench {
    /// What the table says the model ran (workload, clients, machine, kernel).
    pub description: String,
    pub experiment: Experiment,
    pub clients: u32,
    /// The comm groups compared (as the real trace's summary names them), in table order.
    pub roles: Vec<&'static str>,
    /// Maps a model task name (a forked task's is its template's) to the real comm group it
    /// stands for.
    pub relabel: fn(&str) -> String,
    /// The CPUs whose idle-task context the recording holds (`None`: every CPU). A wake-up the
    /// model issues in the idle context of another CPU (an interrupt while it idles) is left out
    /// of the model's summary, as the recording lost it ([`idle_event_cpus`]).
    pub idle_context_traced: Option<wakelab_sim::cpumask::CpuMask>,
}

/// The comm group of the recorder's own threads in a recording's trace summary.
pub const RECORDER_GROUP: &str = "perf";

/// The recorder's own runs in a recording made under `perf sched record`: its threads drain
/// the ring buffers on the same vCPUs as the benchmark, and every run of one is a third entity
/// on the runqueue of whatever runs there (a packed client/server pair's eligibility depends on
/// exactly that: recordings/tbench-preemption/README.md, "A second lead"). **Measured** per
/// recording: the trace summary's [`RECORDER_GROUP`] group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecorderRuns {
    /// perf's threads in the trace.
    pub threads: u32,
    /// Their runs that ended in a block: one drain each (the trace loses most of their
    /// wake-ups, not their switches).
    pub drains: u64,
    /// Their CPU time in the trace, ns.
    pub cpu_ns: u64,
    /// The trace's span, ns.
    pub span_ns: u64,
}

/// Cycles per ns at the recording host's nominal 2.0 GHz, the clock the workloads' costs derived
/// from its recordings are stated at (docs/workloads.md).
const HOST_NOMINAL_CYCLES_PER_NS: u64 = 2;

/// Most recorder threads a summary may give the model (perf runs one or two here; a bound of
/// the model, docs/limits.md).
pub const MAX_RECORDER_THREADS: u32 = 64;

impl RecorderRuns {
    /// The recorder's runs of a trace summary: `Ok(None)` if it has none, an error naming the
    /// field if its group has more threads than [`MAX_RECORDER_THREADS`].
    pub fn from_summary(
        s: &crate::sched_trace::TraceSummary,
    ) -> Result<Option<RecorderRuns>, String> {
        let Some(g) = s.groups.iter().find(|g| g.group == RECORDER_GROUP) else {
            return Ok(None);
        };
        if g.tasks > MAX_RECORDER_THREADS {
            return Err(format!(
                "groups[{RECORDER_GROUP}].tasks: {} threads, more than the {MAX_RECORDER_THREADS} \
                 the model runs (MAX_RECORDER_THREADS)",
                g.tasks
            ));
        }
        let drains = g.activity.blocks;
        Ok(
            (g.tasks > 0 && drains > 0 && g.activity.cpu_ns > 0 && s.span_ns > 0).then_some(
                RecorderRuns {
                    threads: g.tasks,
                    drains,
                    cpu_ns: g.activity.cpu_ns,
                    span_ns: s.span_ns,
                },
            ),
        )
    }

    /// CPU time of one drain, ns.
    pub fn drain_ns(&self) -> u64 {
        self.cpu_ns / self.drains
    }

    /// Time from one drain of a thread to its next, ns: the span over its share of the drains.
    pub fn period_ns(&self) -> u64 {
        (self.span_ns as u128 * self.threads as u128 / self.drains as u128).min(u64::MAX as u128)
            as u64
    }
}

impl ModelBench {
    /// Run the recorder's own threads beside the benchmark, as the recording did: `threads`
    /// fair tasks named `perf/N`, free to run on every CPU (started on CPU N mod the CPU
    /// count), each running [`RecorderRuns::drain_ns`] (at the host's nominal 2.0 GHz, as the
    /// workloads' costs are) every [`RecorderRuns::period_ns`], from a first wake-up drawn
    /// uniformly within the first period (the seeded RNG). Their wake-ups are timer wake-ups
    /// (perf polls its buffers). The recorder's per-event costs are charged separately
    /// (`PERF_SCHED_RECORD_WAKEUP_NS`).
    pub fn add_recorder_runs(&mut self, r: RecorderRuns) {
        use wakelab_sim::engine::behaviour::{Amount, Phase, TaskSpec};
        use wakelab_sim::workload::{Interference, TasksInterference};
        let drain = r.drain_ns();
        let sleep = r.period_ns().saturating_sub(drain).max(1);
        let nr_cpus = self.experiment.scenario.machine.shape.nr_cpus().max(1);
        let tasks = (0..r.threads)
            .map(|i| {
                let mut t = TaskSpec::new(
                    format!("{RECORDER_GROUP}/{i}"),
                    vec![
                        // a uniform phase: a run shorter than the period still sees its share
                        Phase::Sleep {
                            ns: Amount::Uniform {
                                lo: 0,
                                hi: r.period_ns(),
                            },
                        },
                        Phase::Loop {
                            count: None,
                            body: vec![
                                Phase::Run {
                                    cycles: Amount::Fixed(
                                        drain.saturating_mul(HOST_NOMINAL_CYCLES_PER_NS),
                                    ),
                                },
                                Phase::Sleep {
                                    ns: Amount::Fixed(sleep),
                                },
                            ],
                        },
                    ],
                );
                t.start_cpu = Some((i as usize % nr_cpus) as u16);
                t
            })
            .collect();
        self.experiment
            .scenario
            .interference
            .push(Interference::Tasks(TasksInterference { tasks }));
        self.description = format!(
            "{}, beside the recorder's own runs ({} perf thread{}, {} drains of {:.0} µs in \
             {:.2} s, as traced)",
            self.description,
            r.threads,
            if r.threads == 1 { "" } else { "s" },
            r.drains,
            drain as f64 / 1000.0,
            r.span_ns as f64 / 1e9
        );
    }
}

/// Why a recording has no model counterpart, or its metadata does not fit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BenchError {
    #[error("{name}: no model counterpart ({why})")]
    NoModel { name: String, why: &'static str },
    #[error("{name}: {msg}")]
    Bad { name: String, msg: String },
}

impl Recording {
    pub fn from_json(s: &str) -> Result<Recording, String> {
        serde_json::from_str(s).map_err(|e| format!("recording metadata: {e}"))
    }
}

/// `tbench-c4` -> 4.
fn count_after(name: &str, prefix: &str, tag: char) -> Option<u32> {
    let rest = name.strip_prefix(prefix)?;
    let n = rest.strip_prefix(tag)?;
    n.parse().ok().filter(|&n| (1..=64).contains(&n))
}

fn has_arg(cmd: &str, arg: &str) -> bool {
    cmd.split_whitespace().any(|a| a == arg)
}

fn tbench_role(n: &str) -> String {
    // model names: `tbench/k` (client), `tbench_srv/k` (server)
    n.split('/').next().unwrap_or(n).to_string()
}
fn pgbench_role(n: &str) -> String {
    // model names: `pgbench/k`, `postgres/k` (the backend; every postgres process has comm
    // `postgres` in the real trace)
    n.split('/').next().unwrap_or(n).to_string()
}
fn hackbench_role(_: &str) -> String {
    // the parent and every child are comm `hackbench` in the real trace
    "hackbench".into()
}
fn messaging_role(_: &str) -> String {
    "sched-messaging".into()
}
fn dbench_ext4_role(n: &str) -> String {
    // the model's journal thread stands for jbd2/loop0-8 (group `jbd*/loop*-*`: the summary
    // collapses every digit run)
    if n.starts_with("jbd2") {
        "jbd*/loop*-*".into()
    } else {
        n.split('/').next().unwrap_or(n).to_string()
    }
}
fn dbench_xfs_role(n: &str) -> String {
    // the model's per-CPU high-priority kworker stands for the WQ_HIGHPRI workqueue workers
    // (`kworker/0:1H`: xfs-log, and kblockd, which the model does not have apart; perf prints
    // the comm without the workqueue suffix, group `kworker/*:*H`)
    if n.starts_with("kworker/") && n.ends_with('H') {
        "kworker/*:*H".into()
    } else if n.starts_with("kworker/") && n[8..].starts_with(|c: char| c.is_ascii_digit()) {
        // the per-CPU inodegc workers (`kworker/0:1`): the bound, not high-priority workers
        "kworker/*:*".into()
    } else {
        n.split('/').next().unwrap_or(n).to_string()
    }
}

/// Which kernel the model runs a recording under: the recording's own (the default) or
/// another, for what another kernel does with the same workload on the same machine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KernelChoice {
    /// Another modelled version instead of the recording's ([`model_kernel`]). The host
    /// build's patches ([`model_patches`]) are kept where that version has them.
    pub version: Option<KernelVersion>,
    /// Leave out the host build's patches: the mainline kernel of the version.
    pub baseline: bool,
}

/// What the description adds when the model does not run the recording's own kernel:
/// ` (--kernel 5.15: the recording's kernel runs as 6.18 + vcpu-pack; 5.15 has no vcpu-pack)`, ` (--baseline: the recording's kernel runs as 6.18 + vcpu-pack)`, or nothing.
fn other_kernel_note(
    kernel: KernelChoice,
    recorded: KernelVersion,
    kept: &[PatchId],
    left_out: &[PatchId],
) -> String {
    let other = kernel.version.filter(|&v| v != recorded);
    if other.is_none() && left_out.is_empty() {
        return String::new();
    }
    let mut flags = Vec::new();
    if let Some(v) = other {
        flags.push(format!("--kernel {v}"));
    }
    if kernel.baseline {
        flags.push("--baseline".to_string());
    }
    let all: Vec<&str> = kept.iter().chain(left_out).map(|p| p.key()).collect();
    let mut note = format!(
        " ({}: the recording's kernel runs as {recorded}",
        flags.join(" ")
    );
    if !all.is_empty() {
        note += &format!(" + {}", all.join(", "));
    }
    if let (Some(v), false, false) = (other, kernel.baseline, left_out.is_empty()) {
        let keys: Vec<&str> = left_out.iter().map(|p| p.key()).collect();
        note += &format!("; {v} has no {}", keys.join(" or "));
    }
    note + ")"
}

/// The model's version of `rec`, run for `duration_ms` of simulated time (hackbench: to
/// completion, at most [`HACKBENCH_RUN_LIMIT_MS`]), under the kernel `kernel` chooses; the
/// description says what ran and, for another kernel, what the recording's runs as.
pub fn model_bench(
    rec: &Recording,
    duration_ms: u64,
    kernel: KernelChoice,
) -> Result<ModelBench, BenchError> {
    let name = rec.name.as_str();
    let cmd = rec.benchmark_command.as_str();
    let bad = |msg: String| BenchError::Bad {
        name: name.to_string(),
        msg,
    };
    let mismatch = |want: &str| {
        bad(format!(
            "the name says {want}, but benchmark_command is `{cmd}`"
        ))
    };
    // hackbench ends by itself: run it to completion, as recorded
    let mut to_completion = false;
    let (workload, clients, roles, relabel): (_, _, Vec<&'static str>, fn(&str) -> String) =
        if let Some(c) = count_after(name, "tbench-", 'c') {
            if !cmd.starts_with("tbench ") {
                return Err(mismatch("tbench"));
            }
            (
                serde_json::json!({"kind": "tbench"}),
                c,
                vec!["tbench", "tbench_srv"],
                tbench_role,
            )
        } else if let Some(rest) = name.strip_prefix("hackbench-") {
            let parts: Vec<&str> = rest.split('-').collect();
            let [ipc, mode, g] = parts[..] else {
                return Err(bad(
                    "expected hackbench-{pipe,socket}-{process,thread}-gN".into()
                ));
            };
            let groups: u32 = g
                .strip_prefix('g')
                .and_then(|g| g.parse().ok())
                .ok_or_else(|| bad(format!("`{g}`: expected gN")))?;
            if !cmd.starts_with("hackbench ")
                || has_arg(cmd, "-p") != (ipc == "pipe")
                || has_arg(cmd, "-T") != (mode == "thread")
            {
                return Err(mismatch("hackbench"));
            }
            let loops = hackbench_loops(cmd).map_err(bad)?;
            to_completion = true;
            (
                serde_json::json!({"kind": "hackbench", "ipc": ipc, "mode": mode,
                                   "loops": loops}),
                groups,
                vec!["hackbench"],
                hackbench_role,
            )
        } else if name == "perf-bench-sched-messaging" {
            // `perf bench sched messaging -g 2 -l 500`: hackbench's socket/process defaults
            if !cmd.contains("sched messaging") || has_arg(cmd, "-p") || has_arg(cmd, "-t") {
                return Err(mismatch("perf bench sched messaging (socket, process)"));
            }
            let groups = cmd
                .split_whitespace()
                .skip_while(|a| *a != "-g")
                .nth(1)
                .and_then(|g| g.parse().ok())
                .unwrap_or(10); // perf bench messaging's default -g
            let loops = hackbench_loops(cmd).map_err(bad)?;
            to_completion = true;
            (
                serde_json::json!({"kind": "hackbench", "loops": loops}),
                groups,
                vec!["sched-messaging"],
                messaging_role,
            )
        } else if name == "perf-bench-sched-pipe" {
            return Err(BenchError::NoModel {
                name: name.to_string(),
                why: "Wakelab has no pipe ping-pong workload",
            });
        } else if let Some(rest) = name.strip_prefix("pgbench-") {
            let (kind, c) = rest
                .split_once("-c")
                .ok_or_else(|| bad("expected pgbench-{select,rw}-cN".into()))?;
            let c: u32 = c
                .parse()
                .map_err(|_| bad(format!("`{c}`: expected a count")))?;
            if !cmd.contains("pgbench") || has_arg(cmd, "-S") != (kind == "select") {
                return Err(mismatch("pgbench"));
            }
            let w = if kind == "select" {
                // select-only: one round trip per transaction, no commit (as preset t2-pgbench)
                serde_json::json!({"kind": "pgbench", "statements_per_txn": 1, "txns_per_io": 0})
            } else {
                serde_json::json!({"kind": "pgbench"})
            };
            (w, c, vec!["pgbench", "postgres"], pgbench_role)
        } else if let Some(rest) = name.strip_prefix("dbench-") {
            let (fs, c) = rest
                .split_once("-c")
                .ok_or_else(|| bad("expected dbench-{ext4,xfs}-cN".into()))?;
            let c: u32 = c
                .parse()
                .map_err(|_| bad(format!("`{c}`: expected a count")))?;
            if !cmd.starts_with("dbench ") || !cmd.contains(&format!("mnt-{fs}")) {
                return Err(mismatch("dbench"));
            }
            match fs {
                "ext4" => (
                    serde_json::json!({"kind": "dbench", "variant": "ext4"}),
                    c,
                    vec!["dbench", "jbd*/loop*-*"],
                    dbench_ext4_role as fn(&str) -> String,
                ),
                "xfs" => (
                    serde_json::json!({"kind": "dbench", "variant": "xfs"}),
                    c,
                    vec!["dbench", "kworker/*:*H"],
                    dbench_xfs_role as fn(&str) -> String,
                ),
                _ => return Err(bad(format!("`{fs}`: expected ext4 or xfs"))),
            }
        } else {
            return Err(BenchError::NoModel {
                name: name.to_string(),
                why: "not a benchmark Wakelab models",
            });
        };
    if rec.host.nr_cpus == 0 {
        return Err(bad("host.nr_cpus is 0".into()));
    }
    let machine = presets::machine(HOST_MACHINE).expect("known machine");
    let model_cpus = machine.shape.sockets as u32
        * machine.shape.cores_per_llc as u32
        * machine.shape.llcs_per_socket as u32
        * machine.shape.smt as u32;
    if model_cpus != rec.host.nr_cpus {
        return Err(bad(format!(
            "host.nr_cpus is {}, but the machine preset {HOST_MACHINE} has {model_cpus} CPUs",
            rec.host.nr_cpus
        )));
    }
    let mut workload: WorkloadConfig =
        serde_json::from_value(workload).map_err(|e| bad(format!("model workload: {e}")))?;
    // the recording host's storage: dbench on its loop device
    let mut on_loop = false;
    let mut xfs_log_force = false;
    let mut disk_irq = false;
    if let WorkloadConfig::Dbench(c) = &mut workload {
        if rec.host.kernel == LOOP_HOST_KERNEL {
            host_loop_device(c);
            on_loop = true;
            xfs_log_force = c.xfs_fsync == wakelab_sim::workload::XfsFsync::LogForce;
        }
    }
    // and its virtio disk's completion interrupts, for pgbench's WAL flushes (read-write only)
    if let WorkloadConfig::Pgbench(c) = &mut workload {
        if rec.host.kernel == LOOP_HOST_KERNEL && c.txns_per_io > 0 {
            c.irq = wakelab_sim::engine::IrqRoute::Cpu(HOST_DISK_IRQ_CPU);
            disk_irq = true;
        }
    }
    let mut e = presets::experiment("default").expect("default preset");
    let recorded_kernel = model_kernel(&rec.host.kernel);
    let mut host_patches = model_patches(&rec.host.cmdline, recorded_kernel).map_err(bad)?;
    host_patches.extend(host_fixes(&rec.host.kernel));
    let model_kernel = kernel.version.unwrap_or(recorded_kernel);
    let (patches, left_out): (Vec<PatchId>, Vec<PatchId>) = host_patches
        .into_iter()
        .partition(|p| !kernel.baseline && p.info().applies_to.contains(&model_kernel));
    let k = patches
        .iter()
        .fold(KernelConfig::baseline(model_kernel), |k, &p| k.with(p));
    e.scenario.title = format!("{name} (model)");
    e.scenario.machine = machine;
    e.scenario.kernel = k;
    e.scenario.freq.governor = wakelab_sim::freq::Governor::Performance;
    e.scenario.workload = workload;
    e.scenario.interference.clear();
    let run_ms = if to_completion {
        HACKBENCH_RUN_LIMIT_MS
    } else {
        duration_ms
    };
    e.scenario.run.duration_ms = run_ms;
    e.scenario.run.warmup_ms = 0;
    e.scenario.run.seed = 1;
    // the summary needs every segment and wake-up of the run (from_sim.rs)
    e.scenario.engine.max_timeline_segments = wakelab_sim::engine::params::MAX_TIMELINE_SEGMENTS;
    e.scenario.engine.max_wakeup_records = wakelab_sim::engine::params::MAX_WAKEUP_RECORDS;
    // the recording's observer: its tracepoints run on every wake-up and switch it records
    let observed = rec.traced_by_perf_sched();
    if observed {
        e.scenario.engine.wakeup_cost_ns += PERF_SCHED_RECORD_WAKEUP_NS;
        e.scenario.engine.context_switch_ns += PERF_SCHED_RECORD_SWITCH_NS;
        e.scenario.engine.idle_exit_ns += PERF_SCHED_RECORD_IDLE_EXIT_NS;
        e.scenario.engine.idle_exit_cpus = idle_event_cpus(&rec.host);
    }
    e.variants = vec![Variant {
        name: model_kernel.to_string(),
        kernel: Some(k),
        freq: None,
    }];
    e.clients = vec![clients];
    e.iterations = 1;
    e.validate()
        .map_err(|m| bad(format!("model experiment: {m}")))?;
    Ok(ModelBench {
        description: format!(
            "{} x{clients}, {HOST_MACHINE}, {model_kernel} {}{}, {}",
            e.scenario.workload.kind(),
            if patches.is_empty() {
                "baseline".to_string()
            } else {
                let keys: Vec<&str> = patches.iter().map(|p| p.key()).collect();
                format!("+ {} (the host's build)", keys.join(", "))
            },
            other_kernel_note(kernel, recorded_kernel, &patches, &left_out),
            if to_completion {
                format!("to completion (at most {run_ms} ms)")
            } else {
                format!("{run_ms} ms")
            }
        ) + if on_loop {
            ", on the host's loop device (IO completions through its worker and ksoftirqd)"
        } else {
            ""
        } + if xfs_log_force {
            ", xfs's fsync as the kernel's chain (data, CIL push, log force), its statfs queuing inode inactivation"
        } else {
            ""
        } + if disk_irq {
            ", the host's disk interrupts on CPU 1"
        } else {
            ""
        } + if observed {
            ", under perf sched record's costs"
        } else {
            ""
        },
        idle_context_traced: idle_event_cpus(&rec.host),
        experiment: e,
        clients,
        roles,
        relabel,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(name: &str, cmd: &str) -> Recording {
        Recording {
            name: name.into(),
            benchmark_command: cmd.into(),
            record_command: String::new(),
            host: Host {
                nr_cpus: 2,
                kernel: String::new(),
                cmdline: String::new(),
            },
        }
    }

    fn committed_summary(name: &str) -> crate::sched_trace::TraceSummary {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("../../recordings/host-2vcpu/{name}.summary.json"));
        crate::sched_trace::TraceSummary::from_json(&std::fs::read_to_string(path).unwrap())
            .unwrap()
    }

    /// tbench-c2's trace has perf's two threads, 82 runs ended by a block, 55.2 ms of CPU over
    /// 3.11 s: the model runs two tasks that drain 673 µs every 75.8 ms, and over a 300 ms run
    /// they take about 300 / 75.8 x 2 x 0.673 = 5.3 ms (the phase is drawn, so a range).
    #[test]
    fn the_recorders_own_threads_run_as_its_trace_has_them() {
        let summary = committed_summary("tbench-c2");
        let r = RecorderRuns::from_summary(&summary)
            .unwrap()
            .expect("perf's group");
        assert_eq!(
            r,
            RecorderRuns {
                threads: 2,
                drains: 82,
                cpu_ns: 55_205_396,
                span_ns: 3_107_789_578,
            }
        );
        assert_eq!((r.drain_ns(), r.period_ns() / 100_000), (673_236, 757));
        let mut b = model_bench(
            &rec("tbench-c2", "tbench -t 3 2 127.0.0.1"),
            300,
            KernelChoice::default(),
        )
        .unwrap();
        let without = crate::validate::model_summary(&b).unwrap();
        b.add_recorder_runs(r);
        assert!(
            b.description.ends_with(
                "beside the recorder's own runs (2 perf threads, 82 drains of 673 µs \
                            in 3.11 s, as traced)"
            ),
            "{}",
            b.description
        );
        let with = crate::validate::model_summary(&b).unwrap();
        let perf_cpu = |s: &crate::sched_trace::TraceSummary| {
            s.groups
                .iter()
                .filter(|g| g.group.starts_with(RECORDER_GROUP))
                .map(|g| g.activity.cpu_ns)
                .sum::<u64>()
        };
        assert_eq!(perf_cpu(&without), 0);
        let cpu = perf_cpu(&with);
        assert!((2_000_000..=8_100_000).contains(&cpu), "{cpu} ns");
        // a trace without the recorder's threads adds none
        let mut bare = summary.clone();
        bare.groups.retain(|g| g.group != RECORDER_GROUP);
        assert_eq!(RecorderRuns::from_summary(&bare), Ok(None));
        // a hostile summary cannot make the model run a million tasks
        let mut many = summary.clone();
        for g in many.groups.iter_mut().filter(|g| g.group == RECORDER_GROUP) {
            g.tasks = 1_000_000;
        }
        let err = RecorderRuns::from_summary(&many).unwrap_err();
        assert!(
            err.starts_with("groups[perf].tasks: 1000000 threads"),
            "{err}"
        );
    }

    #[test]
    fn a_recording_made_under_perf_sched_record_is_modelled_with_its_costs() {
        let plain = rec("tbench-c2", "tbench -t 3 2 127.0.0.1");
        let mut traced = plain.clone();
        traced.record_command =
            "perf sched record -o /tmp/x.data -e sched:sched_wakeup -- tbench -t 3 2 127.0.0.1"
                .into();
        let (p, t) = (
            model_bench(&plain, 100, KernelChoice::default()).unwrap(),
            model_bench(&traced, 100, KernelChoice::default()).unwrap(),
        );
        let (pe, te) = (&p.experiment.scenario.engine, &t.experiment.scenario.engine);
        assert_eq!(
            te.wakeup_cost_ns,
            pe.wakeup_cost_ns + PERF_SCHED_RECORD_WAKEUP_NS
        );
        assert_eq!(
            te.context_switch_ns,
            pe.context_switch_ns + PERF_SCHED_RECORD_SWITCH_NS
        );
        assert_eq!(pe.idle_exit_ns, 0);
        assert_eq!(te.idle_exit_ns, PERF_SCHED_RECORD_IDLE_EXIT_NS);
        // another host: every CPU's exit is charged; the recording host's: vCPU 0's alone
        assert_eq!(te.idle_exit_cpus, None);
        let mut host = traced.clone();
        host.host.kernel = LOOP_HOST_KERNEL.into();
        let h = model_bench(&host, 100, KernelChoice::default()).unwrap();
        let he = &h.experiment.scenario.engine;
        assert_eq!(he.idle_exit_ns, PERF_SCHED_RECORD_IDLE_EXIT_NS);
        assert_eq!(
            he.idle_exit_cpus,
            Some(wakelab_sim::cpumask::CpuMask::single(0))
        );
        // the same CPUs' idle context is what the model's summary keeps
        assert_eq!(h.idle_context_traced, he.idle_exit_cpus);
        assert_eq!(t.idle_context_traced, None);
        // a later build of the host fires the idle event on both vCPUs (per-cpu-v1272.txt)
        host.host.kernel = "6.18.44-fc-v1272".into();
        let later = model_bench(&host, 100, KernelChoice::default()).unwrap();
        assert_eq!(later.experiment.scenario.engine.idle_exit_cpus, None);
        assert_eq!(later.idle_context_traced, None);
        assert!(!p.description.contains("perf sched record"));
        assert!(t.description.ends_with(", under perf sched record's costs"));
    }

    #[test]
    fn only_the_recording_hosts_dbench_runs_on_its_loop_device() {
        use wakelab_sim::workload::{DbenchConfig, WorkloadConfig};
        let dbench = |kernel: &str, fs: &str| {
            let mut r = rec(
                &format!("dbench-{fs}-c2"),
                &format!("dbench -t 3 -D /tmp/x/mnt-{fs} 2"),
            );
            r.host.kernel = kernel.into();
            model_bench(&r, 100, KernelChoice::default()).unwrap()
        };
        let cfg = |b: &ModelBench| match &b.experiment.scenario.workload {
            WorkloadConfig::Dbench(c) => c.clone(),
            w => panic!("{w:?}"),
        };
        let host = cfg(&dbench(LOOP_HOST_KERNEL, "ext4"));
        let l = host.loop_device.as_ref().expect("the host's loop device");
        assert_eq!(l.data_softirq_permille, LOOP_DATA_SOFTIRQ_PERMILLE);
        assert_eq!(l.log_softirq_permille, LOOP_EXT4_LOG_SOFTIRQ_PERMILLE);
        assert!(host.commit_record_io_ns.is_some());
        let xfs = cfg(&dbench(LOOP_HOST_KERNEL, "xfs"));
        assert_eq!(
            xfs.loop_device.as_ref().unwrap().log_softirq_permille,
            LOOP_XFS_LOG_SOFTIRQ_PERMILLE
        );
        // xfs on the host's loop device waits through the kernel's fsync chain: its data, then
        // the log force's iclog write with the commit record's flush latency
        assert_eq!(xfs.xfs_fsync, wakelab_sim::workload::XfsFsync::LogForce);
        assert!(xfs.fsync_io_ns.is_some() && xfs.commit_record_io_ns.is_some());
        assert!(
            dbench(LOOP_HOST_KERNEL, "xfs")
                .description
                .contains("loop device")
        );
        // another host (the CFS guest) and every other run keep the default storage
        let guest = cfg(&dbench("6.1.0-57-cloud-amd64", "ext4"));
        let default = DbenchConfig {
            variant: guest.variant,
            ..DbenchConfig::default()
        };
        assert_eq!(guest, default);
        assert!(default.loop_device.is_none() && default.commit_record_io_ns.is_none());
        assert_eq!(
            DbenchConfig::default().xfs_fsync,
            wakelab_sim::workload::XfsFsync::Kworker
        );
    }

    #[test]
    fn only_the_recording_hosts_pgbench_flushes_interrupt_its_cpu_1() {
        use wakelab_sim::engine::IrqRoute;
        use wakelab_sim::workload::WorkloadConfig;
        let pgbench = |kernel: &str, kind: &str, args: &str| {
            let mut r = rec(
                &format!("pgbench-{kind}-c2"),
                &format!("runuser -u postgres -- pgbench -h /tmp/x -n {args}-c 2 -j 2 -T 3 bench"),
            );
            r.host.kernel = kernel.into();
            let b = model_bench(&r, 100, KernelChoice::default()).unwrap();
            match &b.experiment.scenario.workload {
                WorkloadConfig::Pgbench(c) => (c.irq, b.description.clone()),
                w => panic!("{w:?}"),
            }
        };
        let (irq, description) = pgbench(LOOP_HOST_KERNEL, "rw", "");
        assert_eq!(irq, IrqRoute::Cpu(HOST_DISK_IRQ_CPU));
        assert!(
            description.contains("disk interrupts on CPU 1"),
            "{description}"
        );
        // select-only has no flush; another host keeps the default route
        let (irq, description) = pgbench(LOOP_HOST_KERNEL, "select", "-S ");
        assert_eq!(irq, IrqRoute::RoundRobin);
        assert!(!description.contains("disk interrupts"), "{description}");
        let (irq, _) = pgbench("6.1.0-57-cloud-amd64", "rw", "");
        assert_eq!(irq, IrqRoute::RoundRobin);
    }

    #[test]
    fn the_model_runs_the_newest_modelled_kernel_not_newer_than_the_recordings() {
        let cases = [
            ("6.18.44-fc-v1045", "6.18"),
            ("6.1.0-57-cloud-amd64", "5.15"),
            ("5.15.0-91-generic", "5.15"),
            ("5.14.21", "5.12"),
            ("4.16.13", "4.16"),
            ("4.9.0", "4.15"),
            ("7.2.0", "6.18"),
            ("", "6.18"),
        ];
        for (release, want) in cases {
            assert_eq!(model_kernel(release).name(), want, "{release}");
        }
    }

    #[test]
    fn the_host_builds_packing_rules_come_from_its_boot_command_line() {
        let v = KernelVersion::V6_18;
        let host = "quiet rcupdate.rcu_cpu_stall_cputime=1 sched_vcpu_pack=15 rdinit=/x -- --a b";
        assert_eq!(model_patches(host, v), Ok(vec![PatchId::VcpuPack]));
        assert_eq!(model_patches("console=ttyS0 root=/dev/vda", v), Ok(vec![]));
        assert_eq!(model_patches("sched_vcpu_pack=0", v), Ok(vec![]));
        // after `--` the words are init's, not the kernel's
        assert_eq!(model_patches("quiet -- sched_vcpu_pack=15", v), Ok(vec![]));
        assert_eq!(
            model_patches("sched_vcpu_pack=3", v),
            Err(
                "host.cmdline: sched_vcpu_pack=3: only 15 (all four packing rules) is modelled"
                    .into()
            )
        );
        assert!(
            model_patches(host, KernelVersion::V5_15)
                .unwrap_err()
                .contains("6.18 only")
        );
    }

    #[test]
    fn the_host_builds_later_fixes_come_from_its_release() {
        let fix = vec![
            PatchId::NextBuddyEevdf,
            PatchId::RevertForceWakeupPreemption,
            PatchId::WakeupPreemptDelayed,
            PatchId::LagClampMaxSlice,
        ];
        assert_eq!(host_fixes("6.18.44-fc-v1045"), fix);
        assert_eq!(host_fixes("6.18.51"), fix);
        assert_eq!(host_fixes("6.18.2"), vec![]);
        assert_eq!(host_fixes("6.1.158"), vec![]);
        assert_eq!(host_fixes(""), vec![]);
    }

    #[test]
    fn another_kernel_runs_the_same_workload_without_the_patches_it_lacks() {
        let mut r = rec("tbench-c2", "tbench -t 3 2 127.0.0.1");
        r.host.kernel = "6.18.44-fc-v1045".into();
        r.host.cmdline = "quiet sched_vcpu_pack=15".into();
        let run =
            |version, baseline| model_bench(&r, 300, KernelChoice { version, baseline }).unwrap();
        let own = run(None, false);
        let same = run(Some(KernelVersion::V6_18), false);
        let other = run(Some(KernelVersion::V5_15), false);
        let mainline = run(None, true);
        let mainline_other = run(Some(KernelVersion::V5_15), true);
        let kernel = |b: &ModelBench| {
            let k = &b.experiment.scenario.kernel;
            (
                k.version,
                k.patches.iter().map(|p| p.key()).collect::<Vec<_>>(),
            )
        };
        assert_eq!(
            kernel(&own),
            (
                KernelVersion::V6_18,
                vec![
                    "vcpu-pack",
                    "next-buddy-eevdf",
                    "revert-force-wakeup-preemption",
                    "wakeup-preempt-delayed",
                    "lag-clamp-max-slice"
                ]
            )
        );
        assert_eq!(kernel(&same), kernel(&own));
        assert_eq!(same.description, own.description);
        assert_eq!(kernel(&other), (KernelVersion::V5_15, vec![]));
        assert_eq!(
            other.experiment.variants[0]
                .kernel
                .as_ref()
                .map(|k| k.version),
            Some(KernelVersion::V5_15)
        );
        assert!(
            other.description.contains(
                "5.15 baseline (--kernel 5.15: the recording's kernel runs as 6.18 + vcpu-pack, \
                 next-buddy-eevdf, revert-force-wakeup-preemption, wakeup-preempt-delayed, \
                 lag-clamp-max-slice; 5.15 has no vcpu-pack or next-buddy-eevdf or \
                 revert-force-wakeup-preemption or wakeup-preempt-delayed or \
                 lag-clamp-max-slice)"
            ),
            "{}",
            other.description
        );
        assert_eq!(kernel(&mainline), (KernelVersion::V6_18, vec![]));
        assert!(
            mainline.description.contains(
                "6.18 baseline (--baseline: the recording's kernel runs as 6.18 + vcpu-pack, \
                 next-buddy-eevdf, revert-force-wakeup-preemption, wakeup-preempt-delayed, \
                 lag-clamp-max-slice)"
            ),
            "{}",
            mainline.description
        );
        assert_eq!(kernel(&mainline_other), kernel(&other));
        assert!(
            mainline_other.description.contains(
                "5.15 baseline (--kernel 5.15 --baseline: the recording's kernel runs as 6.18 \
                 + vcpu-pack, next-buddy-eevdf, revert-force-wakeup-preemption, \
                 wakeup-preempt-delayed, lag-clamp-max-slice)"
            ),
            "{}",
            mainline_other.description
        );
        assert_eq!(
            other.experiment.scenario.workload,
            own.experiment.scenario.workload
        );
    }

    fn loops_and_run_ms(b: &ModelBench) -> (u32, u64) {
        let WorkloadConfig::Hackbench(h) = &b.experiment.scenario.workload else {
            panic!("not hackbench: {}", b.description)
        };
        (h.loops, b.experiment.scenario.run.duration_ms)
    }

    #[test]
    fn hackbench_runs_the_recorded_loops_to_completion() {
        let b = model_bench(
            &rec("hackbench-pipe-process-g1", "hackbench -p -g 1 -l 1000"),
            300,
            KernelChoice::default(),
        )
        .unwrap();
        assert_eq!(loops_and_run_ms(&b), (1000, HACKBENCH_RUN_LIMIT_MS));
        assert!(b.description.contains("to completion"), "{}", b.description);
        let b = model_bench(
            &rec(
                "perf-bench-sched-messaging",
                "perf bench sched messaging -g 2 -l 500",
            ),
            300,
            KernelChoice::default(),
        )
        .unwrap();
        assert_eq!(loops_and_run_ms(&b), (500, HACKBENCH_RUN_LIMIT_MS));
        // no -l: the benchmark's own default
        let b = model_bench(
            &rec("hackbench-socket-thread-g2", "hackbench -T -g 2"),
            300,
            KernelChoice::default(),
        )
        .unwrap();
        assert_eq!(
            loops_and_run_ms(&b),
            (DEFAULT_HACKBENCH_LOOPS, HACKBENCH_RUN_LIMIT_MS)
        );
        // open-ended benchmarks keep the given run length
        let b = model_bench(
            &rec("tbench-c2", "tbench -t 3 2 127.0.0.1"),
            300,
            KernelChoice::default(),
        )
        .unwrap();
        assert_eq!(b.experiment.scenario.run.duration_ms, 300);
        assert!(b.description.ends_with("300 ms"), "{}", b.description);
    }

    #[test]
    fn a_bad_loop_count_names_the_argument() {
        for cmd in ["hackbench -p -g 1 -l x", "hackbench -p -g 1 -l 0"] {
            let e = model_bench(
                &rec("hackbench-pipe-process-g1", cmd),
                300,
                KernelChoice::default(),
            )
            .unwrap_err();
            assert!(e.to_string().contains("-l"), "{e}");
        }
    }
}
