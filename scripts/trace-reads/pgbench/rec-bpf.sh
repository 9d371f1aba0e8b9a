#!/usr/bin/env bash
# Usage: rec-bpf.sh RUN...   RUN = select-cN | rw-cN   (OUT=/tmp/pgbench-rec/bpf; BT=../sendret.bt)
# A throw-away PostgreSQL 15 cluster as scripts/trace-reads/pgbench/rec.sh sets one up (initdb -A
# trust in a temp dir, port 54329, unix socket, pgbench -i -s 4, VACUUM ANALYZE before each run),
# then per RUN `pgbench -n [-S] -c N -j N -T 3` over the unix socket under bpftrace $BT with the
# arguments "pgbench postgres" (aggregated maps only, printed at the end). Writes OUT/RUN.bpftrace.txt
# (pgbench's report first) and OUT/RUN.load.txt. bpftrace 0.17 is installed with apt-get if missing.
set -euo pipefail
OUT=${OUT:-/tmp/pgbench-rec/bpf}; PORT=54329; SCALE=4; PGBIN=/usr/lib/postgresql/15/bin
HERE=$(cd "$(dirname "$0")" && pwd); BT=${BT:-../sendret.bt}
[[ $(id -u) -eq 0 ]] || { echo "needs root" >&2; exit 1; }
command -v bpftrace >/dev/null || apt-get install -y bpftrace >/dev/null
mkdir -p $OUT; WORK=$(mktemp -d /tmp/pgbench-bpf-work.XXXXXX); chmod 755 $WORK; PGD=$WORK/pg
PG_UP=0
cleanup() { set +e; [[ $PG_UP -eq 1 ]] && runuser -u postgres -- $PGBIN/pg_ctl -D $PGD/data -m fast -w stop >/dev/null 2>&1; rm -rf $WORK; }
trap cleanup EXIT
mkdir -p $PGD/sock; chown -R postgres: $PGD
runuser -u postgres -- $PGBIN/initdb -D $PGD/data -A trust -U postgres >$WORK/initdb.log 2>&1
runuser -u postgres -- $PGBIN/pg_ctl -D $PGD/data -l $PGD/server.log -w \
  -o "-p $PORT -k $PGD/sock -c listen_addresses=127.0.0.1" start >/dev/null
PG_UP=1
runuser -u postgres -- $PGBIN/createdb -h $PGD/sock -p $PORT bench
runuser -u postgres -- $PGBIN/pgbench -h $PGD/sock -p $PORT -i -q -s $SCALE bench >$WORK/pginit.log 2>&1
for run in "$@"; do
  mode=${run%-c*}; c=${run#*-c}
  [[ $mode == select || $mode == rw ]] && [[ $c =~ ^[0-9]+$ ]] || { echo "bad run $run (select-cN or rw-cN)" >&2; exit 1; }
  S=""; [[ $mode == select ]] && S=-S
  runuser -u postgres -- $PGBIN/psql -X -q -h $PGD/sock -p $PORT -d bench -c "VACUUM ANALYZE"
  { echo "date: $(date -u +%FT%TZ)"; echo "uname: $(uname -r)"; echo "before: $(uptime)"; } > $OUT/$run.load.txt
  # bpftrace splits -c's string on spaces: no empty word for a missing -S
  bpftrace $HERE/$BT pgbench postgres -c "/usr/sbin/runuser -u postgres -- $PGBIN/pgbench -h $PGD/sock -p $PORT -n${S:+ $S} -c $c -j $c -T 3 bench" \
    > $OUT/$run.bpftrace.txt 2>&1
  echo "after: $(uptime)" >> $OUT/$run.load.txt
  echo "$run: $(grep -E '^tps' $OUT/$run.bpftrace.txt || tail -3 $OUT/$run.bpftrace.txt)"
done
