//! Workload configurations (the scenario's `workload` section) and their defaults.
//!
//! Every default is an estimate of what the real benchmark costs on a ~3 GHz Skylake-class
//! core, stated in CPU cycles (a run of W cycles takes W/f at the CPU's current frequency);
//! docs/workloads.md gives the reasoning for each number.

use serde::{Deserialize, Serialize};

use crate::engine::behaviour::{Amount, IrqRoute, TaskSpec};

use super::Metric;

/// Reference clock for turning microseconds of CPU work into cycles (3 GHz, the class of
/// machine the cost estimates were made for). Used by rt-app style RT tasks and imports.
pub const NOMINAL_MHZ: u32 = 3000;

/// Amount uniform in `[mean/2, 3*mean/2]`: CPU costs vary per operation (message sizes, code
/// paths) around an estimated mean.
pub(crate) const fn around(mean: u64) -> Amount {
    Amount::Uniform {
        lo: mean / 2,
        hi: mean + mean / 2,
    }
}

/// A benchmark and its parameters. `clients` (an argument of [`super::build`]) is what
/// mmtests' client/thread/group count means for each: tbench clients, dbench clients,
/// hackbench groups, pgbench clients, netperf instances, schbench workers per message thread,
/// barrier threads; a custom workload ignores it unless `replicate` is set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum WorkloadConfig {
    Tbench(TbenchConfig),
    Dbench(DbenchConfig),
    Hackbench(HackbenchConfig),
    Pgbench(PgbenchConfig),
    Netperf(NetperfConfig),
    Schbench(SchbenchConfig),
    Barrier(BarrierConfig),
    Custom(CustomConfig),
}

impl WorkloadConfig {
    /// The `kind` tag.
    pub fn kind(&self) -> &'static str {
        match self {
            WorkloadConfig::Tbench(_) => "tbench",
            WorkloadConfig::Dbench(_) => "dbench",
            WorkloadConfig::Hackbench(_) => "hackbench",
            WorkloadConfig::Pgbench(_) => "pgbench",
            WorkloadConfig::Netperf(_) => "netperf",
            WorkloadConfig::Schbench(_) => "schbench",
            WorkloadConfig::Barrier(_) => "barrier",
            WorkloadConfig::Custom(_) => "custom",
        }
    }
}

/// Where and when the benchmark's initial tasks start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum StartPolicy {
    /// Like mmtests: one launcher process on `cpu` starts client k (and its partner) at
    /// `k * stagger_ns`; every task is placed by the engine's fork balancing from `cpu`.
    Launcher { cpu: u16, stagger_ns: u64 },
    /// Task i starts on CPU `i mod nr_cpus` at time 0 (before fork balancing).
    Spread,
}

impl Default for StartPolicy {
    /// `launcher { cpu: 0, stagger_ns: 10000 }` (a fork+exec of a client every ~10 µs: estimate).
    fn default() -> Self {
        StartPolicy::Launcher {
            cpu: 0,
            stagger_ns: 10_000,
        }
    }
}

