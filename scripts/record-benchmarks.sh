#!/usr/bin/env bash
# Record real benchmarks with `perf sched record` on this machine (issue 18, part 2).
#
# Usage: scripts/record-benchmarks.sh [--only GLOB]... [--force] [--keep-data] [--list]
#                                     [--seconds N] [OUTDIR]
#
#   OUTDIR       where recordings go (default: recordings/raw/ in the repo, git-ignored)
#   --only GLOB  record only the recordings whose name matches the shell glob (repeatable),
#                e.g. --only 'tbench-*' --only hackbench-pipe-process-g1
#   --force      record again even if NAME.perf-script.txt.gz and NAME.json exist
#   --keep-data  keep perf's binary NAME.perf.data next to the text (large)
#   --list       print the recording names and their command lines, then exit
#   --seconds N  length of the timed benchmarks (tbench, dbench, pgbench; default 3)
#   --quiet P    before each recording, wait (up to 10 min) until other processes used at most
#                P percent of all CPU time over 2 s (from /proc/stat: everything but idle,
#                iowait and steal, measured while nothing of ours runs); default: do not wait
#   --defer-post keep NAME.perf.data, NAME.args.json and NAME.host.json (this machine's shape,
#                kernel, cmdline, preempt mode) in OUTDIR instead of running `perf script` and
#                the metadata step: for a slow (emulated) guest, whose traces are then
#                post-processed elsewhere (scripts/record-in-vm.sh)
#   --post-deferred  only post-process what --defer-post left in OUTDIR (NAME.perf-script.txt.gz
#                and NAME.json, with the recording machine's NAME.host.json), then remove it
#
# Per recording NAME it writes, into OUTDIR:
#   NAME.perf-script.txt.gz  `perf script --ns` text of the sched tracepoints (+ power:* if any)
#   NAME.json                metadata: host shape, kernel, clock, exact command lines, dates,
#                            /proc/loadavg and /proc/stat before/after, background (niced) CPU,
#                            event counts, CPU time per comm from sched_stat_runtime
#   NAME.bench.log           the benchmark's own output (throughput, tps, times)
# and status.tsv: one line per recording (ok / skipped and why), e.g. which filesystems worked.
#
# Needs root (perf sched record -a, loop mounts, initdb as the postgres user). Installs the
# Debian packages it needs with apt-get, only those missing. Idempotent: finished recordings are
# skipped; everything it creates (postgres cluster, loop mounts, tbench_srv) is removed on exit.
# The recordings run at normal priority; the post-processing (perf script, gzip) under nice 19.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT=""
ONLY=()
FORCE=0
KEEP_DATA=0
LIST=0
SECS=3
QUIET=""
DEFER=0
POST_DEFERRED=0

while [[ $# -gt 0 ]]; do
  case "$1" in
    --only) ONLY+=("${2:?--only needs a name or glob}"); shift 2 ;;
    --only=*) ONLY+=("${1#--only=}"); shift ;;
    --force) FORCE=1; shift ;;
    --keep-data) KEEP_DATA=1; shift ;;
    --list) LIST=1; shift ;;
    --seconds) SECS="${2:?--seconds needs a number}"; shift 2 ;;
    --quiet) QUIET="${2:?--quiet needs a percentage}"; shift 2 ;;
    --defer-post) DEFER=1; shift ;;
    --post-deferred) POST_DEFERRED=1; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
    *) [[ -z "$OUT" ]] || { echo "only one OUTDIR" >&2; exit 2; }; OUT="$1"; shift ;;
  esac
done
[[ "$SECS" =~ ^[1-9][0-9]*$ ]] || { echo "--seconds: a positive integer, got '$SECS'" >&2; exit 2; }
[[ -z "$QUIET" || "$QUIET" =~ ^[0-9]+$ ]] || { echo "--quiet: a whole percentage, got '$QUIET'" >&2; exit 2; }
OUT="${OUT:-$ROOT/recordings/raw}"

