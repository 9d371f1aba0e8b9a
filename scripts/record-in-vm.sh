#!/usr/bin/env bash
# Record the benchmarks of scripts/record-benchmarks.sh inside a 2-vCPU guest that runs Debian
# 12's 6.1 kernel (CFS, before EEVDF), so the model can be validated against a CFS kernel even
# when the host runs a newer one (the team's host: 6.18, EEVDF). recordings/README.md, "A CFS
# kernel", describes the guest and what its emulated timing does to the recordings.
#
# Usage: scripts/record-in-vm.sh [--only GLOB]... [--seconds N] [--quiet P] [--force]
#                                [--rebuild] [--append PARAMS] [--mem SIZE] [--accel tcg|kvm]
#                                [OUTDIR]
#
#   OUTDIR        where the recordings are copied to on the host (default recordings/raw-vm61/,
#                 git-ignored): NAME.perf-script.txt.gz, NAME.json, NAME.bench.log, status.tsv,
#                 plus guest/ (the guest's uname, /proc/cmdline, preempt mode, sched tunables
#                 and domains, lscpu, dmesg, the serial console log, record-benchmarks.sh's log)
#   --only GLOB   passed to record-benchmarks.sh (repeatable); default: all 33 recordings
#   --seconds N   passed to record-benchmarks.sh (timed benchmarks' length, default 3)
#   --quiet P     passed to record-benchmarks.sh (measured inside the guest)
#   --force       record again recordings already in OUTDIR (else they are skipped: the guest is
#                 given the ones already there and record-benchmarks.sh keeps them)
#   --rebuild     rebuild the guest image even if it exists (it is rebuilt anyway when the
#                 kernel, record-benchmarks.sh or the guest's init script changed)
#   --append P    extra guest kernel parameters (e.g. preempt=none); default: none, so the
#                 guest runs the Debian kernel's defaults (Dynamic Preempt: voluntary)
#   --mem SIZE    guest memory (default 4G)
#   --accel A     tcg (default): QEMU's multi-threaded emulator, one host thread per vCPU;
#                 kvm: hardware virtualisation (-cpu host). The team's host has a /dev/kvm, but
#                 it is PVM (module kvm_pvm, "nested_pvm=1" on its command line), which runs only
#                 PVM-built guest kernels: Debian's stock kernel boots, but its ring-0 code is
#                 emulated instruction by instruction (its LZ4 decompressor had not finished
#                 after 90 s), so there the guest runs under TCG. Use kvm where real KVM exists.
#
# What it does (root; idempotent):
#  1. apt-get installs what is missing: qemu-system-x86, linux-image-cloud-amd64 (Debian 12's
#     6.1 kernel, `-cloud` flavour: virtio drivers, no hardware drivers) with initramfs-tools,
#     and the benchmarks' packages (those record-benchmarks.sh installs) so they are in the copy.
#  2. Builds the guest root file system under $VM_DIR (default /var/tmp/wakelab-vm61): a copy of
#     this host's Debian root without /work, /proc, /sys, /dev, /tmp, /root, /opt, /usr/local
#     and a few large unneeded trees (2 GB left), plus an init script (/sbin/wakelab-vm-init) and
#     this repo's scripts/record-benchmarks.sh (in /opt/wakelab/); `mke2fs -t ext4 -d` turns it
#     into a sparse raw image (no mount needed). Kernel and initrd: /boot's 6.1 cloud kernel and
#     its Debian initramfs (which has virtio_pci / virtio_blk; ext4 is built in).
#  3. Boots it: qemu-system-x86_64 -machine q35 -smp 2,sockets=1,cores=2,threads=1 -m 4G (the
#     `epyc-kvm-2vcpu` preset's shape: 2 CPUs, one socket, one LLC, no SMT), TCG with -cpu max
#     and `tsc=reliable` (TCG's TSC follows the host clock; without it the guest falls back to
#     the HPET), the root image as virtio disk vda and a fresh ext4 image for the results as
#     vdb, serial console, no network card (tbench uses loopback). The guest's init mounts
#     /proc, /sys, debugfs, tracefs, /dev/shm, brings lo up, loads loop and xfs, runs
#     `record-benchmarks.sh --defer-post` into vdb (perf record only: `perf script` and the
#     metadata step over a million trace lines take minutes in an emulated guest) and powers
#     off. While the guest runs, the host's build processes (rustc, cargo, node, chromium, ...:
#     matched by process name, not command line) are stopped (SIGSTOP) and continued
#     afterwards, also on errors.
#  4. Copies the results out of the result image with debugfs (no mount) into OUTDIR, and runs
#     `record-benchmarks.sh --post-deferred OUTDIR` here: `perf script` of the guest's
#     perf.data, and NAME.json with the guest's shape (kernel, cmdline, preempt mode, CPU) as
#     the guest recorded it.
#
# perf is Debian's linux-perf 6.1 (/usr/bin/perf, matching the guest kernel), the same binary in
# the guest and on the host; each NAME.json records `perf --version`. Timing under TCG on the
# team's 2-vCPU host: 14 min in the guest for tbench, hackbench and perf bench (21 recordings),
# 6 min for pgbench and dbench (12), a few minutes of post-processing each; the image takes
# ~3 min to build.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="" FORCE=0 REBUILD=0 APPEND="" MEM=4G ACCEL=tcg
PASS=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --only) PASS+=(--only "${2:?--only needs a glob}"); shift 2 ;;
    --seconds) PASS+=(--seconds "${2:?}"); shift 2 ;;
    --quiet) PASS+=(--quiet "${2:?}"); shift 2 ;;
    --force) FORCE=1; shift ;;
    --rebuild) REBUILD=1; shift ;;
    --append) APPEND="${2:?}"; shift 2 ;;
    --mem) MEM="${2:?}"; shift 2 ;;
    --accel) ACCEL="${2:?}"; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
    *) [[ -z "$OUT" ]] || { echo "only one OUTDIR" >&2; exit 2; }; OUT="$1"; shift ;;
  esac