/// tbench: `clients` client/server pairs over loopback TCP. Each operation of the dbench
/// loadfile is one request/response round trip: the client sends its request and reads the
/// reply, the server (tbench_srv's child) reads the request and sends the reply, both with
/// `send` / `recv` on loopback TCP sockets (engine/sim/ipc.rs: the receive path of each send runs
/// on the sender's CPU, then a WF_SYNC wake-up of the reader; the sender goes on until its next
/// `recv` blocks).
///
/// The costs come from the committed recording of `tbench -t 3 1 127.0.0.1` on the 2-vCPU host
/// (recordings/host-2vcpu/tbench-c1, 2026-12-01 15:06, instance v1045; one pair split over the
/// two vCPUs), converted at the host's nominal 2.0 GHz, and are recomputed from its files by
/// crates/wakelab-cli/tests/workload_costs.rs. Per operation and side the recording gives the
/// CPU time (`sched_stat_runtime` over the bench log's 65 020 operations: client 23.85 µs,
/// server 19.25 µs) and the time from the wake-up a side issues to its block (`waker_runs_on`,
/// median client 7.49 µs, server 7.44 µs); the model splits that CPU time into the work before
/// the send (`client_cycles` / `server_cycles`), the loopback receive path
/// (`TCP_LOOPBACK_NET_RX_CYCLES`, 5.22 µs), the wake-up, the run after it (`send_return_cycles`,
/// measured on the packed pairs of tbench-c2, and `*_after_send_cycles`, the rest; in that split
/// recording a send's wake-up goes to the other vCPU, so the rest includes what such a wake-up
/// costs the waker there), the `recv` that finds the socket empty (`TCP_EMPTY_READ_CYCLES`,
/// 0.34 µs) and the context switch. The recording was made under `perf sched record`, whose
/// tracepoints cost 1.26 µs per wake-up and per switch on that host (recordings/switch-cost,
/// recordings/observer), so a wake-up counts 2.71 µs there (the engine's 1.45 µs,
/// `wakeup_cost_ns`, and the recorder's 1.26 µs) and a switch 2.44 µs (`context_switch_ns`'
/// 1.18 µs and 1.26 µs). Without the recorder the model's tbench is that much cheaper per
/// operation, as the host's is. Until 7 December 2026 the figures were an earlier instance's
/// (02:44 on v782, hand-read and not committed: client 17.9 µs, server 14.7 µs, 176 MB/sec);
/// the committed instance's are 33% higher, a third instance's (v1300, 7 December) client
/// 24.8 µs (recordings/README.md, "tbench on three instances").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TbenchConfig {
    /// Client CPU work per operation before its send: reading the reply that woke it,
    /// building the next request and `tcp_sendmsg` up to the transmit. Default exponential with
    /// mean 17.4k cycles. The mean's source: 23.85 µs of client CPU per operation less the
    /// receive path (5.22 µs), its 1.00 traced wake-ups per operation (2.71 µs each), the run
    /// after the send (4.45 µs: `send_return_cycles` and `client_after_send_cycles`), the empty
    /// read (0.34 µs) and one traced context switch (2.44 µs): 8.70 µs at 2.0 GHz. The shape's:
    /// the same recording's bursts (wake-up to block, one operation each) less their mean's
    /// share that is not this work, p10 / p50 / p90 / p99 1.96 / 3.50 / 20.6 / 51.9 µs: tbench's
    /// loadfile mixes cheap and costly operations, a skew (p50 0.4x, p99 6x the mean) that the
    /// exponential at the same mean (0.69x, 4.6x) follows closer than the uniform ±50% it
    /// replaced on 7 December 2026 (1.0x, 1.49x) at every one of those quantiles
    /// (crates/wakelab-cli/tests/workload_costs.rs checks it). The recorded tail is heavier
    /// still: not modelled.
    pub client_cycles: Amount,
    /// Server (tbench_srv child) CPU work per operation before its reply's send. Default
    /// exponential with mean 8.41k. The mean's source: 19.25 µs less 5.22, 0.98 traced wake-ups
    /// x 2.71, 4.40 (1.02 + 3.38), 0.34 and 2.44 µs: 4.21 µs at 2.0 GHz. The shape's, as for the
    /// client: the bursts give p10 / p50 / p90 / p99 0.27 / 1.33 / 11.4 / 30.6 µs.
    pub server_cycles: Amount,
    /// The rest of a send's system call after its wake-up of the reader (`tcp_sendmsg`
    /// returning), run in kernel mode: without CONFIG_PREEMPT the woken reader's preemption
    /// waits for it (the generator wraps the send and this run in a `syscall` block). Default
    /// 2.03k cycles. Source: tbench-c2's clients, each pair packed on one vCPU, run 3.73 µs (p50)
    /// from their wake-up of the server to their switch-out, which is a preemption in 94%
    /// (`waker_runs_on`, recordings/host-2vcpu/tbench-c2.summary.json), less the traced wake-up
    /// itself (2.71 µs: the engine's 1.45 and the recorder's 1.26): 1.017 µs at 2.0 GHz.
    pub send_return_cycles: Amount,
    /// Client run after its send's system call until its `recv` blocks (the return to user
    /// space, the syscall into `tcp_recvmsg` and `sk_wait_data`). Default uniform 3.43k-10.29k
    /// (mean 6.86k). Source: median 7.49 µs from the client's wake-up of the server to its
    /// block, less the traced wake-up itself (2.71 µs), `send_return_cycles` (1.02 µs) and the
    /// `recv`'s pass that finds the socket empty, charged by itself (`TCP_EMPTY_READ_CYCLES`,
    /// 0.34 µs): 3.43 µs at 2.0 GHz.
    pub client_after_send_cycles: Amount,
    /// Server run after its reply's system call until its `recv` blocks. Default uniform
    /// 3.38k-10.14k (mean 6.76k). Source: median 7.44 µs less 2.71, 1.02 and 0.34 µs: 3.38 µs at
    /// 2.0 GHz.
    pub server_after_send_cycles: Amount,
    /// Payload bytes credited per operation for "MB/sec". Default 5630, measured: tbench-c1's
    /// 121.935 MB/sec over 3 s at 65 020 operations (c2 / c4: 5.6 / 6.0 KB). 5700 until 7
    /// December 2026, from the earlier instance's run; before that 24000, chosen to put 1 client
    /// near T3's ~500 MB/s.
    pub bytes_per_op: u64,
    pub start: StartPolicy,
}

impl Default for TbenchConfig {
    fn default() -> Self {
        TbenchConfig {
            client_cycles: Amount::Exp { mean: 17_400 },
            server_cycles: Amount::Exp { mean: 8_410 },
            send_return_cycles: Amount::Fixed(2_030),
            client_after_send_cycles: around(6_860),
            server_after_send_cycles: around(6_760),
            bytes_per_op: TBENCH_BYTES_PER_OP,
            start: StartPolicy::default(),
        }
    }
}

/// tbench's payload per operation, measured (`TbenchConfig::bytes_per_op`'s default).
const TBENCH_BYTES_PER_OP: u64 = 5_630;
/// Bytes of each tbench request and reply (only counted against the socket's limit, which one
/// message in flight never reaches): the recording's payload per operation.
pub const TBENCH_MESSAGE_BYTES: u32 = TBENCH_BYTES_PER_OP as u32;
/// Bytes of a netperf RR request and response: 1 (netperf's default `-r 1,1`).
pub const NETPERF_MESSAGE_BYTES: u32 = 1;
/// Bytes of a pgbench statement and its result on the socket: a nominal 100 (only counted
/// against the socket buffer, which one statement in flight never fills).
pub const PGBENCH_MESSAGE_BYTES: u32 = 100;