# ---- the recordings --------------------------------------------------------------------------
# Loop counts keep each trace to tens of MB of text at most while giving thousands of wake-ups
# (measured on the 2-vCPU host: hackbench -g 4 -l 100 socket = 43k trace lines).
HB_LOOPS=1000
PIPE_LOOPS=100000      # perf bench sched pipe: ~6 us per round trip here, ~0.6 s
MSG_GROUPS=2 MSG_LOOPS=500
PG_PORT=54329
PG_SCALE=4             # >= the largest client count, so TPC-B's branch rows rarely collide

NAMES=() CMDS=()
add() { NAMES+=("$1"); CMDS+=("$2"); }
for c in 1 2 4; do add "tbench-c$c" "tbench -t $SECS $c 127.0.0.1"; done
for ipc in pipe socket; do
  for mode in process thread; do
    for g in 1 2 3 4; do
      flags=""
      [[ $ipc == pipe ]] && flags+=" -p"
      [[ $mode == thread ]] && flags+=" -T"
      add "hackbench-$ipc-$mode-g$g" "hackbench$flags -g $g -l $HB_LOOPS"
    done
  done
done
for c in 1 2 4; do add "pgbench-select-c$c" "pgbench -n -S -c $c -j $c -T $SECS"; done
for c in 1 2 4; do add "pgbench-rw-c$c" "pgbench -n -c $c -j $c -T $SECS"; done
add perf-bench-sched-pipe "perf bench sched pipe -l $PIPE_LOOPS"
add perf-bench-sched-messaging "perf bench sched messaging -g $MSG_GROUPS -l $MSG_LOOPS"
for fs in ext4 xfs; do
  for c in 1 2 4; do add "dbench-$fs-c$c" "dbench -t $SECS -D MNT $c"; done
done

