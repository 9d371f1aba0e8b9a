//! Blocking IPC with real buffer sizes: the read end a task owns (its *inbox*: a pipe, an
//! AF_UNIX stream socket or a TCP socket over loopback) and the buffer arithmetic of each.
//!
//! `send` (`Phase::Send`) writes a message into the target task's inbox and blocks while the
//! buffer is full; `recv` (`Phase::Recv`) reads from the task's own inbox and blocks while it is
//! empty. This module is the pure state (what is queued, who waits, when a write fits, what a
//! read frees); which wake-ups follow, per kernel version and with which flavour (WF_SYNC or
//! not), is `engine/sim/ipc.rs`. docs/workloads.md ("Blocking IPC") describes the language
//! addition and the sources.
//!
//! Every figure is the kernel's (x86_64, 4 KiB pages):
//!
//! * **pipe** (fs/pipe.c): `PIPE_DEF_BUFFERS` = 16 page slots (64 KiB). A write of at most one
//!   page merges into the last slot when it still fits there (`PIPE_BUF_FLAG_CAN_MERGE`, anonymous
//!   pipes), else takes a new slot; with every slot used and no room in the last one the writer
//!   sleeps. So 100-byte messages fill 40 per page, 640 in all. "Full" for the wake-up rules
//!   is `pipe_full()`: every slot used, whatever room the last one has.
//! * **unix** (net/unix/af_unix.c): each write is one skb charged with its `truesize` to the
//!   writing socket's `sk_wmem_alloc`; `sock_alloc_send_pskb` sleeps while
//!   `sk_wmem_alloc >= sk_sndbuf`; reading frees the skb (`sock_wfree`), and
//!   `unix_write_space` wakes the writers once `unix_writable`: `wmem_alloc << 2 <= sk_sndbuf`.
//!   `sk_sndbuf` = `net.core.wmem_default` = `SK_WMEM_MAX` = 212992 (include/net/sock.h:
//!   `_SK_MEM_OVERHEAD * _SK_MEM_PACKETS` = `SKB_TRUESIZE(256) * 256` = 832 x 256). All writers
//!   of one inbox share one socket (hackbench's senders all write to the receiver's `fds[1]`).
//! * **tcp** (loopback; simplified): the writer sleeps while the bytes sent and not yet read
//!   reach `limit` (`sk_stream_memory_free`), and is woken once `sk_stream_is_writeable` (free
//!   space at least half the queued bytes). See `TCP_LOOPBACK_LIMIT` for the default and what
//!   it leaves out. A send is queued in two steps, as on loopback: `tcp_sendmsg` takes the
//!   bytes (`in_flight`, [`Channel::write`]), and only the receive path that the sender's CPU
//!   runs afterwards in softirq context (`net_rx_action` -> `tcp_v4_rcv`) puts them on the
//!   receive queue where the reader can see them ([`Channel::deliver`]); `engine/sim/ipc.rs`
//!   runs that path and its wake-up, `TCP_LOOPBACK_NET_RX_CYCLES` is its cost.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use super::error::{ProgramError, program_field};
use super::task::TaskId;

