"""Reading bpftrace 0.17's printed maps (shared by the trace-read summaries). Stdlib only."""
import re


def hist(txt, name, key):
    """The rows of `@name[key]`'s lhist as (bucket lower edge, count), in printed order."""
    m = re.search(r'@%s\[%d\]: \n((?:\[.*\n)+)' % (name, key), txt)
    rows = []
    for line in (m.group(1).splitlines() if m else []):
        b = re.match(r'\[(\d+), (?:\d+|\.\.\.)\)\s+(\d+)', line)
        if b:
            rows.append((int(b.group(1)), int(b.group(2))))
    return rows
