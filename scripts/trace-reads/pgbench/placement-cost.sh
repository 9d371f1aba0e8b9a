#!/usr/bin/env bash
# Usage: placement-cost.sh OUT.tsv [N]   (root)
# Does a SELECT cost the same CPU wherever its backend and client run? A throw-away PostgreSQL 15
# cluster as rec-bpf.sh sets one up; then N rounds of `pgbench -n -S -c 1 -j 1 -T 3`, untraced,
# with the server (so the backend it forks) and pgbench pinned (taskset):
#   same        server and pgbench on vCPU 0 (the pair shares a vCPU, as at 2 clients)
#   split       server on vCPU 1, pgbench on vCPU 0 (each wake-up crosses, as at 1 client)
#   split-spin  as split, with a SCHED_IDLE spinner on each vCPU, so that no vCPU halts while
#               the pair waits (a fair task preempts a SCHED_IDLE one at its wake-up)
#   free        nothing pinned (the recordings' pgbench-select-c1)
# Between 0.5 s and 2.5 s into each run it reads the CPU time (/proc/PID/schedstat, first field)
# of the backend and of pgbench, and pgbench's transaction count from its progress lines, so
# each line gives tps and the CPU per transaction of each side (µs).
set -euo pipefail
OUT=${1:?out tsv}; N=${2:-3}; PORT=54329; SCALE=4; PGBIN=/usr/lib/postgresql/15/bin
[[ $(id -u) -eq 0 ]] || { echo "needs root" >&2; exit 1; }
WORK=$(mktemp -d /tmp/pgbench-place.XXXXXX); chmod 755 $WORK; PGD=$WORK/pg; PG_UP=0; SPIN=()
stop_pg() { runuser -u postgres -- $PGBIN/pg_ctl -D $PGD/data -m fast -w stop >/dev/null 2>&1 || true; PG_UP=0; }
cleanup() { set +e; for p in "${SPIN[@]}"; do kill $p 2>/dev/null; done; [[ $PG_UP -eq 1 ]] && stop_pg; rm -rf $WORK; }
trap cleanup EXIT
mkdir -p $PGD/sock; chown -R postgres: $PGD
runuser -u postgres -- $PGBIN/initdb -D $PGD/data -A trust -U postgres >$WORK/initdb.log 2>&1
start_pg() { # $1 = cpu list for the server
  runuser -u postgres -- taskset -c $1 $PGBIN/pg_ctl -D $PGD/data -l $PGD/server.log -w \
    -o "-p $PORT -k $PGD/sock -c listen_addresses=127.0.0.1" start >/dev/null; PG_UP=1; }
start_pg 0,1
runuser -u postgres -- $PGBIN/createdb -h $PGD/sock -p $PORT bench
runuser -u postgres -- $PGBIN/pgbench -h $PGD/sock -p $PORT -i -q -s $SCALE bench >$WORK/pginit.log 2>&1
stop_pg
cpu_ns() { awk '{print $1}' /proc/$1/schedstat 2>/dev/null || echo 0; }
printf 'mode\tround\ttps\tbackend_us_per_txn\tpgbench_us_per_txn\tload1\n' > $OUT
for i in $(seq 1 $N); do
  for m in same split split-spin free; do
    case $m in same) srv=0; cli=0;; split|split-spin) srv=1; cli=0;; free) srv=0,1; cli=0,1;; esac
    start_pg $srv
    runuser -u postgres -- $PGBIN/psql -X -q -h $PGD/sock -p $PORT -d bench -c "VACUUM ANALYZE"
    if [[ $m == split-spin ]]; then
      for c in 0 1; do taskset -c $c chrt -i 0 sh -c 'while :; do :; done' & SPIN+=($!); done
    fi
    load=$(cut -d' ' -f1 /proc/loadavg)
    runuser -u postgres -- taskset -c $cli $PGBIN/pgbench -h $PGD/sock -p $PORT -n -S -c 1 -j 1 -T 3 -P 1 bench > $WORK/out 2>&1 &
    sleep 0.5
    cli_pid=$(pgrep -n -x pgbench); be_pid=$(pgrep -n -f 'postgres: postgres bench')
    b0=$(cpu_ns $be_pid); c0=$(cpu_ns $cli_pid); sleep 2; b1=$(cpu_ns $be_pid); c1=$(cpu_ns $cli_pid)
    wait %runuser 2>/dev/null || wait
    for p in "${SPIN[@]}"; do kill $p 2>/dev/null || true; done; SPIN=()
    tps=$(awk '/^tps/{print $3}' $WORK/out)
    # transactions in the 2 s window: the run's tps x 2 (progress lines are per second)
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' $m $i $tps \
      $(awk -v d=$((b1-b0)) -v t=$tps 'BEGIN{printf "%.1f", d/1000/(t*2)}') \
      $(awk -v d=$((c1-c0)) -v t=$tps 'BEGIN{printf "%.1f", d/1000/(t*2)}') $load >> $OUT
    stop_pg
  done
done
cat $OUT