/// How XFS log work reaches a kworker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Kworkers {
    /// A bound, high-priority workqueue (`xfs-log` is allocated with WQ_HIGHPRI and without
    /// WQ_UNBOUND): work queued on CPU c runs in kworker/c:xH, a nice -20 kthread pinned to c.
    /// The client's wake-up therefore always lands on the client's own CPU, and the kworker's
    /// wake-up of the client comes from that CPU too.
    #[default]
    Bound,
    /// One unbound kworker per client, placed by the scheduler like any task.
    Unbound,
}

/// What an xfs client's fsync does (`xfs_fsync`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum XfsFsync {
    /// The older abstraction, measured as a whole: every `ops_per_log` operations the client
    /// wakes the log kworker of its CPU and sleeps until it answers (T1's "A wakes B, B wakes
    /// A"); every `logs_per_io`-th answer comes after a log write.
    #[default]
    Kworker,
    /// `xfs_file_fsync`'s chain (fs/xfs/xfs_file.c): wait for the file's data
    /// (`file_write_and_wait_range`, `fsync_io_ns`), push the CIL and wait for the push worker
    /// (`xlog_cil_force_seq` -> `xlog_cil_push_now` flushes the unbound xfs-cil workqueue,
    /// queues `xlog_cil_push_work` on it, and, the push not yet started, flushes it again:
    /// `flush_workqueue`, engine/sim/workqueue.rs), then wait for the iclog write (`xlog_force_lsn` ->
    /// `xlog_wait_on_iclog`), whose completion `xlog_bio_end_io` queues on xfs-log's
    /// WQ_HIGHPRI worker of the CPU it completes on (`kworker/N:1H`), which wakes the client
    /// (`xlog_ioend_work` -> ... `wake_up_all(&iclog->ic_force_wait)`). Bound kworkers only.
    LogForce,
}

impl XfsFsync {
    fn is_kworker(&self) -> bool {
        *self == XfsFsync::Kworker
    }
}

/// Which filesystem's log/journal interaction a dbench client has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum DbenchVariant {
    /// Each client hands log work to an unbound workqueue kworker, wakes it and waits for it.
    #[default]
    Xfs,
    /// All clients share one jbd2 journal kthread: an fsync waits for its data, then for jbd2's
    /// group commit (`commit_wait`; engine/sim/journal.rs).
    Ext4,
}

/// A loop device under dbench's filesystem (`loop_device`): how its IO completions reach the
/// waiters (engine/sim/completion.rs). Every completion is handed to the loop device's worker
/// (`kworker/u:loop0`, `loop_process_work` -> `blk_mq_complete_request`), which either wakes
/// the waiter itself or, for a share of them, raises BLOCK_SOFTIRQ on its CPU
/// (`blk_mq_complete_request_remote` -> `blk_mq_raise_softirq`, from task context, so
/// `wakeup_softirqd`), and `ksoftirqd/N` of that CPU wakes the waiter. No field has a default:
/// the values describe one machine (`wakelab validate`'s recording host: bench.rs there).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoopDevice {
    /// Share of the fsync's data-wait completions (ext4) that go through ksoftirqd, per mille
    /// (0 to 1000); the rest are woken by the worker.
    pub data_softirq_permille: u16,
    /// Share of the log / journal writes' completions that go through ksoftirqd, per mille
    /// (0 to 1000).
    pub log_softirq_permille: u16,
    /// The worker's CPU work per completion.
    pub worker_cycles: Amount,
    /// ksoftirqd's CPU work per completion (BLOCK_SOFTIRQ, `blk_done_softirq`).
    pub softirq_cycles: Amount,
    /// A client's CPU in its fsync's data wait after it woke the worker and before it sleeps
    /// (the rest of the writeback's submission; a `cond_resched` follows it, where a worker
    /// woken onto the client's CPU can preempt it). Absent: the client sleeps as it wakes the
    /// worker. The log's writes (xfs) have none (generators.rs, `submitted_io`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data_submit_cycles: Option<Amount>,
    /// ext4: jbd2's CPU after its commit's journal blocks reach the device (`blk_finish_plug`,
    /// waking the worker) and before it waits for them; no preemption point lies between (the
    /// `cond_resched` after the `submit_bh` loop comes before the unplug). Absent: jbd2 sleeps
    /// as it wakes the worker.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub journal_submit_cycles: Option<Amount>,
}