/// Page size (x86_64, arm64 4K kernels): a pipe slot.
pub const PAGE_SIZE: u32 = 4096;
/// `PIPE_DEF_BUFFERS` (include/linux/pipe_fs_i.h): 16 slots = 64 KiB.
pub const PIPE_DEF_BUFFERS: u16 = 16;
/// `pipe-max-size` default (fs/pipe.c `pipe_max_size` = 1 MiB): at most 256 slots.
pub const PIPE_MAX_BUFFERS: u16 = 256;
/// `net.core.wmem_default` = `SK_WMEM_MAX` (include/net/sock.h) on x86_64: 212992 bytes.
pub const SK_WMEM_DEFAULT: u32 = 212_992;
/// `net.core.wmem_max` default, also `SK_WMEM_MAX`; with `SO_SNDBUF` doubling the most a socket
/// gets by default is 2x this. The largest `sndbuf`/`limit` accepted is 64 MiB (a bound, not a
/// kernel figure).
pub const MAX_SOCKET_BUFFER: u32 = 64 << 20;
/// TCP over loopback, default limit on unread bytes: the receive window a fresh connection
/// offers (`tcp_rmem[1]` = 131072, halved by `tcp_adv_win_scale` = 1: 65536 bytes of payload)
/// plus the sender's unsent queue up to `tcp_wmem[1]` = 16384 (Documentation/networking/
/// ip-sysctl.rst defaults). Simplification: no autotuning (`tcp_sndbuf_expand`, receive
/// buffer growth), no per-skb overhead, no ACK timing.
pub const TCP_LOOPBACK_LIMIT: u32 = 65_536 + 16_384;
/// CPU cost of the loopback receive path of one TCP send, run in softirq context on the
/// *sender's* CPU before the reader's wake-up (`loopback_xmit` -> `__netif_rx` raises
/// NET_RX_SOFTIRQ; the `local_bh_enable` that ends `__dev_queue_xmit` runs `net_rx_action` ->
/// `process_backlog` -> `ip_rcv` -> `tcp_v4_rcv` -> `tcp_rcv_established` -> `tcp_data_queue`,
/// then `sk_data_ready`): 10 440 cycles (5.22 µs at the recording host's nominal 2.0 GHz).
///
/// Source (measured, indirectly; recomputed from the files by crates/wakelab-cli/tests/
/// workload_costs.rs): recordings/host-2vcpu/tbench-c1 (2026-12-01 15:06, instance v1045),
/// `/proc/stat` over the run: softirq 118 of the 322 busy ticks (user 56, system 148), 36.6%;
/// the same share of the benchmark's CPU per operation (`sched_stat_runtime` over the bench
/// log's 65 020 operations: client 23.85 + server 19.25 µs) is 15.8 µs per operation. The
/// unix-socket recordings (pgbench, hackbench) show 0-4% softirq, so the share is the loopback
/// path. Less the wake-ups inside it, which the engine charges by itself after the wake-up, as
/// they cost in that recording (1.98 per operation, 2.71 µs each: the engine's
/// `wakeup_cost_ns`, 1.45 µs, and the recorder's tracepoints, `perf sched record`, 1.26 µs,
/// recordings/observer), per message (one request, one reply): 5.22 µs. That is one pair
/// split over the vCPUs, each message's reader last ran on the other one: the cost of a send
/// whose reader last ran on another CPU; one whose reader last ran on the sender's CPU costs
/// [`TCP_LOOPBACK_NET_RX_LOCAL_CYCLES`] (docs/model.md, "Loopback networking").
/// (2.79 µs until 7 December 2026, read from an earlier instance's recording, 02:44 on
/// instance v782, not committed, whose tbench-c1 ran at 176 MB/sec against the committed one's
/// 122: recordings/README.md, "tbench"; 3.75 µs before that, with a 0.85 µs wake-up and a
/// 0.9 µs recorder; 4.0 µs before, with the 1.5 µs wake-up estimated then.)
/// The host's kernel counts that softirq time in the interrupted task's runtime
/// (`TICK_CPU_ACCOUNTING` without `IRQ_TIME_ACCOUNTING`, read from the host's
/// `/proc/config.gz`: recordings/README.md, "scheduler build"), and so does the model: it is part
/// of the sender's run time. Tick sampling: +-9% (118 ticks); the split between request and
/// reply, and what of the softirq follows the wake-up, are assumptions (equal; the wake-up
/// cost).
pub const TCP_LOOPBACK_NET_RX_CYCLES: u32 = 10_440;
/// The loopback receive path of a send whose reader last ran on the sender's CPU (its socket,
/// its wait queue and the task itself were last touched there), cycles. Source (**measured**
/// indirectly, as [`TCP_LOOPBACK_NET_RX_CYCLES`] and by the same arithmetic): the committed
/// tbench-c2 recording (recordings/host-2vcpu, instance v1045), two pairs each packed on one
/// vCPU so that every message's reader last ran on its sender's vCPU: softirq 21.6% of the busy
/// ticks of 23.7 µs of CPU per operation, less 1.05 traced wake-ups per operation at 2.71 µs,
/// per message: 1.13 µs, 2260 cycles at 2.0 GHz (crates/wakelab-cli/tests/workload_costs.rs
/// recomputes it). What makes the split pair's 4.09 µs dearer is not separated: the reader's
/// cache lines on the other CPU, and in that VM the IPI's exit and the kick of the halted vCPU.
/// The model keys the cost on the CPU alone: an SMT sibling or an LLC neighbour is "another
/// CPU" (docs/model.md, "Loopback networking"). Tick sampling: +-6% (324 ticks).
pub const TCP_LOOPBACK_NET_RX_LOCAL_CYCLES: u32 = 2_260;
/// CPU cost of a `recv` that finds its inbox empty, before the task sleeps: the system call's
/// entry and the pass through the read path that finds nothing (`pipe_read`,
/// `unix_stream_read_generic`, `tcp_recvmsg`), then `prepare_to_wait` and `schedule()` up to the
/// dequeue. The kernel charges it to the reader, before its dequeue, so it is part of the lag
/// the reader leaves with; the rest of that read (the copy once data came, the return to user
/// space) follows the wake-up, in the workload's read cost.
///
/// Source (**measured**, untraced, recordings/switch-cost "3. The pieces of a hop"):
/// `scripts/trace-reads/switch-cost/syscalls.c` and `sockets.c` on the recording host (build
/// v1272, pinned to vCPU 0, 7 x 10^6 calls each): a 100-byte `read` of an empty `O_NONBLOCK` pipe
/// takes 263 ns, a `recv(MSG_DONTWAIT)` of an empty AF_UNIX stream socket 298 ns and of an empty
/// loopback TCP socket 338 ns (medians of 7), at the host's nominal 2.0 GHz 526 / 596 / 676
/// cycles. That EAGAIN return stands in for the blocking read's first pass: it has the exit to
/// user space where the blocking read has `prepare_to_wait` and `schedule()`'s entry instead
/// (neither measured apart).
pub const PIPE_EMPTY_READ_CYCLES: u32 = 526;
/// See [`PIPE_EMPTY_READ_CYCLES`]: an AF_UNIX stream socket's, 298 ns.
pub const UNIX_EMPTY_READ_CYCLES: u32 = 596;
/// See [`PIPE_EMPTY_READ_CYCLES`]: a loopback TCP socket's, 338 ns.
pub const TCP_EMPTY_READ_CYCLES: u32 = 676;
/// Largest `net_rx_cycles` accepted: 10^8 cycles (a bound of the model, as `COLD_CYCLES`).
pub const MAX_NET_RX_CYCLES: u32 = 100_000_000;
/// Largest single message: 1 MiB (a bound of the model; a pipe write above `PAGE_SIZE` is
/// split into page-sized slots as `pipe_write` copies it).
pub const MAX_MESSAGE_BYTES: u32 = 1 << 20;

