#!/usr/bin/env bash
# Usage: observer-tps.sh OUT.tsv [N] [RUN]   (root; RUN = select-c2 by default, select-cN | rw-cN)
# What the observers cost pgbench: a throw-away PostgreSQL 15 cluster as rec-bpf.sh sets one up,
# then N rounds of `pgbench -n [-S] -c C -j C -T 3` over the unix socket, interleaved: untraced,
# under `perf sched record` with scripts/record-benchmarks.sh's extra events, and under
# bpftrace's eevdf.bt (the recordings/pgbench-preemption probes). VACUUM ANALYZE before each run.
# Writes one line per run: mode, round, tps, 1-minute load before.
set -euo pipefail
OUT=${1:?out tsv}; N=${2:-3}; RUN=${3:-select-c2}; PORT=54329; SCALE=4; PGBIN=/usr/lib/postgresql/15/bin
HERE=$(cd "$(dirname "$0")" && pwd)
[[ $(id -u) -eq 0 ]] || { echo "needs root" >&2; exit 1; }
mode=${RUN%-c*}; c=${RUN#*-c}; S=""; [[ $mode == select ]] && S=-S
WORK=$(mktemp -d /tmp/pgbench-obs.XXXXXX); chmod 755 $WORK; PGD=$WORK/pg; PG_UP=0
cleanup() { set +e; [[ $PG_UP -eq 1 ]] && runuser -u postgres -- $PGBIN/pg_ctl -D $PGD/data -m fast -w stop >/dev/null 2>&1; rm -rf $WORK; }
trap cleanup EXIT
mkdir -p $PGD/sock; chown -R postgres: $PGD
runuser -u postgres -- $PGBIN/initdb -D $PGD/data -A trust -U postgres >$WORK/initdb.log 2>&1
runuser -u postgres -- $PGBIN/pg_ctl -D $PGD/data -l $PGD/server.log -w \
  -o "-p $PORT -k $PGD/sock -c listen_addresses=127.0.0.1" start >/dev/null
PG_UP=1
runuser -u postgres -- $PGBIN/createdb -h $PGD/sock -p $PORT bench
runuser -u postgres -- $PGBIN/pgbench -h $PGD/sock -p $PORT -i -q -s $SCALE bench >$WORK/pginit.log 2>&1
EXTRA=(); avail=$(perf list tracepoint 2>/dev/null || true)
for e in sched:sched_wakeup sched:sched_process_exec sched:sched_process_exit power:cpu_frequency power:cpu_idle; do
  grep -q "^ *$e " <<<"$avail" && EXTRA+=(-e "$e")
done
PGB=(runuser -u postgres -- $PGBIN/pgbench -h $PGD/sock -p $PORT -n $S -c $c -j $c -T 3 bench)
printf 'mode\tround\ttps\tload1\n' > $OUT
for i in $(seq 1 $N); do
  for m in untraced perf bpftrace; do
    runuser -u postgres -- $PGBIN/psql -X -q -h $PGD/sock -p $PORT -d bench -c "VACUUM ANALYZE"
    load=$(cut -d' ' -f1 /proc/loadavg)
    case $m in
      untraced) "${PGB[@]}" > $WORK/out 2>&1 ;;
      perf) perf sched record -o $WORK/perf.data "${EXTRA[@]}" -- "${PGB[@]}" > $WORK/out 2>&1 ;;
      bpftrace) bpftrace $HERE/eevdf.bt -c "/usr/sbin/${PGB[*]}" > $WORK/out 2>&1 ;;
    esac
    printf '%s\t%s\t%s\t%s\n' $m $i "$(awk '/^tps/{print $3}' $WORK/out)" $load >> $OUT
    rm -f $WORK/perf.data
  done
done
cat $OUT