/// dbench: `clients` clients running file operations (page-cache work) and, every
/// `ops_per_log` operations, waiting for the filesystem's log worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DbenchConfig {
    pub variant: DbenchVariant,
    /// CPU work of one file operation. Default uniform 11k-33k, **measured** (2026-12-06): the
    /// mean of the six dbench recordings' CPU per operation (the `dbench` group's CPU over the
    /// op table's count, 10.1-11.5 µs, mean 10.89 µs; recordings/README.md, "dbench") at the
    /// recording host's 2.0 GHz; the width is an estimate (only the sum over the operations
    /// between two fsyncs matters). Until then uniform 20k-60k, an estimate.
    pub op_cycles: Amount,
    /// Operations between two log interactions (the client's fsync: wake the log worker,
    /// sleep until it answers). Default (`null`): 30 for xfs, 83 for ext4. xfs: measured on
    /// the one-client recording (recordings/README.md, "dbench"): dbench-xfs-c1 blocks once
    /// per 30 operations (c2 / c4: 25 / 21). ext4: dbench's `Flush` share, one per 82.0-82.8
    /// operations in each of the six committed dbench recordings' op tables (a property of
    /// the loadfile); each is an fsync that waits for jbd2 (group commit decides how many
    /// wake jbd2). Until 2026-12-02 ext4 took 106, jbd2's wake-ups per operation at one
    /// client, an effect rather than the cause. Earlier estimates, 2 and 8, came from T1.
    pub ops_per_log: Option<u32>,
    /// Work of the kworker (xfs CIL push) or jbd2 (commit) per interaction, and again after
    /// each IO wait of a log write (`ios_per_log`). Default (`null`): xfs uniform 10k-30k
    /// (mean 20k ≈ 7 µs, estimate); ext4 uniform 22k-98k, **measured**: jbd2's bursts in
    /// dbench-ext4-c1 (p10 / p90 13.5 / 51.3 µs, 3 per commit) less the traced context switch
    /// (2.44 µs: the engine's 1.18 µs and the recorder's 1.26 µs; uniform 25k-100k until 7
    /// December 2026, with a 1 µs switch), at the recording host's 2.0 GHz.
    pub log_cycles: Option<Amount>,
    /// Every `logs_per_io`-th interaction also writes the log to the device and waits for the
    /// completion interrupt. Default (`null`): 16 for xfs, 1 for ext4 (a jbd2 commit always
    /// writes the journal). 0 = never.
    pub logs_per_io: Option<u32>,
    /// IO waits of one log write, each followed by `log_cycles` of work. Default (`null`):
    /// ext4 2, **measured**: `jbd2_journal_commit_transaction` writes the journal blocks and
    /// waits for them, then writes the commit record and waits for it; in dbench-ext4-c1
    /// ksoftirqd wakes jbd2 2012 times in 1007 commits (recordings/host-2vcpu, wake_graph).
    /// xfs 1 (one iclog write, estimate). At most 16.
    pub ios_per_log: Option<u32>,
    /// Device latency of a log write. Default uniform 50-150 µs (SSD write + cache flush).
    pub io_ns: Amount,
    /// ext4 only: the latency of a log write's last IO, jbd2's commit record (written with
    /// REQ_PREFLUSH | REQ_FUA, `jbd2_journal_commit_transaction` -> `journal_submit_commit_record`),
    /// where the device's cache flush is. Default (`null`): `io_ns`, as every other journal IO.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub commit_record_io_ns: Option<Amount>,
    /// Where the completion interrupt of that last IO (ext4's commit record; xfs `log_force`'s
    /// iclog write) is delivered, when it is not `irq`'s: the flush waits for a device whose
    /// interrupt has its own route (on a loop device, the backing disk's). Default (`null`):
    /// `irq`. Set only by `wakelab validate` (its host's disk interrupts vCPU 1 only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub commit_record_irq: Option<IrqRoute>,
    /// The filesystem sits on a loop device: every IO completion goes through the loop
    /// device's worker and, for a share of them, `ksoftirqd/N` ([`LoopDevice`]), which the
    /// workload adds as tasks. Default (`null`): the completion interrupt wakes the waiter (an
    /// SSD or NVMe). `wakelab validate` sets it for the recordings made on a loop device.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loop_device: Option<LoopDevice>,
    /// The fsync's wait for the file's dirty data (`file_write_and_wait_range`, an IO wait
    /// before the journal commit). Default (`null`): ext4 uniform 40-80 µs, **measured**
    /// 2026-12-02 on this host (dbench-ext4-c1 under load: every fsync waits for data IO
    /// first, woken by ksoftirqd, median 37-46 µs, or the loop worker, median 66-81 µs);
    /// xfs none (its blocking rate, `ops_per_log`, was measured as a whole). 0 = none.
    pub fsync_io_ns: Option<Amount>,
    /// Where completion interrupts are delivered. Default round robin (MSI-X spread).
    pub irq: IrqRoute,
    /// Bytes credited per operation for "MB/sec". Default 16000 (estimate, see docs).
    pub bytes_per_op: u64,
    /// xfs only: bound per-CPU (default) or unbound kworkers.
    pub kworkers: Kworkers,
    /// xfs only: the fsync's shape, `kworker` (default: the measured blocking rate against one
    /// kworker) or `log_force` (the kernel's chain: data wait, CIL push, iclog write completed
    /// through the completing CPU's `kworker/N:1H`; [`XfsFsync`]). `wakelab validate` sets
    /// `log_force` for the recordings made on its host's loop device.
    #[serde(skip_serializing_if = "XfsFsync::is_kworker")]
    pub xfs_fsync: XfsFsync,
    pub start: StartPolicy,
}

impl Default for DbenchConfig {
    fn default() -> Self {
        DbenchConfig {
            variant: DbenchVariant::Xfs,
            op_cycles: around(22_000),
            ops_per_log: None,
            log_cycles: None,
            logs_per_io: None,
            ios_per_log: None,
            io_ns: around(100_000),
            commit_record_io_ns: None,
            commit_record_irq: None,
            loop_device: None,
            fsync_io_ns: None,
            irq: IrqRoute::RoundRobin,
            bytes_per_op: 16_000,
            kworkers: Kworkers::Bound,
            xfs_fsync: XfsFsync::Kworker,
            start: StartPolicy::default(),
        }
    }
}

impl DbenchConfig {
    /// The route of the commit record's (or iclog write's) completion interrupt.
    pub fn commit_record_irq(&self) -> IrqRoute {
        self.commit_record_irq.unwrap_or(self.irq)
    }

