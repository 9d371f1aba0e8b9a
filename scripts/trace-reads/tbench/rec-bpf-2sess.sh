#!/usr/bin/env bash
# Usage: rec-bpf-2sess.sh NAME CLIENTS   (OUT, BT, BTARGS, AG_NICE as rec-bpf.sh)
# rec-bpf.sh with tbench_srv and tbench each started in a session of its own (setsid), so in two
# autogroups (rec-bpf.sh runs both in the wrapper's one session, one autogroup). AG_NICE, if
# set, is applied to both autogroups. Each prints its /proc/self/autogroup into the bpftrace
# output ("ag srv:" / "ag cli:"), and the wrapper its own ("ag wrap:").
set -euo pipefail
NAME=$1; N=${2:-2}; OUT=${OUT:-/tmp/tbench-rec/bpf}; HERE=$(cd "$(dirname "$0")" && pwd)
command -v bpftrace >/dev/null || apt-get install -y bpftrace >/dev/null
command -v tbench >/dev/null || apt-get install -y dbench >/dev/null
mkdir -p $OUT
W=$(mktemp /tmp/tb-ag.XXXXXX.sh)
cat > $W <<EOS
#!/bin/sh
echo "ag wrap: \$(cat /proc/self/autogroup)"
/usr/bin/setsid /bin/sh -c '[ -n "${AG_NICE:-}" ] && echo ${AG_NICE:-0} > /proc/self/autogroup; echo "ag srv: \$(cat /proc/self/autogroup)"; exec /usr/bin/tbench_srv' & S=\$!
sleep 0.5
/usr/bin/setsid --wait /bin/sh -c '[ -n "${AG_NICE:-}" ] && echo ${AG_NICE:-0} > /proc/self/autogroup; echo "ag cli: \$(cat /proc/self/autogroup)"; exec /usr/bin/tbench -t 3 $N 127.0.0.1'
kill \$S
EOS
chmod +x $W
{ echo "date: $(date -u +%FT%TZ)"; echo "uname: $(uname -r)"; echo "before: $(uptime)"; } > $OUT/$NAME.load.txt
bpftrace $HERE/${BT:-eevdf.bt} ${BTARGS:-} -c "/usr/bin/setsid $W" > $OUT/$NAME.bpftrace.txt 2>&1
echo "after: $(uptime)" >> $OUT/$NAME.load.txt
rm -f $W
grep -iE "throughput|^ag " $OUT/$NAME.bpftrace.txt || true