/// `sizeof(struct sk_buff)` rounded by `SKB_DATA_ALIGN` (x86_64): 256 (232 bytes).
const SKB_STRUCT: u32 = 256;
/// `SKB_DATA_ALIGN(sizeof(struct skb_shared_info))` (x86_64, MAX_SKB_FRAGS 17): 320.
const SKB_SHINFO: u32 = 320;

/// The read end a task owns (`TaskSpec::inbox`): what kind of buffer its `recv` reads and
/// other tasks' `send` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Inbox {
    /// An anonymous pipe with `pages` slots of 4 KiB (default 16 = 64 KiB; `F_SETPIPE_SZ`
    /// changes it, up to 256).
    Pipe {
        #[serde(default = "default_pipe_pages")]
        pages: u16,
    },
    /// An AF_UNIX stream socket; `sndbuf` is the writing socket's `sk_sndbuf` (default 212992).
    Unix {
        #[serde(default = "default_sndbuf")]
        sndbuf: u32,
    },
    /// A TCP socket over loopback; `limit` bounds the bytes sent and not yet read (default
    /// 81920, see `TCP_LOOPBACK_LIMIT`); `net_rx_cycles` is the receive path each send into
    /// it runs on the sender's CPU before the reader's wake-up when the reader last ran on
    /// another CPU (default 10440, see `TCP_LOOPBACK_NET_RX_CYCLES`), `net_rx_local_cycles`
    /// when it last ran on the sender's CPU (default 2260, `TCP_LOOPBACK_NET_RX_LOCAL_CYCLES`).
    Tcp {
        #[serde(default = "default_tcp_limit")]
        limit: u32,
        #[serde(default = "default_net_rx_cycles")]
        net_rx_cycles: u32,
        #[serde(default = "default_net_rx_local_cycles")]
        net_rx_local_cycles: u32,
    },
}