    pub fn ops_per_log(&self) -> u32 {
        self.ops_per_log.unwrap_or(match self.variant {
            // the log force's chain blocks several times per fsync: one fsync per `Flush` of
            // the loadfile, as ext4 (the measured 30 is the kworker shape's blocking rate)
            DbenchVariant::Xfs if self.xfs_fsync == XfsFsync::Kworker => 30,
            DbenchVariant::Xfs | DbenchVariant::Ext4 => 83,
        })
    }

    /// The fsync's data wait, if any (see the field).
    pub fn fsync_io_ns(&self) -> Option<Amount> {
        match self.fsync_io_ns.unwrap_or(match self.variant {
            DbenchVariant::Xfs if self.xfs_fsync == XfsFsync::Kworker => Amount::Fixed(0),
            // the same data wait (`file_write_and_wait_range`) as ext4's
            DbenchVariant::Xfs | DbenchVariant::Ext4 => Amount::Uniform {
                lo: 40_000,
                hi: 80_000,
            },
        }) {
            Amount::Fixed(0) => None,
            a => Some(a),
        }
    }

    pub fn log_cycles(&self) -> Amount {
        self.log_cycles.unwrap_or(match self.variant {
            DbenchVariant::Xfs => around(20_000),
            DbenchVariant::Ext4 => Amount::Uniform {
                lo: 22_000,
                hi: 98_000,
            },
        })
    }

    pub fn ios_per_log(&self) -> u32 {
        self.ios_per_log.unwrap_or(match self.variant {
            DbenchVariant::Xfs => 1,
            DbenchVariant::Ext4 => 2,
        })
    }

    pub fn logs_per_io(&self) -> u32 {
        self.logs_per_io.unwrap_or(match self.variant {
            DbenchVariant::Xfs => 16,
            DbenchVariant::Ext4 => 1,
        })
    }
}

/// hackbench IPC channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum HackbenchIpc {
    /// AF_UNIX stream socketpair (hackbench's default).
    #[default]
    Socket,
    /// Pipes (`-pipe`).
    Pipe,
}

/// hackbench task kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum HackbenchMode {
    /// fork() (hackbench's default).
    #[default]
    Process,
    /// pthread_create (`-T`): clone() also goes through fork balancing; only cheaper.
    Thread,
}

/// hackbench: `clients` groups; in each, `tasks_per_group / 2` senders each write `loops`
/// 100-byte messages to each of the group's `tasks_per_group / 2` receivers, through the
/// receiver's pipe or AF_UNIX socket (`send` / `recv`: a sender sleeps when the receiver's buffer
/// is full, a receiver when it is empty). One parent, exec'd from a shell on `launcher_cpu`,
/// forks every task (fork balancing = the slow path); the metric is the completion time.
///
/// The CPU costs come from the clean recordings of rt-tests hackbench on the 2-vCPU AMD EPYC
/// (Zen 1) host, converted at its nominal 2.0 GHz (recordings/README.md, "The host"): the
/// benchmark tasks' CPU time per message (`sched_stat_runtime` of the receivers and of the
/// senders, told apart by fork order) of `hackbench -g 4 -l 1000` (the recording with the
/// fewest wake-ups per message), less what a wake-up, a context switch and a read that finds its
/// buffer empty cost at that recording's rates: the engine's own charges (`wakeup_cost_ns` 1.45
/// µs, `context_switch_ns` 1.18 µs, the empty read 0.26 µs on a pipe and 0.30 µs on a socket)
/// and the recorder's, `perf sched record`'s tracepoints (1.26 µs per wake-up and per switch,
/// recordings/switch-cost and recordings/observer).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HackbenchConfig {
    /// Senders + receivers per group (hackbench `-f num_fds` gives num_fds of each). Even,
    /// >= 2. Default 40.
    pub tasks_per_group: u32,
    /// Messages each sender writes to each receiver (`-l`). Default 100 (hackbench's).
    pub loops: u32,
    pub ipc: HackbenchIpc,
    pub mode: HackbenchMode,
    /// CPU work of one 100-byte write. Default (`null`): socket 1920, pipe 860 cycles (means;
    /// each draw uniform in [mean/2, 3 mean/2]). Source: recordings/host-2vcpu/
    /// hackbench-{socket,pipe}-process-g4: sender CPU 1.046 / 0.513 µs per message, less
    /// 0.028 / 0.031 wake-ups x 2.71 µs and 0.005 / 0.0004 switches x 2.44 µs (the engine's and
    /// the recorder's costs), at 2.0 GHz.
    pub write_cycles: Option<Amount>,
    /// CPU work of one 100-byte read. Default (`null`): socket 2280, pipe 870 cycles (+-50%).
    /// Source: the same recordings: receiver CPU 1.232 / 0.519 µs per message, less 0.028 /
    /// 0.031 switches x 2.44 µs, as many empty reads x 0.30 / 0.26 µs and 0.005 / 0.0001
    /// wake-ups x 2.71 µs, at 2.0 GHz.
    pub read_cycles: Option<Amount>,
    /// Parent's CPU work per fork. Default (`null`): process 190000, thread 82000 cycles
    /// (+-50%). Source: the parent's CPU time from its exec to its last fork over the forks,
    /// less the exec (below): process 96 µs (hackbench-socket-process-g4, 160 forks; pipe-g1:
    /// 98 µs), thread 41 µs (hackbench-pipe-thread-g1), at 2.0 GHz.
    pub fork_cycles: Option<Amount>,
    /// Parent's CPU work from its `execve` to its first fork (loading the binary and its
    /// libraries), run after the exec placement (`sched_exec`). Default (`null`): 1.12M cycles
    /// (+-50%). Source: `sched_process_exec` to the first `sched_process_fork` of the parent,
    /// 557-681 µs (hackbench-{pipe,socket}-* recordings, the parent alone on its vCPU), at 2.0 GHz.
    pub exec_cycles: Option<Amount>,
    /// CPU of the shell the parent is started from (it forks there, then execs). Default 0.
    pub launcher_cpu: u16,
    /// Delay before the parent starts (ms), e.g. to let interference settle first, as when
    /// rt-app is started before hackbench. Default 0. The completion time is measured from
    /// this start.
    pub start_ms: u64,
}

