#!/usr/bin/env bash
# Disassemble a function of the running kernel (this VM has no /proc/kcore, no kprobes and no
# source for its 6.18.44-fc build): its address from /proc/kallsyms, its bytes read from the
# live kernel text by bpftrace (buf() on a kernel address: static keys show as patched), then
# objdump. Calls are annotated with the kallsyms name of their target. Root; bpftrace and
# binutils (apt-get install -y bpftrace binutils).
# Usage: scripts/trace-reads/kernel-text.sh SYMBOL [BYTES] > SYMBOL.asm   (BYTES: to the next symbol)
set -euo pipefail
sym=$1
addr=$(awk -v s="$sym" '$3 == s {print $1; exit}' /proc/kallsyms)
[[ -n $addr ]] || { echo "no symbol $sym in /proc/kallsyms" >&2; exit 1; }
# default length: up to the next symbol (the function's end, padding included)
next=$(awk '{print $1}' /proc/kallsyms | sort -u | awk -v a="$addr" '$1 > a && !f {print; f = 1}')
n=${2:-$(python3 -c "print(0x$next - 0x$addr)")}; n=$(( (n + 31) / 32 * 32 ))
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cat > "$work/dump.bt" <<EOS
BEGIN { \$a = (uint64)0x$addr; \$i = (uint64)0;
  while (\$i < $((n / 32))) { printf("%rx\n", buf((uint8 *)(\$a + \$i * 32), 32)); \$i++; } exit(); }
EOS
bpftrace "$work/dump.bt" 2>/dev/null | grep '^\\x' > "$work/hex.txt"
python3 - "$work/hex.txt" "$work/text.bin" <<'EOP'
import re, sys
data = b''.join(bytes(int(h, 16) for h in re.findall(r'\\x([0-9a-f]{2})', l)) for l in open(sys.argv[1]))
open(sys.argv[2], 'wb').write(data)
EOP
echo "# $sym at 0x$addr, $(uname -r), read $(date -u +%FT%TZ)"
objdump -D -b binary -mi386:x86-64 --adjust-vma=0x"$addr" "$work/text.bin" | sed -n '8,$p' > "$work/asm.txt"
python3 - "$work/asm.txt" <<'EOP'
import re, sys
names = {}
for l in open('/proc/kallsyms'):
    a, _, n = l.split()[:3]
    names.setdefault(a, n)
for l in open(sys.argv[1]):
    l = l.rstrip('\n')
    m = re.search(r'(call|jmp) +0x([0-9a-f]+)', l)
    if m and m.group(2) in names:
        l += '   <%s>' % names[m.group(2)]
    print(l)
EOP