selected() {
  local n="$1" g
  [[ ${#ONLY[@]} -eq 0 ]] && return 0
  for g in "${ONLY[@]}"; do
    # shellcheck disable=SC2053  # $g is a glob on purpose
    [[ "$n" == $g ]] && return 0
  done
  return 1
}

if [[ $LIST -eq 1 ]]; then
  for i in "${!NAMES[@]}"; do
    selected "${NAMES[$i]}" && printf '%-30s %s\n' "${NAMES[$i]}" "${CMDS[$i]}"
  done
  exit 0
fi
any=0
for n in "${NAMES[@]}"; do selected "$n" && any=1; done
[[ $any -eq 1 ]] || { echo "--only ${ONLY[*]}: matches no recording (see --list)" >&2; exit 2; }

[[ $(id -u) -eq 0 ]] || { echo "needs root (perf sched record -a, loop mounts, initdb)" >&2; exit 1; }

# ---- packages --------------------------------------------------------------------------------
PKGS=(dbench rt-tests postgresql stress-ng trace-cmd linux-perf python3 e2fsprogs xfsprogs)
source "$(dirname "${BASH_SOURCE[0]}")/packages.sh"
ensure_packages "${PKGS[@]}"
PGBIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)"
[[ -x "$PGBIN/initdb" ]] || { echo "no initdb under /usr/lib/postgresql/*/bin" >&2; exit 1; }

# perf sched record's own events (sched_switch, sched_stat_runtime, sched_process_fork,
# sched_wakeup_new, sched_migrate_task, sched_waking) plus: sched_wakeup (the CPU the wake-up
# placed the task on, on the target CPU), exec/exit, and the power events when the kernel has them.
EXTRA_EVENTS=()
avail="$(perf list 2>/dev/null)"
for e in sched:sched_wakeup sched:sched_process_exec sched:sched_process_exit \
         power:cpu_frequency power:cpu_idle; do
  grep -q "^ *$e " <<<"$avail" && EXTRA_EVENTS+=(-e "$e")
done

mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
WORK="$(mktemp -d /tmp/wakelab-record.XXXXXX)"
chmod 755 "$WORK"
STATUS="$OUT/status.tsv"
touch "$STATUS"
SRV_PID="" PG_UP=0 MOUNTED=()

cleanup() {
  set +e
  [[ -n "$SRV_PID" ]] && kill "$SRV_PID" 2>/dev/null && wait "$SRV_PID" 2>/dev/null
  if [[ $PG_UP -eq 1 ]]; then
    runuser -u postgres -- "$PGBIN/pg_ctl" -D "$WORK/pg/data" -m fast -w stop >/dev/null 2>&1
  fi
  for m in "${MOUNTED[@]}"; do umount "$m" 2>/dev/null; done
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

set_status() { # NAME STATE DETAIL
  local tmp="$STATUS.tmp"
  { grep -v "^$1	" "$STATUS" || true; printf '%s\t%s\t%s\n' "$1" "$2" "$3"; } | sort >"$tmp"
  mv "$tmp" "$STATUS"
}

# ---- post-processing: perf script text -> gzip + metadata JSON -------------------------------
cat >"$WORK/post.py" <<'PY'
import gzip, json, os, platform, re, subprocess, sys
args = json.load(open(sys.argv[1]))
out_gz, out_json = args["out_gz"], args["out_json"]
head = re.compile(rb"^\s*(.*?)\s+(\d+)\s+\[(\d+)\]\s+(\d+\.\d+):\s+([\w:]+):")
rt = re.compile(rb"comm=(.*) pid=(\d+) runtime=(\d+)")
sw = re.compile(rb"prev_pid=(\d+) prev_prio=(\d+) ")
counts, by_comm = {}, {}
# CPU time by the prio of the task that ran (from sched_switch: each switch ends a run of prev
# on that CPU): prio 139 = nice 19 (the other helpers' builds), 120 = nice 0, "idle" = pid 0.
last_switch, by_prio = {}, {}
lines = text_bytes = 0
t0 = t1 = None
with gzip.open(out_gz + ".part", "wb", compresslevel=6) as gz:
    for line in sys.stdin.buffer:
        gz.write(line)
        lines += 1
        text_bytes += len(line)
        m = head.match(line)
        if not m:
            continue
        ev = m.group(5).decode()
        counts[ev] = counts.get(ev, 0) + 1
        t = float(m.group(4))
        t0 = t if t0 is None else t0
        t1 = t
        if ev == "sched:sched_switch":
            cpu = int(m.group(3))
            s_ = sw.search(line)
            if s_ and cpu in last_switch:
                key = "idle" if s_.group(1) == b"0" else "prio " + s_.group(2).decode()
                by_prio[key] = by_prio.get(key, 0) + round((t - last_switch[cpu]) * 1e9)
            last_switch[cpu] = t
        if ev == "sched:sched_stat_runtime":
            r = rt.search(line)
            if r:
                c = r.group(1).decode(errors="replace")
                by_comm[c] = by_comm.get(c, 0) + int(r.group(3))
os.replace(out_gz + ".part", out_gz)

def read(p, default=None):
    try:
        return open(p).read().strip()
    except OSError:
        return default

def stat_cpu(line):
    f = line.split()
    keys = ["user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal"]
    return dict(zip(keys, map(int, f[1:9])))

cpuinfo = read("/proc/cpuinfo", "")
model = re.search(r"model name\s*:\s*(.*)", cpuinfo)
mhz = sorted(set(re.findall(r"cpu MHz\s*:\s*(.*)", cpuinfo)))
cpu0 = "/sys/devices/system/cpu/cpu0/cpufreq"
cpufreq = None
if os.path.isdir(cpu0):
    cpufreq = {k: read(f"{cpu0}/{k}") for k in ["scaling_driver", "scaling_governor",
               "cpuinfo_min_freq", "cpuinfo_max_freq", "scaling_cur_freq"]}
lscpu = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
hyp = re.search(r"Hypervisor vendor:\s*(.*)", lscpu)
host = {
    "nr_cpus": os.cpu_count(),
    "model_name": model.group(1) if model else None,
    "kernel": platform.release(),
    "kernel_version": read("/proc/version"),
    "hypervisor": hyp.group(1) if hyp else None,
    "cpu_mhz_proc_cpuinfo": mhz,
    "cpufreq": cpufreq if cpufreq else "none: no /sys/devices/system/cpu/cpu0/cpufreq (no frequency scaling visible to this kernel)",
    "cpuidle": {"driver": read("/sys/devices/system/cpu/cpuidle/current_driver"),
                "governor": read("/sys/devices/system/cpu/cpuidle/current_governor")},
    "clocksource": read("/sys/devices/system/clocksource/clocksource0/current_clocksource"),
    # the boot parameters and the preemption model shape placement and preemption (the host of
    # 2026-12 boots with `sched_vcpu_pack=15`, not a mainline parameter, and preempt none)
    "cmdline": read("/proc/cmdline"),
    "preempt_dynamic": next(iter(re.findall(r"Dynamic Preempt: (\w+)", subprocess.run(["dmesg"], capture_output=True, text=True).stdout)), None),
    "smt": read("/sys/devices/system/cpu/smt/control"),
    "memory_kb": int(re.search(r"MemTotal:\s*(\d+)", read("/proc/meminfo", "MemTotal: 0")).group(1)),
    "lscpu_topology": {k: v for k, v in re.findall(r"^(Thread\(s\) per core|Core\(s\) per socket|Socket\(s\)|NUMA node\(s\)|L[123]\w* cache):\s*(.*)$", lscpu, re.M)},
}
if args.get("host_only"):  # --defer-post: only this machine's shape, for --post-deferred
    json.dump(host, open(args["host_only"], "w"), indent=1)
    sys.exit(0)
if args.get("host_json"):  # --post-deferred: the shape of the machine that recorded
    host = json.load(open(args["host_json"]))
b, a = stat_cpu(args["stat_before"]), stat_cpu(args["stat_after"])
d = {k: a[k] - b[k] for k in a}
tot = sum(d.values()) or 1
total_rt = sum(by_comm.values())
bench = set(args["bench_comms"])
def is_bench(c):
    return any(c == p or (p.endswith("*") and c.startswith(p[:-1])) for p in bench)
other = {c: v for c, v in by_comm.items() if not is_bench(c)}
span = (t1 - t0) if t0 is not None else 0.0
meta = {
    "name": args["name"],
    "description": args["description"],
    "benchmark_command": args["bench_cmd"],
    "record_command": args["record_cmd"],
    "script_command": args["script_cmd"],
    "setup": args["setup"],
    "start_utc": args["start"], "end_utc": args["end"],
    "wall_seconds": args["wall"],
    "host": host,
    "tools": args["tools"],
    "trace": {
        "file": os.path.basename(out_gz), "gzip_bytes": os.path.getsize(out_gz),
        "text_bytes": text_bytes, "lines": lines, "span_seconds": round(span, 6),
        "event_counts": dict(sorted(counts.items())),
        "events_absent_note": "an event listed in record_command but missing here fired 0 times",
    },
    "loadavg_before": args["loadavg_before"], "loadavg_after": args["loadavg_after"],
    "background_load": {
        "proc_stat_delta_ticks": d,
        "share_of_all_cpu_time": {k: round(v / tot, 4) for k, v in d.items()},
        "niced_share_note": "'nice' ticks = CPU used by processes with nice > 0 during the recording: the other helpers' cargo/rustc builds run under nice -n 19; the benchmark runs at nice 0",
        "niced_processes_before": args["niced_before"],
        "niced_processes_after": args["niced_after"],
        "cpu_share_by_prio_in_trace": {k: round(v / sum(by_prio.values()), 4) for k, v in sorted(by_prio.items())} if by_prio else None,
        "cpu_share_by_prio_note": "time between consecutive sched_switch events on each CPU, by the prio of the task switched out (kernel prio: 120 = nice 0, 139 = nice 19, <100 = RT; idle = swapper); covers the traced span only",
        "proc_stat_note": "/proc/stat deltas cover wall_seconds, i.e. also perf's start-up and shutdown",
        "fair_cpu_ns_by_comm_top": dict(sorted(by_comm.items(), key=lambda kv: -kv[1])[:25]),
        "fair_cpu_ns_total": total_rt,
        "benchmark_comms": sorted(bench),
        "fair_cpu_ns_other_than_benchmark": sum(other.values()),
        "other_share_of_traced_fair_cpu": round(sum(other.values()) / total_rt, 4) if total_rt else None,
        "other_share_of_2cpu_span": round(sum(other.values()) / 1e9 / (span * host["nr_cpus"]), 4) if span else None,
        "by_comm_note": "from sched_stat_runtime (fair-class runtime accounting); 'perf' is the recorder itself",
    },
    "benchmark_output_tail": args["bench_tail"],
}
json.dump(meta, open(out_json, "w"), indent=1)
print(f"    {lines} lines, {text_bytes/1e6:.1f} MB text, {os.path.getsize(out_gz)/1e6:.1f} MB gz; "
      f"niced share {meta['background_load']['share_of_all_cpu_time']['nice']:.0%}")
PY

if [[ $POST_DEFERRED -eq 1 ]]; then
  n=0
  for aj in "$OUT"/*.args.json; do
    [[ -e "$aj" ]] || continue
    name="$(basename "$aj" .args.json)"
    data="$OUT/$name.perf.data"
    [[ -s "$data" && -s "$OUT/$name.host.json" ]] || { echo "==> $name: no $name.perf.data or $name.host.json, skipped"; continue; }
    echo "==> $name: perf script (deferred)"
    python3 - "$aj" "$WORK/args.json" "$OUT/$name" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
a.update(out_gz=sys.argv[3] + ".perf-script.txt.gz", out_json=sys.argv[3] + ".json",
         host_json=sys.argv[3] + ".host.json")
a.pop("host_only", None)
json.dump(a, open(sys.argv[2], "w"))
PY
    nice -n 19 perf script --ns -i "$data" 2>/dev/null | nice -n 19 python3 "$WORK/post.py" "$WORK/args.json"
    rm -f "$data" "$aj" "$OUT/$name.host.json"
    n=$((n + 1))
  done
  echo "==> post-processed $n deferred recordings in $OUT"
  exit 0
fi

TOOLS_JSON="$(python3 - <<PY
import json, subprocess
def v(cmd):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=10)
        return (r.stdout or r.stderr).strip().splitlines()[0]
    except Exception as e:
        return f"unavailable: {e}"
def pkg(p):
    return v(["dpkg-query", "-W", "-f=\${Version}", p])
print(json.dumps({"perf": v(["perf", "--version"]), "packages": {p: pkg(p) for p in
      ["dbench", "rt-tests", "postgresql", "stress-ng", "trace-cmd", "linux-perf", "xfsprogs", "e2fsprogs"]},
      "postgres_bin": "$PGBIN"}))
PY
)"

niced() { ps -eo pid=,ni=,comm= | awk '$2 ~ /^[0-9]+$/ && $2 > 0 {print $2, $3}' | sort | uniq -c \
  | awk '{printf "%s%s x%s (nice %s)", (NR>1?", ":""), $3, $1, $2}'; }

# busy_pct: percent of all CPU time that was not idle/iowait/steal over the next 2 s.
busy_pct() {
  local a b
  a=($(head -n1 /proc/stat)); sleep 2; b=($(head -n1 /proc/stat))
  local busy=0 all=0 i d
  for i in 1 2 3 4 5 6 7 8; do
    d=$(( b[i] - a[i] )); all=$(( all + d ))
    [[ $i -ne 4 && $i -ne 5 && $i -ne 8 ]] && busy=$(( busy + d ))
  done
  echo $(( all > 0 ? 100 * busy / all : 0 ))
}
wait_quiet() {
  [[ -n "$QUIET" ]] || return 0
  local deadline=$(( $(date +%s) + 600 )) p
  while p=$(busy_pct); [[ $p -gt $QUIET ]]; do
    if [[ $(date +%s) -ge $deadline ]]; then
      echo "    background still at ${p}% CPU after 10 min; recording anyway"; return 0
    fi
    echo "    background at ${p}% CPU (> $QUIET%), waiting"; sleep 10
  done
}

# record NAME DESCRIPTION SETUP BENCH_COMMS CMD... : one recording (runs CMD under perf at nice 0)
record() {
  local name="$1" desc="$2" setup="$3" comms="$4"; shift 4
  local gz="$OUT/$name.perf-script.txt.gz" js="$OUT/$name.json" log="$OUT/$name.bench.log"
  if [[ $FORCE -eq 0 && -s "$gz" && -s "$js" ]]; then
    echo "==> $name: already recorded (--force to redo)"
    grep -q "^$name	" "$STATUS" || set_status "$name" ok "kept"
    return 0
  fi
  echo "==> $name: $*"
  wait_quiet
  local data="$WORK/$name.perf.data"
  local rec=(perf sched record -o "$data" "${EXTRA_EVENTS[@]}" -- "$@")
  local la_b st_b nb start t0 rc=0
  la_b="$(cat /proc/loadavg)"; st_b="$(head -n1 /proc/stat)"; nb="$(niced)"
  start="$(date -u +%FT%T.%3NZ)"; t0=$(date +%s.%N)
  "${rec[@]}" >"$log" 2>&1 || rc=$?
  local t1 la_a st_a na end
  t1=$(date +%s.%N); st_a="$(head -n1 /proc/stat)"; la_a="$(cat /proc/loadavg)"; na="$(niced)"
  end="$(date -u +%FT%T.%3NZ)"
  if [[ $rc -ne 0 ]]; then
    echo "    failed (exit $rc); see $log"; tail -n 5 "$log" | sed 's/^/    /'
    set_status "$name" failed "exit $rc, see $name.bench.log"; rm -f "$data"; return 0
  fi
  local script=(perf script --ns -i "$data")
  R_NAME="$name" R_DESC="$desc" R_SETUP="$setup" R_COMMS="$comms" R_START="$start" R_END="$end" \
  R_WALL="$(python3 -c "print(round($t1 - $t0, 3))")" R_LA_B="$la_b" R_LA_A="$la_a" \
  R_ST_B="$st_b" R_ST_A="$st_a" R_NICED_B="$nb" R_NICED_A="$na" R_TOOLS="$TOOLS_JSON" R_LOG="$log" \
  R_BENCH="$(printf '%q ' "$@")" R_REC="$(printf '%q ' "${rec[@]}")" \
  R_SCRIPT="$(printf '%q ' "${script[@]}")| gzip" R_GZ="$gz" R_JS="$js" \
  python3 - "$WORK/args.json" <<'PY'
import json, os, sys
e = os.environ
json.dump({
  "name": e["R_NAME"], "description": e["R_DESC"], "setup": e["R_SETUP"],
  "bench_cmd": e["R_BENCH"].strip(), "record_cmd": e["R_REC"].strip(), "script_cmd": e["R_SCRIPT"],
  "bench_comms": e["R_COMMS"].split(),
  "start": e["R_START"], "end": e["R_END"], "wall": float(e["R_WALL"]),
  "loadavg_before": e["R_LA_B"], "loadavg_after": e["R_LA_A"],
  "stat_before": e["R_ST_B"], "stat_after": e["R_ST_A"],
  "niced_before": e["R_NICED_B"], "niced_after": e["R_NICED_A"],
  "tools": json.loads(e["R_TOOLS"]),
  "bench_tail": open(e["R_LOG"], errors="replace").read().splitlines()[-12:],
  "out_gz": e["R_GZ"], "out_json": e["R_JS"],
}, open(sys.argv[1], "w"))
PY
  if [[ $DEFER -eq 1 ]]; then
    # this machine's shape now, the trace later (--post-deferred, on a faster machine)
    python3 - "$WORK/args.json" "$OUT/$name" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
json.dump(a, open(sys.argv[2] + ".args.json", "w"))
a.update(host_only=sys.argv[2] + ".host.json", out_gz=sys.argv[1] + ".empty.gz")
json.dump(a, open(sys.argv[1], "w"))
PY
    python3 "$WORK/post.py" "$WORK/args.json" </dev/null
    mv "$data" "$OUT/$name.perf.data"
  else
    nice -n 19 "${script[@]}" 2>/dev/null | nice -n 19 python3 "$WORK/post.py" "$WORK/args.json"
    if [[ $KEEP_DATA -eq 1 ]]; then mv "$data" "$OUT/$name.perf.data"; else rm -f "$data"; fi
  fi
  set_status "$name" ok "$(grep -m1 -E 'Throughput|^tps|Time:|Total time|ops/sec' "$log" | tr -s ' \t' ' ' || true)"
}

# run_group PREFIX: the indexes of selected recordings with that prefix
idx_of() { local i; for i in "${!NAMES[@]}"; do [[ ${NAMES[$i]} == "$1"* ]] && selected "${NAMES[$i]}" && echo "$i"; done; true; }
rest_of() { # the command of recording i, split into words
  read -r -a WORDS <<<"${CMDS[$1]}"
}

# ---- tbench: tbench_srv on loopback, the client under perf -----------------------------------
mapfile -t IDX < <(idx_of tbench-)
if [[ ${#IDX[@]} -gt 0 ]]; then
  tbench_srv >"$WORK/tbench_srv.log" 2>&1 &
  SRV_PID=$!
  sleep 1
  for i in "${IDX[@]}"; do
    rest_of "$i"
    record "${NAMES[$i]}" "dbench's network variant: each client replays /usr/share/dbench/client.txt against tbench_srv over loopback TCP (127.0.0.1)" \
      "tbench_srv started before the recording (pid $SRV_PID), killed after the tbench recordings" \
      "tbench tbench_srv" "${WORDS[@]}"
  done
  kill "$SRV_PID"; wait "$SRV_PID" 2>/dev/null || true; SRV_PID=""
fi

# ---- hackbench (rt-tests) ---------------------------------------------------------------------
for i in $(idx_of hackbench-); do
  rest_of "$i"
  record "${NAMES[$i]}" "rt-tests hackbench: groups of 20 senders x 20 receivers, 100-byte messages, $HB_LOOPS loops" \
    "none" "hackbench" "${WORDS[@]}"
done

# ---- pgbench: a throw-away cluster --------------------------------------------------------------
mapfile -t IDX < <(idx_of pgbench-)
if [[ ${#IDX[@]} -gt 0 ]]; then
  PGD="$WORK/pg"
  if "$PGBIN/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT"; then
    echo "port $PG_PORT already has a postgres (a leftover of a killed run? stop it with pg_ctl)" >&2
    exit 1
  fi
  mkdir -p "$PGD/sock"; chown -R postgres: "$PGD"
  echo "==> initdb into $PGD/data (port $PG_PORT, socket dir $PGD/sock)"
  runuser -u postgres -- "$PGBIN/initdb" -D "$PGD/data" -A trust -U postgres >"$WORK/initdb.log" 2>&1
  runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGD/data" -l "$PGD/server.log" -w \
    -o "-p $PG_PORT -k $PGD/sock -c listen_addresses=127.0.0.1" start >/dev/null
  PG_UP=1
  runuser -u postgres -- "$PGBIN/createdb" -h "$PGD/sock" -p "$PG_PORT" bench
  runuser -u postgres -- "$PGBIN/pgbench" -h "$PGD/sock" -p "$PG_PORT" -i -q -s "$PG_SCALE" bench >"$WORK/pginit.log" 2>&1
  PGSET="initdb -A trust into a temp dir; postgres $( "$PGBIN/postgres" --version | awk '{print $3}') with default settings (synchronous_commit=on, fsync=on, shared_buffers=128MB), port $PG_PORT, listen 127.0.0.1, clients connect over the unix socket in the temp dir; pgbench -i -s $PG_SCALE; VACUUM ANALYZE before each recording (pgbench -n skips its own)"
  for i in "${IDX[@]}"; do
    rest_of "$i"
    runuser -u postgres -- "$PGBIN/psql" -q -h "$PGD/sock" -p "$PG_PORT" -d bench -c "VACUUM ANALYZE" >/dev/null
    w=("${WORDS[@]:1}")
    record "${NAMES[$i]}" "pgbench $( [[ ${NAMES[$i]} == *select* ]] && echo 'select-only (-S): one SELECT per transaction' || echo 'TPC-B-like (default script): BEGIN, 3 UPDATEs, SELECT, INSERT, END' ), one connection and one pgbench thread per client" \
      "$PGSET" "pgbench postgres" \
      runuser -u postgres -- "$PGBIN/pgbench" -h "$PGD/sock" -p "$PG_PORT" "${w[@]}" bench
  done
  runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGD/data" -m fast -w stop >/dev/null; PG_UP=0
fi

# ---- perf bench sched ---------------------------------------------------------------------------
for i in $(idx_of perf-bench-); do
  rest_of "$i"
  record "${NAMES[$i]}" "perf's scheduler benchmark (${NAMES[$i]#perf-bench-sched-}); pipe: two processes ping-pong one int over two pipes; messaging: hackbench clone, groups of 20x20 over sockets" \
    "none" "sched-pipe sched-messaging perf" "${WORDS[@]}"
done

# ---- dbench on loop-mounted filesystems -------------------------------------------------------------
for fs in ext4 xfs; do
  mapfile -t IDX < <(idx_of "dbench-$fs-")
  [[ ${#IDX[@]} -gt 0 ]] || continue
  img="$WORK/$fs.img" mnt="$WORK/mnt-$fs" why=""
  mkdir -p "$mnt"
  truncate -s 4G "$img"
  if ! command -v "mkfs.$fs" >/dev/null; then why="no mkfs.$fs"
  elif ! "mkfs.$fs" -q $([[ $fs == ext4 ]] && echo -F || echo -f) "$img" >"$WORK/mkfs-$fs.log" 2>&1; then why="mkfs.$fs failed: $(tail -n1 "$WORK/mkfs-$fs.log")"
  elif ! mount -o loop "$img" "$mnt" 2>"$WORK/mount-$fs.log"; then why="loop mount failed: $(tail -n1 "$WORK/mount-$fs.log")"
  fi
  if [[ -n "$why" ]]; then
    echo "==> dbench on $fs: skipped ($why)"
    for i in "${IDX[@]}"; do set_status "${NAMES[$i]}" skipped "$why"; done
    rm -f "$img"; continue
  fi
  MOUNTED+=("$mnt")
  loopdev="$(findmnt -n -o SOURCE "$mnt")"
  for i in "${IDX[@]}"; do
    rest_of "$i"
    w=("${WORDS[@]/MNT/$mnt}")
    rm -rf "${mnt:?}/clients"; sync
    record "${NAMES[$i]}" "dbench 4 replaying /usr/share/dbench/client.txt on a loop-mounted $fs file system" \
      "4 GiB sparse file on the root file system ($(findmnt -n -o FSTYPE /) on $(findmnt -n -o SOURCE /)), mkfs.$fs defaults, mount -o loop ($loopdev), directory emptied and sync before each recording" \
      "dbench loop* kworker/* jbd2/* xfs*" "${w[@]}"
  done
  umount "$mnt"; MOUNTED=("${MOUNTED[@]/$mnt}"); rm -f "$img"
done

echo
echo "==> status ($STATUS)"
column -t -s $'\t' "$STATUS" 2>/dev/null || cat "$STATUS"
