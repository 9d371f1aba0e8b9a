#!/usr/bin/env bash
# Usage: peer-wakes.sh FS CLIENTS [SECS]   (OUT=/tmp/dbench-peer; FS = xfs or ext4;
#        BT=FILE.bt runs that bpftrace script instead, outputs named FS-cN-FILE)
# Who wakes a dbench client from another dbench task, and from where in the kernel: runs
# `dbench -t SECS -D MNT CLIENTS` on a fresh loop-mounted FS (4 GiB sparse image, mkfs
# defaults, as scripts/record-benchmarks.sh does) under bpftrace, counting the kernel stacks of
# `sched_waking` where waker and wakee are both `dbench` (and, apart, their pids' pairs).
set -euo pipefail
FS=$1; N=$2; SECS=${3:-10}; OUT=${OUT:-/tmp/dbench-peer}
command -v bpftrace >/dev/null || apt-get install -y bpftrace >/dev/null
command -v dbench >/dev/null || apt-get install -y dbench >/dev/null
mkdir -p "$OUT"; W=$(mktemp -d /tmp/dbench-peer.XXXXXX)
trap 'umount "$W/mnt" 2>/dev/null || true; rm -rf "$W"' EXIT
truncate -s 4G "$W/img"; mkdir "$W/mnt"
"mkfs.$FS" -q $([[ $FS == ext4 ]] && echo -F || echo -f) "$W/img" >/dev/null
mount -o loop "$W/img" "$W/mnt"; sync
NAME=$FS-c$N; [[ -n "${BT:-}" ]] && NAME=$NAME-$(basename "$BT" .bt)
{ echo "date: $(date -u +%FT%TZ)"; echo "uname: $(uname -r)"; echo "before: $(uptime)"; } > "$OUT/$NAME.load.txt"
HERE=$(cd "$(dirname "$0")" && pwd)
if [[ -n "${BT:-}" ]]; then
  # $1 / $2: the push work's and the inodegc work's addresses, low 32 bits (bpftrace 0.17 cannot compare ksym()
  # with a string, nor take a positional argument above 2^63)
  PUSH=$(( 0x$(awk '$3=="xlog_cil_push_work"{print $1}' /proc/kallsyms) & 0xffffffff ))
  GC=$(( 0x$(awk '$3=="xfs_inodegc_worker"{print $1}' /proc/kallsyms) & 0xffffffff ))
  bpftrace "$HERE/$BT" "$PUSH" "$GC" -c "/usr/bin/dbench -t $SECS -D $W/mnt $N" > "$OUT/$NAME.bpftrace.txt" 2>&1
else
bpftrace -e '
tracepoint:sched:sched_waking /comm == "dbench" && args->comm == "dbench"/ {
  @stack[kstack(12)] = count(); @pairs[pid, args->pid] = count(); @peer = count();
}
tracepoint:sched:sched_waking /comm == "dbench"/ { @from_dbench = count(); }
tracepoint:sched:sched_waking /args->comm == "dbench"/ { @to_dbench = count(); @waker_of_dbench[comm] = count(); }
' -c "/usr/bin/dbench -t $SECS -D $W/mnt $N" > "$OUT/$NAME.bpftrace.txt" 2>&1
fi
echo "after: $(uptime)" >> "$OUT/$NAME.load.txt"
grep -E "Throughput|^@peer|^@from|^@to" "$OUT/$NAME.bpftrace.txt" || true
