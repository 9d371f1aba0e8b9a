#!/usr/bin/env bash
# Usage: rec.sh NAME MODE GROUPS   (e.g. rec.sh g1-a full 1; OUT=/tmp/hackbench-rec)
# Records `hackbench -p -T -g GROUPS -l 1000` (rt-tests) through tracefs directly (trace-cmd 3.1.6
# cannot run here: it fails writing /proc/sys/kernel/ftrace_enabled, EPERM).
#   MODE=full : sched_switch / sched_wakeup / sched_waking / sched_migrate_task / sched_wakeup_new /
#               sched_process_fork / sched_process_exit (all tasks), irq_vectors:local_timer_entry
#               (the tick), irq_vectors:reschedule_entry (resched IPI received), ipi:ipi_send_cpu,
#               and syscalls read/write enter+exit of comm "hackbench" only.
#   MODE=sched: the sched and irq events only (no syscall events): a control for the tracing
#               overhead of the syscall events.
# AG_NICE=-20 runs hackbench in a session of its own (setsid: its own autogroup) whose autogroup
# nice is set to AG_NICE, to shield it from other sessions' work (e.g. builds) on a busy machine.
# Clock: x86-tsc (the text output then prints raw TSC cycles, sub-ns resolution; the clocksource
# is tsc, 1996.249 MHz per the kernel's calibration in dmesg). The text output's flags column
# ("irqs-off, need-resched, hard/softirq, preempt-depth") gives the TIF_NEED_RESCHED state ('N')
# of the CPU's current task at each event.
# Per run it writes OUT/NAME.trace.txt.gz, NAME.bench.log, NAME.load.txt, NAME.ringbuffer-stats.txt.
set -euo pipefail
NAME=$1; MODE=${2:-full}; G=${3:-1}
OUT=${OUT:-/tmp/hackbench-rec}; T=/sys/kernel/tracing
[[ $(id -u) -eq 0 ]] || { echo "needs root" >&2; exit 1; }
mountpoint -q $T || mount -t tracefs nodev $T
mkdir -p $OUT
SYSC=(read write)
tr_stop() {
  echo 0 > $T/tracing_on; echo > $T/set_event
  for s in "${SYSC[@]}"; do echo 0 > $T/events/syscalls/sys_enter_$s/filter; echo 0 > $T/events/syscalls/sys_exit_$s/filter; done 2>/dev/null || true
  echo 1410 > $T/buffer_size_kb; echo local > $T/trace_clock; echo > $T/trace; }
trap tr_stop EXIT
tr_start() {
  echo 0 > $T/tracing_on; echo > $T/set_event; echo > $T/trace
  echo x86-tsc > $T/trace_clock; echo ${BUF_KB:-262144} > $T/buffer_size_kb; echo 0 > $T/options/overwrite
  echo 8192 > $T/saved_cmdlines_size 2>/dev/null || true
  for e in sched/sched_switch sched/sched_wakeup sched/sched_waking sched/sched_migrate_task \
           sched/sched_wakeup_new sched/sched_process_fork sched/sched_process_exit \
           irq_vectors/local_timer_entry irq_vectors/reschedule_entry ipi/ipi_send_cpu; do
    echo 1 > $T/events/$e/enable; done
  if [[ $MODE == full ]]; then
    for s in "${SYSC[@]}"; do
      echo 'COMM == "hackbench"' > $T/events/syscalls/sys_enter_$s/filter; echo 1 > $T/events/syscalls/sys_enter_$s/enable
      echo 'COMM == "hackbench"' > $T/events/syscalls/sys_exit_$s/filter; echo 1 > $T/events/syscalls/sys_exit_$s/enable
    done
  fi
  echo 1 > $T/tracing_on; }
busy_pct() { local a b; a=($(head -n1 /proc/stat)); sleep 2; b=($(head -n1 /proc/stat))
  local busy=0 all=0 i d; for i in 1 2 3 4 5 6 7 8; do d=$(( b[i]-a[i] )); all=$((all+d))
  [[ $i -ne 4 && $i -ne 5 && $i -ne 8 ]] && busy=$((busy+d)); done; echo $(( all>0 ? 100*busy/all : 0 )); }
deadline=$(( $(date +%s) + ${QUIET_WAIT:-120} )); log=""   # wait (bounded) for a quieter machine
while p=$(busy_pct); log+="$(date +%T) busy=${p}% "; [[ $p -ge ${QUIET_PCT:-15} ]]; do
  [[ $(date +%s) -ge $deadline ]] && { log+="(gave up waiting) "; break; }; sleep 5; done
{ echo "date: $(date -u +%FT%TZ)"; echo "uname: $(uname -r)"; echo "mode: $MODE groups: $G autogroup nice: ${AG_NICE:-none, the caller session}"
  echo "quiet wait: $log"; echo "busy (2 s before, % of all CPU time) = $(busy_pct)"; echo "before: $(uptime)"
  ps -eo pid,ni,pcpu,comm --sort=-pcpu | head -8; } > $OUT/$NAME.load.txt
head -n1 /proc/stat > $OUT/$NAME.stat-before
tr_start
if [[ -n ${AG_NICE:-} ]]; then   # own session, so own autogroup, with that autogroup's nice (shields it from other sessions' builds)
  setsid sh -c "echo $AG_NICE > /proc/self/autogroup; cat /proc/self/autogroup >&2; exec hackbench -p -T -g $G -l 1000" > $OUT/$NAME.bench.log 2>&1
else
  hackbench -p -T -g $G -l 1000 > $OUT/$NAME.bench.log 2>&1
fi
echo 0 > $T/tracing_on
head -n1 /proc/stat > $OUT/$NAME.stat-after
echo "after: $(uptime)" >> $OUT/$NAME.load.txt
for cpu in $T/per_cpu/cpu*; do echo "${cpu##*/}: $(grep -E 'overrun|dropped|entries|commit overrun' $cpu/stats | tr '\n' ' ')"; done > $OUT/$NAME.ringbuffer-stats.txt
nice -n 19 cat $T/trace | gzip -1 > $OUT/$NAME.trace.txt.gz
echo "done $NAME: $(grep -E 'Time' $OUT/$NAME.bench.log | tr '\n' ' ') $(cat $OUT/$NAME.ringbuffer-stats.txt | tr '\n' ' ')"
