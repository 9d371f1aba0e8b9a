#!/usr/bin/env bash
# Usage: rec-bpf.sh NAME GROUPS   (OUT=/tmp/hackbench-rec/bpf; AG_NICE=-20 as rec.sh;
#        BT=pick.bt for the lag at each pick instead of eevdf.bt's wake-up state)
# Runs `hackbench -p -T -g GROUPS -l 1000` under bpftrace $BT (aggregated maps only, printed
# at the end: no per-event output, so no lost events). bpftrace 0.17 (Debian's) is installed with
# apt-get if missing. Its "couldn't set RLIMIT_MEMLOCK" error is harmless here (the maps load).
set -euo pipefail
NAME=$1; G=${2:-1}; OUT=${OUT:-/tmp/hackbench-rec/bpf}; HERE=$(cd "$(dirname "$0")" && pwd)
command -v bpftrace >/dev/null || apt-get install -y bpftrace >/dev/null
mkdir -p $OUT
W=$(mktemp /tmp/hb-ag.XXXXXX.sh)
cat > $W <<EOS
#!/bin/sh
[ -n "${AG_NICE:-}" ] && echo ${AG_NICE:-0} > /proc/self/autogroup
exec /usr/bin/hackbench -p -T -g $G -l 1000
EOS
chmod +x $W
{ echo "date: $(date -u +%FT%TZ)"; echo "uname: $(uname -r)"; echo "before: $(uptime)"; } > $OUT/$NAME.load.txt
bpftrace $HERE/${BT:-eevdf.bt} -c "/usr/bin/setsid $W" > $OUT/$NAME.bpftrace.txt 2>&1
echo "after: $(uptime)" >> $OUT/$NAME.load.txt
rm -f $W
grep Time $OUT/$NAME.bpftrace.txt
