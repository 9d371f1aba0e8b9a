#!/usr/bin/env bash
# Usage: rec-bpf.sh NAME CLIENTS   (OUT=/tmp/tbench-rec/bpf; BT=eevdf.bt, BTARGS its arguments
#        (BT=../sendret.bt BTARGS="tbench tbench_srv"); AG_NICE=-20 puts the
#        client's autogroup at nice -20 as scripts/trace-reads/hackbench/rec.sh does;
#        SESSIONS=2 starts tbench_srv and tbench each in a session of its own (setsid), so in
#        two autogroups, AG_NICE applied to both, each printing its /proc/self/autogroup into
#        the output ("ag srv:" / "ag cli:", the wrapper "ag wrap:"))
# Starts tbench_srv on loopback, runs `tbench -t 3 CLIENTS 127.0.0.1` under bpftrace $BT
# (aggregated maps only, printed at the end), stops the server. bpftrace 0.17 and dbench
# (tbench, tbench_srv) are installed with apt-get if missing.
set -euo pipefail
NAME=$1; N=${2:-2}; OUT=${OUT:-/tmp/tbench-rec/bpf}; HERE=$(cd "$(dirname "$0")" && pwd)
command -v bpftrace >/dev/null || apt-get install -y bpftrace >/dev/null
command -v tbench >/dev/null || apt-get install -y dbench >/dev/null
mkdir -p $OUT
W=$(mktemp /tmp/tb-ag.XXXXXX.sh)
if [ "${SESSIONS:-1}" = 2 ]; then
cat > $W <<EOS
#!/bin/sh
echo "ag wrap: \$(cat /proc/self/autogroup)"
/usr/bin/setsid /bin/sh -c '[ -n "${AG_NICE:-}" ] && echo ${AG_NICE:-0} > /proc/self/autogroup; echo "ag srv: \$(cat /proc/self/autogroup)"; exec /usr/bin/tbench_srv' & S=\$!
sleep 0.5
/usr/bin/setsid --wait /bin/sh -c '[ -n "${AG_NICE:-}" ] && echo ${AG_NICE:-0} > /proc/self/autogroup; echo "ag cli: \$(cat /proc/self/autogroup)"; exec /usr/bin/tbench -t 3 $N 127.0.0.1'
kill \$S
EOS
else
cat > $W <<EOS
#!/bin/sh
[ -n "${AG_NICE:-}" ] && echo ${AG_NICE:-0} > /proc/self/autogroup
/usr/bin/tbench_srv & S=\$!
sleep 0.5
/usr/bin/tbench -t 3 $N 127.0.0.1
kill \$S
EOS
fi
chmod +x $W
{ echo "date: $(date -u +%FT%TZ)"; echo "uname: $(uname -r)"; echo "before: $(uptime)"; } > $OUT/$NAME.load.txt
bpftrace $HERE/${BT:-eevdf.bt} ${BTARGS:-} -c "/usr/bin/setsid $W" > $OUT/$NAME.bpftrace.txt 2>&1
echo "after: $(uptime)" >> $OUT/$NAME.load.txt
rm -f $W
grep -iE "throughput|^ag " $OUT/$NAME.bpftrace.txt || true
