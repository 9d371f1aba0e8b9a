#!/usr/bin/env bash
# Usage: lag.sh NAME NCLIENTS  -- `dbench -t 3 NCLIENTS` on a fresh loop-mounted ext4 (4 GiB
# sparse, scripts/record-benchmarks.sh's dbench setup) under bpftrace lag.bt (aggregated maps
# only, printed at the end: no per-event output, no lost events). OUT=/tmp/dbench-lag.
# bpftrace 0.17 (Debian's) is installed with apt-get if missing.
set -euo pipefail
NAME=$1 N=$2 SECS=${SECS:-3}; HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-/tmp/dbench-lag}; WORK=$OUT/work; mkdir -p $WORK
command -v bpftrace >/dev/null || apt-get install -y bpftrace >/dev/null
img=$WORK/ext4.img mnt=$WORK/mnt
cleanup() { set +e; mountpoint -q $mnt && umount $mnt; rm -f $img; }
trap cleanup EXIT
mkdir -p $mnt; truncate -s 4G $img; mkfs.ext4 -q -F $img; mount -o loop $img $mnt
rm -rf $mnt/clients; sync
{ echo "date: $(date -u +%FT%TZ)"; echo "uname: $(uname -r)"; echo "before: $(uptime)"; } > $OUT/$NAME.load.txt
bpftrace $HERE/lag.bt -c "/usr/bin/dbench -t $SECS -D $mnt $N" > $OUT/$NAME.bpftrace.txt 2>&1
echo "after: $(uptime)" >> $OUT/$NAME.load.txt
grep -E "Throughput" $OUT/$NAME.bpftrace.txt || tail -5 $OUT/$NAME.bpftrace.txt