impl Default for HackbenchConfig {
    fn default() -> Self {
        HackbenchConfig {
            tasks_per_group: 40,
            loops: 100,
            ipc: HackbenchIpc::Socket,
            mode: HackbenchMode::Process,
            write_cycles: None,
            read_cycles: None,
            fork_cycles: None,
            exec_cycles: None,
            launcher_cpu: 0,
            start_ms: 0,
        }
    }
}

// The defaults vary per operation (`around`, as the other workloads' costs): with fixed costs
// every iteration of an experiment was identical (Stddev 0), where real runs vary.
impl HackbenchConfig {
    pub fn write_cycles(&self) -> Amount {
        self.write_cycles.unwrap_or(match self.ipc {
            HackbenchIpc::Socket => around(1_920),
            HackbenchIpc::Pipe => around(860),
        })
    }
    pub fn read_cycles(&self) -> Amount {
        self.read_cycles.unwrap_or(match self.ipc {
            HackbenchIpc::Socket => around(2_280),
            HackbenchIpc::Pipe => around(870),
        })
    }
    pub fn fork_cycles(&self) -> Amount {
        self.fork_cycles.unwrap_or(match self.mode {
            HackbenchMode::Process => around(190_000),
            HackbenchMode::Thread => around(82_000),
        })
    }
    pub fn exec_cycles(&self) -> Amount {
        self.exec_cycles.unwrap_or(around(1_120_000))
    }
}

/// How pgbench reaches its backends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum PgbenchSocket {
    /// The server's unix socket (`-h` a directory, or no host: libpq's default), as the
    /// recordings ran it (`pgbench -h $TMP/pg/sock`): `unix_stream_sendmsg` wakes the reader
    /// directly, no receive softirq.
    #[default]
    Unix,
    /// TCP over loopback (`-h 127.0.0.1`): each send runs the receive path on the sender's CPU.
    Tcp,
}