fn default_pipe_pages() -> u16 {
    PIPE_DEF_BUFFERS
}
fn default_sndbuf() -> u32 {
    SK_WMEM_DEFAULT
}
fn default_tcp_limit() -> u32 {
    TCP_LOOPBACK_LIMIT
}
fn default_net_rx_cycles() -> u32 {
    TCP_LOOPBACK_NET_RX_CYCLES
}
fn default_net_rx_local_cycles() -> u32 {
    TCP_LOOPBACK_NET_RX_LOCAL_CYCLES
}

impl Default for Inbox {
    /// A 64 KiB pipe.
    fn default() -> Self {
        Inbox::Pipe {
            pages: PIPE_DEF_BUFFERS,
        }
    }
}

impl Inbox {
    /// Whether this is the default (a 64 KiB pipe): it is then left out of the JSON form.
    pub fn is_default(&self) -> bool {
        *self == Inbox::default()
    }

    /// What a `recv` that finds this inbox empty costs before the reader sleeps (cycles at
    /// the recording host's 2.0 GHz; `PIPE_EMPTY_READ_CYCLES` in engine/channel.rs).
    pub fn empty_read_cycles(&self) -> u32 {
        match self {
            Inbox::Pipe { .. } => PIPE_EMPTY_READ_CYCLES,
            Inbox::Unix { .. } => UNIX_EMPTY_READ_CYCLES,
            Inbox::Tcp { .. } => TCP_EMPTY_READ_CYCLES,
        }
    }

    /// Range checks (docs/limits.md); the error names the field from `inbox.` on.
    pub fn check(&self) -> Result<(), ProgramError> {
        use crate::check::between;
        match *self {
            Inbox::Pipe { pages } => {
                between(pages, 1, PIPE_MAX_BUFFERS).map_err(|m| program_field("inbox.pages", m))
            }
            Inbox::Unix { sndbuf } => {
                between(sndbuf, 1, MAX_SOCKET_BUFFER).map_err(|m| program_field("inbox.sndbuf", m))
            }
            Inbox::Tcp {
                limit,
                net_rx_cycles,
                net_rx_local_cycles,
            } => {
                between(limit, 1, MAX_SOCKET_BUFFER)
                    .map_err(|m| program_field("inbox.limit", m))?;
                between(net_rx_cycles, 0, MAX_NET_RX_CYCLES)
                    .map_err(|m| program_field("inbox.net_rx_cycles", m))?;
                between(net_rx_local_cycles, 0, MAX_NET_RX_CYCLES)
                    .map_err(|m| program_field("inbox.net_rx_local_cycles", m))
            }
        }
    }
}