done
[[ $(id -u) -eq 0 ]] || { echo "needs root (apt-get, /dev/kvm, the guest image)" >&2; exit 1; }
OUT="${OUT:-$ROOT/recordings/raw-vm61}"
mkdir -p "$OUT"; OUT="$(cd "$OUT" && pwd)"
VM_DIR="${VM_DIR:-/var/tmp/wakelab-vm61}"
mkdir -p "$VM_DIR"

# ---- 1. packages -------------------------------------------------------------------------------
PKGS=(qemu-system-x86 linux-image-cloud-amd64 initramfs-tools
      dbench rt-tests postgresql stress-ng trace-cmd linux-perf python3 e2fsprogs xfsprogs iproute2)
source "$(dirname "${BASH_SOURCE[0]}")/packages.sh"
ensure_packages "${PKGS[@]}"
KVER="$(cd /boot && ls vmlinuz-6.1.*-cloud-amd64 2>/dev/null | sed 's/^vmlinuz-//' | sort -V | tail -n1)"
[[ -n "$KVER" ]] || { echo "no /boot/vmlinuz-6.1.*-cloud-amd64 after installing linux-image-cloud-amd64" >&2; exit 1; }
if [[ ! -s /boot/initrd.img-$KVER ]]; then update-initramfs -c -k "$KVER"; fi
lsinitramfs "/boot/initrd.img-$KVER" | grep -c 'virtio_blk.ko' >/dev/null \
  || { echo "the initrd of $KVER has no virtio_blk (MODULES=dep in /etc/initramfs-tools?)" >&2; exit 1; }
echo "==> guest kernel $KVER"