/// pgbench: `clients` pgbench client connections, each with its own server backend. A
/// transaction is `statements_per_txn` request/response round trips (`send` / `recv`, WF_SYNC
/// wake-ups both ways); every `txns_per_io`-th commit waits for a WAL flush: `ios_per_flush` IO
/// waits (plus a metadata write in `metadata_io_permille` of the flushes), each with a
/// completion interrupt.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PgbenchConfig {
    /// Round trips per transaction. Default 7 (TPC-B-like: BEGIN, 3 UPDATE, SELECT, INSERT, END).
    pub statements_per_txn: u32,
    /// Client work per statement (libpq) from its wake-up by the result to its send of the next
    /// statement. Default uniform 11.6k-26.2k cycles, **measured** (recordings/host-2vcpu,
    /// pgbench-select-c1 of 2026-12-01 15:12, one client: the pgbench burst's p10 / p90 12.8 /
    /// 18.6 µs as a uniform 12.1-19.4 µs, less its median 6.2 µs run after the send, at the
    /// recording's nominal 1996 MHz; its mean CPU per statement, 15.3 µs, is the mean burst;
    /// recomputed from the summary by crates/wakelab-cli/tests/workload_costs.rs).
    pub client_cycles: Amount,
    /// Backend work per statement from its wake-up by the statement to its send of the result.
    /// Default uniform 149.4k-221.2k cycles, **measured** as `client_cycles` from the backend's
    /// burst (p10 / p90 90.8 / 119.6 µs, mean 102 µs: its CPU per statement) less its median
    /// 12.3 µs run after the send. pgbench-rw-c1's backends use 101 µs of CPU per statement, the
    /// same, so the TPC-B-like script keeps one cost for every statement.
    pub backend_cycles: Amount,
    /// The rest of a send's system call after its wake-up of the reader (`unix_stream_sendmsg`
    /// returning; `tcp_sendmsg` with `socket: "tcp"`), run in kernel mode: without
    /// CONFIG_PREEMPT the woken reader's preemption waits for it (the generator wraps each send
    /// and this run in a `syscall` block, on both sides). Default 3.5k cycles, **measured**:
    /// 1.75 µs, the median over the pgbench runs of recordings/send-return (bpftrace,
    /// scripts/trace-reads/sendret.bt) of the p50 from `sched_wakeup` of a wakee on the waker's
    /// own CPU to the waker's `sys_exit` (pgbench 1.75-2.0 µs, postgres 1.5-2.0 µs), at 2.0 GHz.
    /// The wake-up before it is the engine's `wakeup_cost_ns`.
    pub send_return_cycles: Amount,
    /// Client run after a statement's send system call until it blocks waiting for the result.
    /// Default 2.88k cycles, **measured** (pgbench-select-c1 as above: median 6.2 µs from
    /// pgbench's wake-up of its backend to its block, less the traced wake-up, 2.71 µs: the
    /// engine's 1.45 µs, `engine.wakeup_cost_ns`, and `perf sched record`'s 1.26 µs,
    /// recordings/switch-cost; `send_return_cycles`' 1.75 µs; and the `recv`'s pass that finds
    /// the socket empty, charged by itself, 0.30 µs, `UNIX_EMPTY_READ_CYCLES`: 1.44 µs; 2.7 µs
    /// until 7 December 2026, with a 1.75 µs traced wake-up and no empty read; from the exact
    /// median, 6.242 µs, at the recording's 1996 MHz it would be 2.96k: the rounding is left,
    /// not tested). In that split recording
    /// the wake-up goes to the other vCPU, which on that VM instance cost the waker about what a
    /// local one does (recordings/send-return/README.md).
    pub client_after_send_cycles: Amount,
    /// Backend run after a result's send system call until it blocks reading the next
    /// statement. Default 15.08k cycles, **measured** as above (median 12.3 µs less 2.71, 1.75
    /// and 0.30 µs: 7.54 µs; 8.8 µs until 7 December 2026; from the exact median, 12.333 µs, at
    /// 1996 MHz 15.12k, as for the client's: not tested).
    pub backend_after_send_cycles: Amount,
    /// Commits per WAL flush. Default 1 (synchronous_commit=on). 0 = never. A commit's flush
    /// is a `wal_flush` step (PostgreSQL's `XLogFlush`, engine/sim/wal.rs): a backend that
    /// finds another flushing waits for it and is usually covered by its flush.
    pub txns_per_io: u32,
    /// One IO wait of the WAL flush, from the flusher's block to the completion interrupt.
    /// Default uniform 26.5-79.5 µs, **measured**: the committed quiet recordings'
    /// (recordings/host-2vcpu, 2026-12-01) backend D-state sleeps with a visible wake-up have a
    /// median of 50 µs (pgbench-rw-c2) and 56 µs (rw-c4) (recordings/README.md, pgbench, the
    /// `io_ns` row); their middle, 53 µs, is the median here. The spread is the 2026-12-04
    /// re-recording's (recordings/pgbench-rw-fdatasync, rw-c2: the 9 037 sleeps inside
    /// fdatasync whose wake-up is traced, p10 / p50 / p90 20.2 / 31.3 / 44.4 µs, 0.65 / 1 / 1.42
    /// of the median), read as a uniform 0.5-1.5 of the median (p10 / p90 0.6 / 1.4); its own
    /// disk was faster (median 31 µs). rw-c1's 113 µs is left out: with vCPU 1 idle while the
    /// backend waits few of its wake-ups are traced, and that recording had foreign load.
    /// Until 4 December 2026 the whole flush was one IO of uniform 50-150 µs, an estimate.
    pub io_ns: Amount,
    /// IO waits of one WAL flush (`wal_flush`'s `ios`, 1 to 8). Default 2, **measured**
    /// (recordings/pgbench-rw-fdatasync, 2026-12-04, with the block layer's events): the
    /// fdatasync of every commit sleeps on the WAL page write (`WS`, 8 kB) and then on the
    /// device's cache flush (`FF`, issued by kblockd), in 3 172 of 3 176 fdatasyncs at one
    /// client and 6 063 of 6 094 at two; the loaded re-recording names the same waits
    /// (recordings/pgbench-rw-handoffs). The `pwrite` before it does not sleep.
    pub ios_per_flush: u32,
    /// Share of WAL flushes, per mille (0 to 1000), with one more IO wait: a 4 kB metadata
    /// write (`WSM`) between the page write and the cache flush. Default 350, **measured**: the
    /// committed quiet pgbench-rw-c1 (one client, so every commit flushes its own WAL) has 2.35
    /// backend D-state blocks per transaction (recordings/README.md, pgbench), 0.35 more than
    /// `ios_per_flush`; the 2026-12-04 re-recording has the metadata write in 236 of 1000
    /// fdatasyncs at one client and 123 at two (no other D block: 1.000 fdatasync per commit).
    /// 0 with `ios_per_flush` 1 is the model before 4 December 2026 (and what a link to a base
    /// written before these fields decodes to: crates/wakelab-link/src/bases.rs).
    pub metadata_io_permille: u16,
    /// Where the flush's completion interrupts are delivered. Default round robin (T2's
    /// MSI-X vectors spread over CPUs); `wakelab validate` sets the recording host's
    /// (`{"cpu": 1}`: its virtio disk's one request queue interrupts vCPU 1 only,
    /// crates/wakelab-interop/src/validate/bench.rs).
    pub irq: IrqRoute,
    /// Unix socket (default, as recorded) or loopback TCP.
    pub socket: PgbenchSocket,
    /// pgbench's scale factor (`pgbench -i -s`): the TPC-B-like script's three UPDATEs lock a
    /// random row of 100 000 x scale accounts, 10 x scale tellers and scale branches until the
    /// transaction ends (`lock` / `unlock_all`, engine/sim/locks.rs). Default 4, the
    /// recordings' `pgbench -i -s 4` (scripts/record-benchmarks.sh). 0 = no row locks; only a
    /// 7-statement transaction (the TPC-B-like script) takes them.
    pub scale: u32,
    /// The server's own processes that run during a recorded run: the background writer and
    /// the WAL writer, each a timer-woken loop (`postgres/bgwriter`, `postgres/walwriter`,
    /// after the pairs; generators.rs, `PG_AUX`). Default on. Off = one backend per client and
    /// nothing else of the server, the model before issue 19 (and what a link to a base
    /// written before this field decodes to: crates/wakelab-link/src/bases.rs).
    pub aux_processes: bool,
    pub start: StartPolicy,
}

