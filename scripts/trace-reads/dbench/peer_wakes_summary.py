#!/usr/bin/env python3
"""Summarise peer-wakes.sh outputs: dbench -> dbench wake-ups by the kernel path that made them.

Usage: peer_wakes_summary.py FILE.bpftrace.txt... > summary.json
A file named *-inodegc-stack.bpftrace.txt (BT=inodegc-stack.bt) is read as who queued the
inode inactivation work and through which call (`statfs`, `unlink`, a timer); one named
*-queued-work.bpftrace.txt (BT=queued-work.bt) as the work the clients queue and who preempts
them. A file named *-cil-push.bpftrace.txt (BT=cil-push.bt) is read as CIL pushes instead: pushes,
who queued them (the queuing stack's caller), and the kernel paths by which other tasks wake
clients (`wakes_of_clients`, by the first frames after the wake-up).
A stack is classed by the first frame (from the wake-up up) that names a mechanism:
  cil_flush        __flush_workqueue (xlog_cil_push_now's flush of the CIL push workqueue:
                   a flusher hands the flush on to the next one)
  buf_lock         xfs_buf_unlock (an xfs buffer's semaphore: AGI / AGF / directory blocks)
  rwsem            up_write / up_read (an inode's or directory's rwsem)
  interrupt        asm_common_interrupt / asm_sysvec_* (an interrupt that came while a client
                   ran: block completions, the parent's SIGALRM timer; the waker is whoever ran)
  parent           do_notify_parent / __do_semtimedop / complete_signal (process bookkeeping
                   between dbench's parent and its children)
  other            anything else
"""
import json, re, sys

CLASSES = [
    ("interrupt", ("asm_common_interrupt", "asm_sysvec_")),
    ("cil_flush", ("__flush_workqueue",)),
    ("buf_lock", ("xfs_buf_unlock",)),
    ("rwsem", ("up_write", "up_read", "rwsem_wake")),
    ("parent", ("do_notify_parent", "__do_semtimedop", "complete_signal")),
]

def classify(frames):
    # interrupts first: whatever they interrupted is not the mechanism
    for name, keys in CLASSES:
        if any(f.startswith(k) for f in frames for k in keys):
            return name
    return "other"

def read(path):
    text = open(path).read()
    out = {"file": path.split("/")[-1]}
    m = re.search(r"Throughput ([0-9.]+) MB/sec\s+(\d+) clients", text)
    if m:
        out["throughput_mb_s"], out["clients"] = float(m.group(1)), int(m.group(2))
    for k in ("peer", "from_dbench", "to_dbench"):
        m = re.search(rf"^@{k}: (\d+)", text, re.M)
        out[k] = int(m.group(1)) if m else 0
    by = {}
    examples = {}
    for m in re.finditer(r"@stack\[\n(.*?)\]: (\d+)", text, re.S):
        frames = [f.strip() for f in m.group(1).strip().splitlines()]
        c = classify(frames)
        by[c] = by.get(c, 0) + int(m.group(2))
        top = examples.setdefault(c, {})
        # the mechanism's caller: the first frame after the wake-up machinery
        key = " <- ".join(f.split("+")[0] for f in frames[1:7])
        top[key] = top.get(key, 0) + int(m.group(2))
    total = sum(by.values())
    out["peer_by_path"] = {k: by[k] for k in sorted(by, key=lambda k: -by[k])}
    out["peer_share_by_path"] = {k: round(100.0 * v / total, 1) for k, v in out["peer_by_path"].items()}
    out["peer_share_of_wakeups_to_dbench"] = round(100.0 * out["peer"] / max(out["to_dbench"], 1), 2)
    out["top_stacks"] = {c: dict(sorted(v.items(), key=lambda kv: -kv[1])[:2]) for c, v in examples.items()}
    pairs = {}
    for m in re.finditer(r"^@pairs\[(\d+), (\d+)\]: (\d+)", text, re.M):
        pairs[f"{m.group(1)}->{m.group(2)}"] = int(m.group(3))
    out["pairs"] = pairs
    return out