# ---- 2. the guest image --------------------------------------------------------------------------
IMG="$VM_DIR/root.img"
STAMP="$VM_DIR/root.stamp"   # what the image was built from: kernel, script, init
INIT_SRC="$(cat <<'INIT'
#!/bin/bash
# /sbin/wakelab-vm-init: PID 1 of the recording guest (written by scripts/record-in-vm.sh).
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 TERM=dumb
off() { sync; umount /out 2>/dev/null; sync; echo o >/proc/sysrq-trigger; sleep 5; poweroff -f; }
trap off EXIT
mount -t proc proc /proc; mount -t sysfs sys /sys
mount -t devtmpfs dev /dev 2>/dev/null; mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts; mount -t tmpfs -o mode=1777 tmpfs /dev/shm; mount -t tmpfs tmpfs /run
mount -t debugfs debugfs /sys/kernel/debug; mount -t tracefs tracefs /sys/kernel/tracing 2>/dev/null
mount -o remount,rw /
mkdir -p /tmp && chmod 1777 /tmp && rm -rf /tmp/* 2>/dev/null
mkdir -p /run/postgresql && chown postgres: /run/postgresql 2>/dev/null
hostname wakelab-vm61
ip link set lo up
modprobe loop; modprobe xfs
mkdir -p /out && mount /dev/vdb /out || { echo "wakelab-vm-init: no result disk"; exit 1; }
mkdir -p /out/guest /out/rec
{
  echo "uname -a: $(uname -a)"
  echo "cmdline: $(cat /proc/cmdline)"
  echo "sched/preempt: $(cat /sys/kernel/debug/sched/preempt 2>/dev/null)"
  echo "dmesg Dynamic Preempt: $(dmesg | grep -o 'Dynamic Preempt: .*')"
  echo "perf: $(command -v perf) $(perf --version)"
  echo "clocksource: $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource)"
  echo "cpufreq: $(ls /sys/devices/system/cpu/cpu0/cpufreq 2>&1 | head -n1)"
  echo "cpuidle: $(cat /sys/devices/system/cpu/cpuidle/current_driver 2>/dev/null) / $(cat /sys/devices/system/cpu/cpuidle/current_governor 2>/dev/null)"
  echo "sched_features: $(cat /sys/kernel/debug/sched/features 2>/dev/null)"
  for f in /sys/kernel/debug/sched/{latency_ns,min_granularity_ns,wakeup_granularity_ns,migration_cost_ns,nr_migrate,tunable_scaling}; do
    echo "$(basename "$f"): $(cat "$f" 2>/dev/null)"
  done
  echo "sched domains (cpu0):"; for d in /sys/kernel/debug/sched/domains/cpu0/domain*; do
    echo "  $d: $(cat "$d/name" 2>/dev/null) flags=$(cat "$d/flags" 2>/dev/null)"; done
  echo; lscpu; echo; cat /proc/cpuinfo | sed -n '1,30p'
} >/out/guest/info.txt 2>&1
mapfile -t ARGS </out/args
cd /opt/wakelab
echo "==> record-benchmarks.sh ${ARGS[*]} /out/rec"
scripts/record-benchmarks.sh "${ARGS[@]}" /out/rec 2>&1 | tee /out/guest/record.log
echo "${PIPESTATUS[0]}" >/out/guest/rc
dmesg >/out/guest/dmesg.txt
echo "==> wakelab-vm-init: done, rc $(cat /out/guest/rc)"
INIT
)"
want_stamp="$KVER $(sha256sum "$ROOT/scripts/record-benchmarks.sh" | cut -c1-16) $(sha256sum <<<"$INIT_SRC" | cut -c1-16)"
if [[ $REBUILD -eq 1 || ! -s "$IMG" || "$(cat "$STAMP" 2>/dev/null)" != "$want_stamp" ]]; then
  echo "==> building the guest root file system in $VM_DIR/rootfs"
  rm -rf "$VM_DIR/rootfs" "$IMG" "$STAMP"
  mkdir -p "$VM_DIR/rootfs"
  # A copy of this host's root, one file system, without what a recording does not need.
  EXCL=(./work ./proc ./sys ./dev ./tmp ./run ./mnt ./media ./lost+found
        ./root ./home ./opt ./srv ./snap ./var/tmp ./var/cache ./var/lib/apt/lists ./var/log
        ./var/lib/postgresql ./usr/local ./usr/include ./usr/share/doc ./usr/share/man
        ./usr/share/info ./usr/src ./usr/lib/google-cloud-sdk ./usr/lib/jvm ./usr/lib/llvm-14
        ./usr/lib/chromium ./usr/lib/gcc ./usr/lib/debug ./boot)
  for m in /usr/lib/modules/*; do [[ "${m##*/}" == "$KVER" ]] || EXCL+=(".$m"); done
  tar -C / --one-file-system --numeric-owner -cf - "${EXCL[@]/#/--exclude=}" . \
    | tar -C "$VM_DIR/rootfs" --numeric-owner -xpf -
  for d in proc sys dev tmp run mnt root home var/tmp var/cache/apt var/log var/lib/postgresql opt/wakelab/scripts; do
    mkdir -p "$VM_DIR/rootfs/$d"
  done
  chmod 1777 "$VM_DIR/rootfs/tmp" "$VM_DIR/rootfs/var/tmp"; chmod 700 "$VM_DIR/rootfs/root"
  chown "$(stat -c %u:%g /var/lib/postgresql)" "$VM_DIR/rootfs/var/lib/postgresql" 2>/dev/null || true
  cp "$ROOT/scripts/record-benchmarks.sh" "$VM_DIR/rootfs/opt/wakelab/scripts/"
  printf '%s\n' "$INIT_SRC" >"$VM_DIR/rootfs/sbin/wakelab-vm-init"
  chmod 755 "$VM_DIR/rootfs/sbin/wakelab-vm-init"
  printf 'wakelab-vm61\n' >"$VM_DIR/rootfs/etc/hostname"
  # size: the tree + 12 GiB free (dbench's two 4 GiB sparse loop files, postgres, perf.data)
  kb=$(du -sk "$VM_DIR/rootfs" | cut -f1)
  size_mb=$(( kb / 1024 + 12 * 1024 ))
  echo "==> mke2fs -t ext4 -d rootfs root.img (${size_mb} MiB, sparse)"
  mke2fs -q -t ext4 -L wakelab-vm61 -d "$VM_DIR/rootfs" "$IMG" "${size_mb}M"
  rm -rf "$VM_DIR/rootfs"
  printf '%s\n' "$want_stamp" >"$STAMP"