impl Default for PgbenchConfig {
    fn default() -> Self {
        PgbenchConfig {
            statements_per_txn: 7,
            client_cycles: Amount::Uniform {
                lo: 11_600,
                hi: 26_200,
            },
            backend_cycles: Amount::Uniform {
                lo: 149_400,
                hi: 221_200,
            },
            send_return_cycles: Amount::Fixed(3_500),
            client_after_send_cycles: Amount::Fixed(2_880),
            backend_after_send_cycles: Amount::Fixed(15_080),
            txns_per_io: 1,
            io_ns: around(53_000),
            ios_per_flush: 2,
            metadata_io_permille: 350,
            irq: IrqRoute::RoundRobin,
            socket: PgbenchSocket::Unix,
            scale: 4,
            aux_processes: true,
            start: StartPolicy::default(),
        }
    }
}

/// netperf request/response test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum NetperfProto {
    #[default]
    UdpRr,
    TcpRr,
}

/// netperf UDP_RR / TCP_RR over localhost: `clients` netperf/netserver pairs exchanging
/// 1-byte requests and responses; transactions per second. Both protocols use the engine's
/// loopback path (`send` / `recv` on loopback TCP sockets: the receive path on the sender's CPU,
/// a WF_SYNC wake-up of the reader); UDP's shorter receive path (`udp_rcv`, no ACK state) is not
/// told apart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct NetperfConfig {
    pub protocol: NetperfProto,
    /// Client work per transaction before its send. Default (`null`): uniform 1.5k-4.5k
    /// (mean 3000 cycles, ≈ 1 µs at 3 GHz; estimate: netperf's loop around a 1-byte send).
    pub client_cycles: Option<Amount>,
    /// Server work per transaction before its reply. Default (`null`): as the client.
    pub server_cycles: Option<Amount>,
    /// Run after a send's system call until the sender's `recv` blocks. Default (`null`):
    /// tbench's measured client figure (`client_after_send_cycles`; estimate that netperf's path
    /// from `send` back into `recv` costs what tbench's does). The send's system call ends with
    /// tbench's `send_return_cycles` in kernel mode.
    pub after_send_cycles: Option<Amount>,
    pub start: StartPolicy,
}

impl Default for NetperfConfig {
    fn default() -> Self {
        NetperfConfig {
            protocol: NetperfProto::UdpRr,
            client_cycles: None,
            server_cycles: None,
            after_send_cycles: None,
            start: StartPolicy::default(),
        }
    }
}

impl NetperfConfig {
    pub fn client_cycles(&self) -> Amount {
        self.client_cycles.unwrap_or(around(3_000))
    }
    pub fn server_cycles(&self) -> Amount {
        self.server_cycles.unwrap_or(around(3_000))
    }
    pub fn after_send_cycles(&self) -> Amount {
        self.after_send_cycles
            .unwrap_or(TbenchConfig::default().client_after_send_cycles)
    }
}

/// schbench: message threads that sleep, then wake their workers; workers compute and report
/// back. `clients` = workers per message thread. The metric is a wake-up latency percentile.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SchbenchConfig {
    /// Message threads (`-m`). Default 0 = one per NUMA node (as mmtests runs it).
    pub message_threads: u32,
    /// Message thread sleep between rounds (`-s`). Default 30 ms (schbench's default).
    pub sleep_ns: Amount,
    /// Worker work per round (`-c`, 30 ms of spinning in schbench): default 90M cycles
    /// (30 ms at 3 GHz).
    pub work_cycles: Amount,
    /// Message thread work per worker woken (list handling, futex wake). Default 3000.
    pub msg_cycles: Amount,
    /// Reported percentile. Default 99.
    pub percentile: u32,
    pub start: StartPolicy,
}

impl Default for SchbenchConfig {
    fn default() -> Self {
        SchbenchConfig {
            message_threads: 0,
            sleep_ns: Amount::Fixed(30_000_000),
            work_cycles: Amount::Fixed(90_000_000),
            msg_cycles: Amount::Fixed(3_000),
            percentile: 99,
            start: StartPolicy::default(),
        }
    }
}

/// barrier: `clients` threads; each iteration every thread computes, then waits at a shared
/// barrier (the last arrival wakes the rest). Iterations per second.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BarrierConfig {
    /// Work per thread per iteration. Default uniform 150k-450k (mean 100 µs at 3 GHz).
    pub work_cycles: Amount,
    pub start: StartPolicy,
}

impl Default for BarrierConfig {
    fn default() -> Self {
        BarrierConfig {
            work_cycles: around(300_000),
            start: StartPolicy::default(),
        }
    }
}

/// custom: the user's own tasks and fork templates in the behaviour language.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CustomConfig {
    pub tasks: Vec<TaskSpec>,
    pub templates: Vec<TaskSpec>,
    /// Default: throughput in "ops/s", 1 per op.
    pub metric: Metric,
    /// Default false.
    pub stop_when_all_exited: bool,
    /// Instantiate `tasks` once per client (task references are offset per copy; names get
    /// `/k`). Default false: `clients` is ignored.
    pub replicate: bool,
}

impl Default for CustomConfig {
    fn default() -> Self {
        CustomConfig {
            tasks: Vec::new(),
            templates: Vec::new(),
            metric: Metric::Throughput {
                unit: "ops/s".into(),
                per_op: 1.0,
            },
            stop_when_all_exited: false,
            replicate: false,
        }
    }
}
