"""Reading bpftrace 0.17's printed maps (shared by the trace-read summaries). Stdlib only."""
import re


def hist(txt, name, key):
    """The rows of `@name[key]`'s lhist as (bucket lower edge, count), in printed order. `key` is
    an int or a tuple of ints (a map keyed `[1, 0]`)."""
    k = ', '.join(str(x) for x in key) if isinstance(key, tuple) else str(key)
    m = re.search(r'@%s\[%s\]: \n((?:\[.*\n)+)' % (name, re.escape(k)), txt)
    rows = []
    for line in (m.group(1).splitlines() if m else []):
        b = re.match(r'\[(\d+), (?:\d+|\.\.\.)\)\s+(\d+)', line)
        if b:
            rows.append((int(b.group(1)), int(b.group(2))))
    return rows


def counts(txt, name):
    """`@name[k1, k2, ...]: n` count maps as {(k1, k2, ...): n}."""
    return {tuple(int(x) for x in m.group(1).split(', ')): int(m.group(2))
            for m in re.finditer(r'^@%s\[([\d, ]+)\]: (\d+)$' % name, txt, re.M)}


def quantile(rows, q):
    """The lower edge of the bucket holding quantile `q` of an lhist's rows (None if empty)."""
    n = sum(c for _, c in rows)
    if n == 0:
        return None
    seen = 0
    for edge, c in rows:
        seen += c
        if seen >= q * n:
            return edge
    return rows[-1][0]
