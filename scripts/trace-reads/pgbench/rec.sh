#!/usr/bin/env bash
# Usage: rec.sh [CLIENTS...]   (default: 1 2 4; SECS=5; OUT=/tmp/pgbench-rec)
# pgbench read-write (TPC-B-like) on a throw-away PostgreSQL cluster, set up as in
# scripts/record-benchmarks.sh (initdb -A trust in a temp dir, port 54329, unix socket,
# pgbench -i -s 4, VACUUM ANALYZE before each run), recorded through tracefs directly (trace-cmd 3.1.6 cannot run here: it fails
# writing /proc/sys/kernel/ftrace_enabled, EPERM), 200 MB ring buffer per CPU, read after the run:
#   sched_switch / sched_wakeup (all tasks); sched_waking (all) with a kernel stack trace when the
#   wakee is `postgres` or a `kworker*`; block_rq_issue / block_rq_complete;
#   syscalls of comm `postgres` only: fdatasync, fsync, pwrite64, pread64, write, read,
#   sync_file_range (enter+exit), futex / kill (enter), epoll_wait, sendto, recvfrom (enter+exit);
#   PostgreSQL's own DTrace (SDT) probes as uprobes (group `pg`): lwlock wait start/done with the
#   tranche name, LWLockAcquireOrWait outcome, heavyweight lock wait start/done, query start (the
#   statement text) / done, transaction commit; function uprobes on XLogFlush, PGSemaphoreLock,
#   TransactionIdCommitTree (CLOG update) and ProcArrayEndTransaction (commit order in the backend).
# NICE=-20 runs the server and pgbench at nice -20 (for a machine that other work keeps busy).
# Before each run it waits up to QUIET_WAIT s (240) until the machine is < QUIET_PCT % (15) busy.
# Also writes per run: settings, pg_stat_wal / pg_stat_database / pg_stat_bgwriter before and
# after, `ps -eo pid,tid,cmd` of the postgres processes (taken 1 s into the run), uptime, /proc/stat.
# The trace text (NAME.trace.txt.gz, `cat trace`) stays in OUT; the cluster is removed.
set -euo pipefail
CLIENTS=("${@:-1 2 4}"); [[ $# -eq 0 ]] && CLIENTS=(1 2 4)
SECS=${SECS:-5}; OUT=${OUT:-/tmp/pgbench-rec}; PORT=54329; SCALE=4
NICE=${NICE:-0}   # nice value of the server (all its processes) and of pgbench; -20 shields them from a busy machine
PGBIN=/usr/lib/postgresql/15/bin; P=$PGBIN/postgres; T=/sys/kernel/tracing
[[ $(id -u) -eq 0 ]] || { echo "needs root" >&2; exit 1; }
mountpoint -q $T || mount -t tracefs nodev $T
mkdir -p $OUT; WORK=$(mktemp -d /tmp/pgbench-rec-work.XXXXXX); chmod 755 $WORK; PGD=$WORK/pg
PG_UP=0
cleanup() { set +e; [[ $PG_UP -eq 1 ]] && runuser -u postgres -- $PGBIN/pg_ctl -D $PGD/data -m fast -w stop >/dev/null 2>&1
  tr_stop; echo > $T/uprobe_events; rm -rf $WORK; }
trap cleanup EXIT
# --- uprobes on PostgreSQL 15.x's SDT notes (offsets read from `readelf -n $P`; Debian 15.18-0+deb12u1)
echo > $T/uprobe_events
readelf -n $P | grep -q 'lwlock__wait__start' || { echo "no SDT probes in $P" >&2; exit 1; }
sha256sum $P > $OUT/postgres.sha256
cat > $WORK/uprobes.txt <<UP
p:pg/lwlock_wait_start $P:0x462322(0x88597e) name=+0(%ax):string mode=%r14:u32
p:pg/lwlock_wait_start $P:0x4625b6(0x88597e) name=+0(%ax):string mode=%r14:u32
p:pg/lwlock_wait_start $P:0x462752(0x88597e) name=+0(%ax):string mode=%r14:u32
p:pg/lwlock_wait_done $P:0x46233a(0x88597c) name=+0(%ax):string
p:pg/lwlock_wait_done $P:0x4625a6(0x88597c) name=+0(%ax):string
p:pg/lwlock_wait_done $P:0x462762(0x88597c) name=+0(%ax):string
p:pg/lwlock_acqorwait $P:0x46257c(0x885976) name=+0(%ax):string
p:pg/lwlock_acqorwait_fail $P:0x46256a(0x885974) name=+0(%ax):string
p:pg/lock_wait_start $P:0x45e75c(0x885972) f1=+0(%r12):u32 f2=+4(%r12):u32 f3=+8(%r12):u32 f4=+12(%r12):u16 type=+14(%r12):u8 mode=%r13:s32
p:pg/lock_wait_done $P:0x45e769(0x885970) type=+14(%r12):u8
p:pg/query_start $P:0x4722d3(0x88595e) q=+0(%bx):string
p:pg/query_done $P:0x4726a1(0x88595c)
p:pg/txn_commit $P:0x1e4492(0x885986) lxid=+60(%ax):u32
p:pg/XLogFlush $P:0x1eac40 rec=%di:x64
p:pg/PGSemaphoreLock $P:0x3e3150
p:pg/TransactionIdCommitTree $P:0x1ddab0
p:pg/ProcArrayEndTransaction $P:0x450490
UP
while read -r l; do echo "$l" >> $T/uprobe_events; done < $WORK/uprobes.txt
cp $WORK/uprobes.txt $OUT/uprobes.txt
# --- tracefs set-up
SYSC=(fdatasync fsync pwrite64 pread64 write read sync_file_range futex epoll_wait sendto recvfrom)
tr_stop() {
  echo 0 > $T/tracing_on; echo > $T/set_event
  echo '!stacktrace if comm == "postgres" || comm ~ "kworker*"' > $T/events/sched/sched_waking/trigger 2>/dev/null || true
  for s in "${SYSC[@]}"; do echo 0 > $T/events/syscalls/sys_enter_$s/filter; echo 0 > $T/events/syscalls/sys_exit_$s/filter; done 2>/dev/null || true
  echo 0 > $T/events/syscalls/sys_enter_kill/filter 2>/dev/null || true
  echo 1410 > $T/buffer_size_kb; echo > $T/trace; }
tr_start() {
  echo 0 > $T/tracing_on; echo > $T/set_event; echo > $T/trace
  echo mono > $T/trace_clock; echo 204800 > $T/buffer_size_kb; echo 0 > $T/options/overwrite
  echo 8192 > $T/saved_cmdlines_size 2>/dev/null || true
  for e in sched/sched_switch sched/sched_wakeup sched/sched_wakeup_new sched/sched_process_exit sched/sched_waking \
           block/block_rq_issue block/block_rq_complete; do echo 1 > $T/events/$e/enable; done
  echo 'stacktrace if comm == "postgres" || comm ~ "kworker*"' > $T/events/sched/sched_waking/trigger
  for s in "${SYSC[@]}"; do
    echo 'COMM == "postgres"' > $T/events/syscalls/sys_enter_$s/filter; echo 1 > $T/events/syscalls/sys_enter_$s/enable
    [[ $s == futex ]] && continue
    echo 'COMM == "postgres"' > $T/events/syscalls/sys_exit_$s/filter; echo 1 > $T/events/syscalls/sys_exit_$s/enable
  done
  echo 'COMM == "postgres"' > $T/events/syscalls/sys_enter_kill/filter; echo 1 > $T/events/syscalls/sys_enter_kill/enable
  echo 1 > $T/events/pg/enable
  echo 1 > $T/tracing_on; }
# --- cluster
mkdir -p $PGD/sock; chown -R postgres: $PGD
runuser -u postgres -- $PGBIN/initdb -D $PGD/data -A trust -U postgres >$WORK/initdb.log 2>&1
nice -n $NICE runuser -u postgres -- $PGBIN/pg_ctl -D $PGD/data -l $PGD/server.log -w \
  -o "-p $PORT -k $PGD/sock -c listen_addresses=127.0.0.1 -c track_wal_io_timing=on -c track_io_timing=on" start >/dev/null
PG_UP=1
psql() { runuser -u postgres -- $PGBIN/psql -X -q -h $PGD/sock -p $PORT "$@"; }
runuser -u postgres -- $PGBIN/createdb -h $PGD/sock -p $PORT bench
runuser -u postgres -- $PGBIN/pgbench -h $PGD/sock -p $PORT -i -q -s $SCALE bench >$OUT/pginit.log 2>&1
psql -d bench -A -c "SELECT name, setting, unit FROM pg_settings WHERE name IN ('synchronous_commit','wal_sync_method','commit_delay','commit_siblings','wal_writer_delay','wal_writer_flush_after','full_page_writes','shared_buffers','fsync','wal_level','checkpoint_timeout','max_wal_size','track_wal_io_timing','wal_buffers','bgwriter_delay','autovacuum','server_version') ORDER BY name" > $OUT/settings.txt
stats() { psql -d bench -A -c "SELECT 'wal', wal_records, wal_fpi, wal_bytes, wal_buffers_full, wal_write, wal_sync, wal_write_time, wal_sync_time FROM pg_stat_wal" \
  -c "SELECT 'db', xact_commit, xact_rollback, blks_read, blks_hit FROM pg_stat_database WHERE datname='bench'" \
  -c "SELECT 'bgw', checkpoints_timed, checkpoints_req, buffers_checkpoint, buffers_clean, buffers_backend, buffers_backend_fsync FROM pg_stat_bgwriter"; }
busy_pct() { local a b; a=($(head -n1 /proc/stat)); sleep 2; b=($(head -n1 /proc/stat))
  local busy=0 all=0 i d; for i in 1 2 3 4 5 6 7 8; do d=$(( b[i]-a[i] )); all=$((all+d))
  [[ $i -ne 4 && $i -ne 5 && $i -ne 8 ]] && busy=$((busy+d)); done; echo $(( all>0 ? 100*busy/all : 0 )); }
for c in "${CLIENTS[@]}"; do
  N=rw-c$c
  psql -d bench -c "VACUUM ANALYZE"
  deadline=$(( $(date +%s) + ${QUIET_WAIT:-240} )); log=""   # wait (bounded) for a quieter machine
  while p=$(busy_pct); log+="$(date +%T) busy=${p}% "; [[ $p -ge ${QUIET_PCT:-15} ]]; do
    [[ $(date +%s) -ge $deadline ]] && { log+="(gave up waiting) "; break; }; sleep 5; done
  sleep 1; stats > $OUT/$N.stats-before.txt
  { echo "quiet wait: $log"; echo "busy (2 s before, % of all CPU time) = $(busy_pct)"; uptime; ps -eo pid,ni,pcpu,comm --sort=-pcpu | head -8; } > $OUT/$N.load.txt
  head -n1 /proc/stat > $OUT/$N.stat-before
  ( sleep 1; ps -eo pid,tid,ni,cmd | grep -E '[p]ostgres|[p]gbench' > $OUT/$N.ps.txt ) &
  tr_start
  nice -n $NICE runuser -u postgres -- $PGBIN/pgbench -h $PGD/sock -p $PORT -n -c $c -j $c -T $SECS bench > $OUT/$N.bench.log 2>&1
  echo 0 > $T/tracing_on
  head -n1 /proc/stat > $OUT/$N.stat-after
  wait
  sleep 1.5; stats > $OUT/$N.stats-after.txt
  uptime >> $OUT/$N.load.txt
  for cpu in $T/per_cpu/cpu*; do echo "${cpu##*/}: $(grep -E 'overrun|dropped|entries' $cpu/stats | tr '\n' ' ')"; done > $OUT/$N.ringbuffer-stats.txt
  nice -n 19 cat $T/trace | gzip -1 > $OUT/$N.trace.txt.gz
  tr_stop
  echo "done $N: $(grep -E '^tps|processed' $OUT/$N.bench.log | tr '\n' ' ')"
done
cp $PGD/server.log $OUT/server.log
