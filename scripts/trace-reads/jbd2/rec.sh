#!/usr/bin/env bash
# Usage: rec.sh NAME NCLIENTS  -- one dbench recording on a fresh loop-mounted ext4 (4 GiB sparse),
# replicating scripts/record-benchmarks.sh's dbench setup, plus jbd2/block/ext4-fsync/irq events.
set -euo pipefail
NAME=$1 N=$2 SECS=${SECS:-3}
OUT=/tmp/dbench-rec; WORK=$OUT/work; mkdir -p $WORK
img=$WORK/ext4.img mnt=$WORK/mnt
busy_pct() { local a b; a=($(head -n1 /proc/stat)); sleep 2; b=($(head -n1 /proc/stat))
  local busy=0 all=0 i d; for i in 1 2 3 4 5 6 7 8; do d=$(( b[i]-a[i] )); all=$((all+d))
  [[ $i -ne 4 && $i -ne 5 && $i -ne 8 ]] && busy=$((busy+d)); done; echo $(( all>0 ? 100*busy/all : 0 )); }
cleanup() { set +e; mountpoint -q $mnt && umount $mnt; rm -f $img; }
trap cleanup EXIT
mkdir -p $mnt; truncate -s 4G $img; mkfs.ext4 -q -F $img; mount -o loop $img $mnt
grep " $mnt " /proc/mounts > $OUT/$NAME.mounts
loopdev=$(findmnt -n -o SOURCE $mnt); echo "$loopdev" >> $OUT/$NAME.mounts
rm -rf $mnt/clients; sync
deadline=$(( $(date +%s) + ${QUIET_WAIT:-240} )); log=""
while p=$(busy_pct); log+="$(date +%T) busy=${p}% "; [[ $p -ge 10 ]]; do
  [[ $(date +%s) -ge $deadline ]] && { log+="(gave up waiting) "; break; }; sleep 5; done
echo "$log" > $OUT/$NAME.quiet.txt
ps -eo pid,ni,pcpu,comm --sort=-pcpu | head -8 >> $OUT/$NAME.quiet.txt
head -n1 /proc/stat > $OUT/$NAME.stat-before
EV=(-e sched:sched_switch -e sched:sched_wakeup -e sched:sched_waking -e sched:sched_wakeup_new
    -e sched:sched_migrate_task -e sched:sched_process_fork -e sched:sched_process_exit
    -e block:block_rq_issue -e block:block_rq_complete -e block:block_rq_insert
    -e jbd2:jbd2_start_commit -e jbd2:jbd2_commit_locking -e jbd2:jbd2_commit_flushing
    -e jbd2:jbd2_commit_logging -e jbd2:jbd2_end_commit -e jbd2:jbd2_run_stats
    -e ext4:ext4_sync_file_enter -e ext4:ext4_sync_file_exit
    -e irq:irq_handler_entry -e irq:irq_handler_exit -e irq:softirq_entry -e irq:softirq_exit)
perf record -a -q -o $WORK/$NAME.perf.data "${EV[@]}" -- dbench -t $SECS -D $mnt $N > $OUT/$NAME.bench.log 2>&1
head -n1 /proc/stat > $OUT/$NAME.stat-after
nice -n 19 perf script --ns -i $WORK/$NAME.perf.data 2>/dev/null | gzip -1 > $OUT/$NAME.perf-script.txt.gz
rm -f $WORK/$NAME.perf.data
echo "done $NAME: $(zcat $OUT/$NAME.perf-script.txt.gz | wc -l) lines"