/// `truesize` of the skb `unix_stream_sendmsg` allocates for a `bytes`-byte write (4.15-6.2,
/// x86_64): the head is `kmalloc(SKB_DATA_ALIGN(len) + SKB_DATA_ALIGN(shinfo))` rounded up to
/// its kmalloc size class, and `truesize = SKB_TRUESIZE(ksize - shinfo)` (net/core/skbuff.c
/// `__alloc_skb`); data beyond one page goes into page fragments (`alloc_skb_with_frags`),
/// charged a page each. A 100-byte message: 128 + 320 = 448 -> kmalloc-512 -> truesize 768.
pub fn unix_skb_truesize(bytes: u32) -> u32 {
    let head_max = PAGE_SIZE - SKB_SHINFO; // SKB_MAX_HEAD(0) order-0
    let head = bytes.min(head_max);
    let frags = bytes - head;
    let need = head.div_ceil(64) * 64 + SKB_SHINFO;
    // kmalloc size classes (mm/slab_common.c kmalloc_info): above 192 bytes, powers of 2;
    // `need` is at least 64 + 320
    need.next_power_of_two() + SKB_STRUCT + frags.div_ceil(PAGE_SIZE) * PAGE_SIZE
}

/// One queued unit: a pipe slot (page) or a socket skb.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Seg {
    /// Bytes not yet read.
    bytes: u32,
    /// Bytes in the slot when written (pipe: merge room) / truesize charged (unix).
    size: u32,
}

/// What a write did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteOutcome {
    /// No room: the writer sleeps.
    Full,
    /// Written; `was_empty`: nothing was unread before (`pipe_write`'s `was_empty`).
    Written { was_empty: bool },
}

/// What one read call did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadOutcome {
    /// Bytes taken.
    pub bytes: u32,
    /// Every slot was used when the read started (`pipe_read`'s `was_full`).
    pub was_full: bool,
    /// Slots (pipe pages) or skbs the read released.
    pub freed: u32,
}

/// The runtime state of one inbox: what is queued and who waits.
#[derive(Clone, Debug)]
pub struct Channel {
    pub kind: Inbox,
    segs: VecDeque<Seg>,
    /// Bytes written and not yet read.
    pub unread: u64,
    /// unix: `sk_wmem_alloc` of the writing socket (sum of the queued skbs' truesize).
    pub wmem: u64,
    /// tcp: bytes `tcp_sendmsg` took whose receive path has not run yet (not readable).
    pub in_flight: u64,
    /// Writers asleep on a full buffer, in the order they went to sleep (wait-queue order).
    pub writers: VecDeque<TaskId>,
    /// The owner sleeps in `recv` on an empty buffer.
    pub reader_waiting: bool,
}

impl Channel {
    pub fn new(kind: Inbox) -> Channel {
        Channel {
            kind,
            segs: VecDeque::new(),
            unread: 0,
            wmem: 0,
            in_flight: 0,
            writers: VecDeque::new(),
            reader_waiting: false,
        }
    }

    /// pipe: every slot is used (`pipe_full`).
    pub fn pipe_full(&self) -> bool {
        match self.kind {
            Inbox::Pipe { pages } => self.segs.len() >= pages as usize,
            _ => false,
        }
    }

    /// Write `bytes` (>= 1) if it fits, as the kind's write path decides.
    pub fn write(&mut self, bytes: u32) -> WriteOutcome {
        let was_empty = self.unread == 0;
        match self.kind {
            Inbox::Pipe { pages } => {
                // pipe_write: merge a write of at most a page into the last slot if it fits
                if bytes <= PAGE_SIZE {
                    if let Some(last) = self.segs.back_mut() {
                        if last.size + bytes <= PAGE_SIZE {
                            last.size += bytes;
                            last.bytes += bytes;
                            self.unread += bytes as u64;
                            return WriteOutcome::Written { was_empty };
                        }
                    }
                }
                // then one new slot per page of data; a write larger than the free slots
                // waits for room as a whole (writes up to PIPE_BUF are atomic; a larger one
                // would be split: the model keeps it whole, docs/workloads.md)
                let need = bytes.div_ceil(PAGE_SIZE) as usize;
                if self.segs.len() + need > pages as usize {
                    return WriteOutcome::Full;
                }
                let mut left = bytes;
                while left > 0 {
                    let b = left.min(PAGE_SIZE);
                    self.segs.push_back(Seg { bytes: b, size: b });
                    left -= b;
                }
            }
            Inbox::Unix { sndbuf } => {
                // sock_alloc_send_pskb: sleep while sk_wmem_alloc >= sk_sndbuf
                if self.wmem >= sndbuf as u64 {
                    return WriteOutcome::Full;
                }
                let ts = unix_skb_truesize(bytes);
                self.wmem += ts as u64;
                self.segs.push_back(Seg { bytes, size: ts });
            }
            Inbox::Tcp { limit, .. } => {
                // tcp_sendmsg: sk_stream_memory_free, else sk_stream_wait_memory; the bytes
                // become readable when the receive path runs (`deliver`)
                if self.unread + self.in_flight >= limit as u64 {
                    return WriteOutcome::Full;
                }
                self.in_flight += bytes as u64;
                return WriteOutcome::Written { was_empty };
            }
        }
        self.unread += bytes as u64;
        WriteOutcome::Written { was_empty }
    }

