#!/bin/bash
# pgbench read-write as scripts/record-benchmarks.sh runs it (a throw-away cluster, scale 4,
# VACUUM ANALYZE, unix socket, 3 s), recorded with perf record -a: the sched events plus the
# block layer's request issue / completion and fdatasync's entry and exit, and the disk's
# interrupt counts per CPU before and after. Usage (root): rec.sh 1 2  (client counts).
# Output in /tmp/pgrec: cN.{bench.log,irq-before,irq-after,stat-before,stat-after,txt.gz}.
# Read with waits.py and runs.py (recordings/pgbench-rw-fdatasync/README.md).
set -e
PGBIN=/usr/lib/postgresql/15/bin
W=/tmp/pgrec/w; PORT=54331
rm -rf $W; mkdir -p $W/sock; chown -R postgres: $W
runuser -u postgres -- $PGBIN/initdb -D $W/data -A trust -U postgres >$W/initdb.log 2>&1
runuser -u postgres -- $PGBIN/pg_ctl -D $W/data -l $W/server.log -w -o "-p $PORT -k $W/sock -c listen_addresses=''" start >/dev/null
runuser -u postgres -- $PGBIN/createdb -h $W/sock -p $PORT bench
runuser -u postgres -- $PGBIN/pgbench -h $W/sock -p $PORT -i -q -s 4 bench >$W/pginit.log 2>&1
for c in "$@"; do
  runuser -u postgres -- $PGBIN/psql -q -h $W/sock -p $PORT -d bench -c "VACUUM ANALYZE" >/dev/null
  sync; sleep 1
  cat /proc/stat > /tmp/pgrec/c$c.stat-before
  grep virtio1-req /proc/interrupts > /tmp/pgrec/c$c.irq-before
  perf record -q -a -c 1 -m 1024 -o /tmp/pgrec/c$c.data \
    -e sched:sched_switch -e sched:sched_waking -e sched:sched_wakeup \
    -e block:block_rq_issue -e block:block_rq_complete \
    -e syscalls:sys_enter_fdatasync -e syscalls:sys_exit_fdatasync \
    -- runuser -u postgres -- $PGBIN/pgbench -h $W/sock -p $PORT -n -c $c -j $c -T 3 bench > /tmp/pgrec/c$c.bench.log 2>&1
  grep virtio1-req /proc/interrupts > /tmp/pgrec/c$c.irq-after
  cat /proc/stat > /tmp/pgrec/c$c.stat-after
done
runuser -u postgres -- $PGBIN/pg_ctl -D $W/data -m fast -w stop >/dev/null
for c in "$@"; do perf script --ns -i /tmp/pgrec/c$c.data 2>/dev/null | gzip > /tmp/pgrec/c$c.txt.gz; done