def read_cil(path):
    text = open(path).read()
    out = {"file": path.split("/")[-1]}
    m = re.search(r"Throughput ([0-9.]+) MB/sec\s+(\d+) clients", text)
    if m:
        out["throughput_mb_s"], out["clients"] = float(m.group(1)), int(m.group(2))
    for k in ("pushes", "queued"):
        m = re.search(rf"^@{k}: (\d+)", text, re.M)
        out[k] = int(m.group(1)) if m else 0
    by = {}
    for m in re.finditer(r"@queued_by\[([^,]+), \n(.*?)\]: (\d+)", text, re.S):
        fr = [f.strip().split("+")[0] for f in m.group(2).strip().splitlines()]
        caller = " <- ".join(fr[2:5])
        by[caller] = by.get(caller, 0) + int(m.group(3))
    out["queued_by"] = dict(sorted(by.items(), key=lambda kv: -kv[1]))
    wakes = {}
    for m in re.finditer(r"@to_client_by\[(\w+), \n(.*?)\]: (\d+)", text, re.S):
        fr = [f.strip().split("+")[0] for f in m.group(2).strip().splitlines()]
        key = " <- ".join(fr[1:4])
        wakes[key] = wakes.get(key, 0) + int(m.group(3))
    out["wakes_of_clients"] = dict(sorted(wakes.items(), key=lambda kv: -kv[1])[:8])
    out["commit_wait_wakes"] = sum(
        v for k, v in wakes.items() if "xlog_cil_set_ctx_write_state" in k
    )
    flush = sum(v for k, v in wakes.items() if k.startswith("complete <- pwq_dec_nr_in_flight"))
    out["flush_completions_by_worker"] = flush
    out["flush_completions_per_push"] = round(flush / max(out["pushes"], 1), 3)
    return out


def read_inodegc(path):
    text = open(path).read()
    out = {"file": path.split("/")[-1]}
    by = {}
    for m in re.finditer(r"@q\[([^,]+), \n(.*?)\]: (\d+)", text, re.S):
        fr = [f.strip().split("+")[0] for f in m.group(2).strip().splitlines()]
        path_ = ("statfs" if "xfs_fs_statfs" in fr else "unlink" if "do_unlinkat" in fr
                 else "timer" if "call_timer_fn" in fr else "other")
        key = f"{'dbench' if m.group(1) == 'dbench' else 'other'} {path_}"
        by[key] = by.get(key, 0) + int(m.group(3))
    out["queued_by"] = dict(sorted(by.items(), key=lambda kv: -kv[1]))
    total = sum(by.values())
    out["statfs_share"] = round(100.0 * by.get("dbench statfs", 0) / max(total, 1), 1)
    for op in ("Qfsinfo", "Unlink", "Flush"):
        m = re.search(rf"^ {op}\s+(\d+)", text, re.M)
        out[op] = int(m.group(1)) if m else 0
    return out


def read_queued(path):
    text = open(path).read()
    out = {"file": path.split("/")[-1]}
    for k in ("preempted", "switch_out"):
        m = re.search(rf"^@{k}: (\d+)", text, re.M)
        out[k] = int(m.group(1)) if m else 0
    by = {}
    for m in re.finditer(r"^@preempted_by\[(.*)\]: (\d+)", text, re.M):
        by[m.group(1)] = int(m.group(2))
    out["preempted_by"] = dict(sorted(by.items(), key=lambda kv: -kv[1])[:6])
    q = {}
    for m in re.finditer(r"^@queued\[(\w+), ([^\]]+)\]: (\d+)", text, re.M):
        key = f"{m.group(1)} ({m.group(2)})"
        q[key] = q.get(key, 0) + int(m.group(3))
    out["queued_by_clients"] = dict(sorted(q.items(), key=lambda kv: -kv[1])[:6])
    for op in ("Qfsinfo", "Flush"):
        m = re.search(rf"^ {op}\s+(\d+)", text, re.M)
        out[op] = int(m.group(1)) if m else 0
    return out


def read_any(path):
    if path.endswith("-cil-push.bpftrace.txt"):
        return read_cil(path)
    if path.endswith("-inodegc-stack.bpftrace.txt"):
        return read_inodegc(path)
    if path.endswith("-queued-work.bpftrace.txt"):
        return read_queued(path)
    return read(path)


print(json.dumps({r["file"]: r for r in map(read_any, sys.argv[1:])}, indent=1))