fi

# ---- 3. boot the guest and record ------------------------------------------------------------------
RES="$VM_DIR/out.img"
rm -rf "$VM_DIR/res"; rm -f "$RES"
mkdir -p "$VM_DIR/res"
# the arguments for record-benchmarks.sh, and the recordings to keep (record-benchmarks.sh skips
# recordings whose trace and JSON exist: copy those in unless --force)
printf '%s\n' "${PASS[@]}" --defer-post >"$VM_DIR/res/args"
mkdir -p "$VM_DIR/res/rec"
if [[ $FORCE -eq 0 ]]; then
  for js in "$OUT"/*.json; do
    [[ -e "$js" ]] || continue
    n="$(basename "$js" .json)"
    [[ -s "$OUT/$n.perf-script.txt.gz" ]] || continue
    cp "$js" "$OUT/$n.perf-script.txt.gz" "$VM_DIR/res/rec/"
    [[ -f "$OUT/$n.bench.log" ]] && cp "$OUT/$n.bench.log" "$VM_DIR/res/rec/"
  done
  [[ -f "$OUT/status.tsv" ]] && cp "$OUT/status.tsv" "$VM_DIR/res/rec/"
fi
mke2fs -q -t ext4 -L results -d "$VM_DIR/res" "$RES" 24G   # sparse; perf.data files are large

STOPPED=()
resume() {
  if [[ ${#STOPPED[@]} -gt 0 ]]; then kill -CONT "${STOPPED[@]}" 2>/dev/null || true; STOPPED=(); fi
}
trap resume EXIT
trap 'exit 130' INT TERM
# by process name only (pgrep without -f): a pattern over whole command lines also matches
# unrelated long-running processes whose arguments merely mention these words
mapfile -t STOPPED < <(ps -eo pid=,comm= | awk '$2 ~ /^(rustc|cargo|node|chromium|trunk|cc1|cc1plus|ld|ld\.bfd|ld\.gold|ld\.lld|clippy-driver|cargo-clippy|rust-analyzer|wasm-.*)$/ {print $1}')
if [[ ${#STOPPED[@]} -gt 0 ]]; then
  echo "==> stopping ${#STOPPED[@]} build processes while the guest runs: ${STOPPED[*]}"
  kill -STOP "${STOPPED[@]}" 2>/dev/null || true
fi
CONSOLE="$VM_DIR/console.log"
echo "==> booting the guest ($KVER, 2 vCPUs, $MEM, $ACCEL); console: $CONSOLE"
start=$(date +%s)
case "$ACCEL" in
  kvm) ACC=(-accel kvm -cpu host,-arch-capabilities); KAPP="" ;;
  tcg) ACC=(-accel tcg,thread=multi,tb-size=1024 -cpu max); KAPP="tsc=reliable" ;;
  *) echo "--accel: kvm or tcg, got '$ACCEL'" >&2; exit 2 ;;
esac
qemu-system-x86_64 -name wakelab-vm61 -machine q35 "${ACC[@]}" \
  -smp 2,sockets=1,cores=2,threads=1 -m "$MEM" \
  -kernel "/boot/vmlinuz-$KVER" -initrd "/boot/initrd.img-$KVER" \
  -append "console=ttyS0 root=/dev/vda rw rootfstype=ext4 init=/sbin/wakelab-vm-init panic=-1 $KAPP $APPEND" \
  -drive "file=$IMG,if=virtio,format=raw,cache=none,aio=threads" \
  -drive "file=$RES,if=virtio,format=raw,cache=none,aio=threads" \
  -nic none -display none -serial "file:$CONSOLE" -monitor none -no-reboot \
  || echo "qemu exited with $?"
resume
echo "==> guest ran $(( $(date +%s) - start )) s"

# ---- 4. copy the results out ---------------------------------------------------------------------------
rm -rf "$VM_DIR/got"; mkdir -p "$VM_DIR/got"
debugfs -R "rdump /rec /guest $VM_DIR/got" "$RES" >/dev/null 2>"$VM_DIR/debugfs.log" || true
if [[ ! -d "$VM_DIR/got/rec" ]]; then
  echo "no results in the result image; the console says:" >&2; tail -n 30 "$CONSOLE" >&2; exit 1
fi
cp -a "$VM_DIR/got/rec/." "$OUT/"
mkdir -p "$OUT/guest"
[[ -d "$VM_DIR/got/guest" ]] && cp -a "$VM_DIR/got/guest/." "$OUT/guest/"
cp "$CONSOLE" "$OUT/guest/console.log"
rm -rf "$VM_DIR/got" "$RES"
# the guest kept perf.data + its own shape (--defer-post): perf script and the metadata step here
echo "==> perf script and metadata on the host (record-benchmarks.sh --post-deferred)"
"$ROOT/scripts/record-benchmarks.sh" --post-deferred "$OUT"
echo "==> results in $OUT (record-benchmarks.sh exit $(cat "$OUT/guest/rc" 2>/dev/null || echo '?'))"
column -t -s $'\t' "$OUT/status.tsv" 2>/dev/null || true