    /// tcp: the receive path queues `bytes` that `write` took (`tcp_data_queue` onto
    /// `sk_receive_queue`). Returns whether nothing was readable before.
    pub fn deliver(&mut self, bytes: u32) -> bool {
        let was_empty = self.unread == 0;
        self.in_flight -= bytes as u64;
        self.segs.push_back(Seg { bytes, size: bytes });
        self.unread += bytes as u64;
        was_empty
    }

    /// One read call of up to `want` bytes (the caller checked `unread > 0`).
    pub fn read(&mut self, want: u32) -> ReadOutcome {
        let was_full = self.pipe_full();
        let mut got = 0u32;
        let mut freed = 0u32;
        while got < want {
            let Some(front) = self.segs.front_mut() else {
                break;
            };
            let take = front.bytes.min(want - got);
            front.bytes -= take;
            got += take;
            if front.bytes == 0 {
                let size = front.size;
                self.segs.pop_front();
                freed += 1;
                if let Inbox::Unix { .. } = self.kind {
                    self.wmem -= size as u64; // sock_wfree
                }
            }
        }
        self.unread -= got as u64;
        ReadOutcome {
            bytes: got,
            was_full,
            freed,
        }
    }

    /// unix: `unix_writable` (`wmem_alloc << 2 <= sk_sndbuf`); tcp: `sk_stream_is_writeable`
    /// (free space >= half the queued bytes); pipe: not full.
    pub fn writable(&self) -> bool {
        match self.kind {
            Inbox::Pipe { .. } => !self.pipe_full(),
            Inbox::Unix { sndbuf } => self.wmem * 4 <= sndbuf as u64,
            Inbox::Tcp { limit, .. } => {
                let queued = self.unread + self.in_flight;
                let free = (limit as u64).saturating_sub(queued);
                free >= queued / 2
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fill(c: &mut Channel, bytes: u32) -> u32 {
        let mut n = 0;
        while let WriteOutcome::Written { .. } = c.write(bytes) {
            n += 1;
            assert!(n < 100_000);
        }
        n
    }

    #[test]
    fn a_pipe_takes_640_hundred_byte_messages() {
        // 16 slots x 40 merged 100-byte writes (4000 of 4096 bytes each)
        let mut c = Channel::new(Inbox::default());
        assert_eq!(fill(&mut c, 100), 640);
        assert!(c.pipe_full());
        assert_eq!(c.unread, 64_000);
        // one read does not free a slot: still full, still no room
        let r = c.read(100);
        assert_eq!((r.bytes, r.was_full, r.freed), (100, true, 0));
        assert_eq!(c.write(100), WriteOutcome::Full);
        // the 40th read of the first page frees its slot
        for _ in 0..38 {
            c.read(100);
        }
        assert_eq!(c.read(100).freed, 1);
        assert!(!c.pipe_full());
        assert_eq!(fill(&mut c, 100), 40);
    }

    #[test]
    fn page_sized_pipe_writes_do_not_merge() {
        let mut c = Channel::new(Inbox::Pipe { pages: 4 });
        assert_eq!(fill(&mut c, 4096), 4);
        let mut c = Channel::new(Inbox::Pipe { pages: 4 });
        assert_eq!(fill(&mut c, 8192), 2);
        assert_eq!(c.read(8192).freed, 2);
    }

    #[test]
    fn unix_socket_counts_truesize_against_sndbuf() {
        assert_eq!(unix_skb_truesize(100), 768);
        assert_eq!(unix_skb_truesize(1), 768);
        // 3776 bytes fill a 4 KiB head; the rest goes to a page fragment
        assert_eq!(unix_skb_truesize(4000), 4096 + 256 + 4096);
        let mut c = Channel::new(Inbox::Unix {
            sndbuf: SK_WMEM_DEFAULT,
        });
        // writes proceed while wmem < 212992: 278 x 768 = 213504 is the first at or above
        assert_eq!(fill(&mut c, 100), 278);
        assert!(!c.writable());
        // writers are woken only once wmem <= sndbuf / 4 = 53248: 69 skbs left
        for _ in 0..(278 - 70) {
            c.read(100);
        }
        assert!(!c.writable());
        c.read(100);
        assert!(c.writable());
    }

    #[test]
    fn tcp_limits_unread_bytes() {
        let mut c = Channel::new(Inbox::Tcp {
            limit: 1000,
            net_rx_cycles: 0,
            net_rx_local_cycles: 0,
        });
        assert_eq!(fill(&mut c, 100), 10);
        // taken by tcp_sendmsg, not readable until the receive path runs
        assert_eq!((c.unread, c.in_flight), (0, 1000));
        for _ in 0..10 {
            c.deliver(100);
        }
        assert_eq!((c.unread, c.in_flight), (1000, 0));
        // writeable again once free >= unread / 2: unread <= 666
        for _ in 0..3 {
            c.read(100);
        }
        assert!(!c.writable());
        c.read(100);
        assert!(c.writable());
    }

    #[test]
    fn reads_span_segments_and_stop_at_empty() {
        let mut c = Channel::new(Inbox::Unix { sndbuf: 1 << 20 });
        c.write(60);
        c.write(60);
        let r = c.read(100);
        assert_eq!((r.bytes, r.freed), (100, 1));
        let r = c.read(100);
        assert_eq!((r.bytes, r.freed), (20, 1));
        assert_eq!(c.unread, 0);
        assert_eq!(c.wmem, 0);
    }

    #[test]
    fn inbox_json_defaults_and_checks() {
        let i: Inbox = serde_json::from_str(r#"{"kind": "pipe"}"#).unwrap();
        assert_eq!(i, Inbox::default());
        let i: Inbox = serde_json::from_str(r#"{"kind": "unix"}"#).unwrap();
        assert_eq!(
            i,
            Inbox::Unix {
                sndbuf: SK_WMEM_DEFAULT
            }
        );
        assert!(
            Inbox::Pipe { pages: 0 }
                .check()
                .unwrap_err()
                .to_string()
                .contains("inbox.pages")
        );
        assert!(serde_json::from_str::<Inbox>(r#"{"kind": "pipe", "size": 1}"#).is_err());
        let i: Inbox = serde_json::from_str(r#"{"kind": "tcp"}"#).unwrap();
        assert_eq!(
            i,
            Inbox::Tcp {
                limit: 81_920,
                net_rx_cycles: TCP_LOOPBACK_NET_RX_CYCLES,
                net_rx_local_cycles: TCP_LOOPBACK_NET_RX_LOCAL_CYCLES
            }
        );
        assert!(
            Inbox::Tcp {
                limit: 1,
                net_rx_cycles: MAX_NET_RX_CYCLES + 1,
                net_rx_local_cycles: 0
            }
            .check()
            .unwrap_err()
            .to_string()
            .contains("inbox.net_rx_cycles")
        );
        assert!(
            Inbox::Tcp {
                limit: 1,
                net_rx_cycles: 0,
                net_rx_local_cycles: MAX_NET_RX_CYCLES + 1
            }
            .check()
            .unwrap_err()
            .to_string()
            .contains("inbox.net_rx_local_cycles")
        );
    }
}
