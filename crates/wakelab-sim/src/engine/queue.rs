//! The event queue: (time, seq) keys, FIFO among equal times, lazy cancellation.
//!
//! In the style of dslab-core: every event gets a sequence number at insertion, so events at the
//! same nanosecond pop in the order they were scheduled, independent of heap internals.
//! Cancellation is lazy: an event carries the generation of the thing it belongs to (a CPU's
//! current run segment, a task's sleep) and the handler drops it when the generation moved on,
//! so cancelling costs nothing and the heap never needs searching.

/// Simulated time in nanoseconds.
pub type Nanos = u64;

/// `key` is `(time << 64) | seq`: one u128 comparison orders by time, then insertion. Keys are
/// unique (the sequence number is), so the pop order is fully determined by the keys whatever
/// the heap's shape.
struct Entry<E> {
    key: u128,
    ev: E,
}

/// Children per heap node: a 4-ary heap is half as deep as a binary one, and a pop (the
/// dominant operation: every event is popped once) moves an entry half as many times; the
/// extra comparisons are between keys that sit next to each other in memory.
const ARITY: usize = 4;

/// Priority queue of events ordered by (time, insertion sequence): an implicit 4-ary min-heap.
pub struct EventQueue<E> {
    heap: Vec<Entry<E>>,
    seq: u64,
}

impl<E> Default for EventQueue<E> {
    fn default() -> Self {
        Self::new()
    }
}

impl<E> EventQueue<E> {
    pub fn new() -> Self {
        EventQueue {
            heap: Vec::with_capacity(1024),
            seq: 0,
        }
    }

    /// Schedule `ev` at `time`.
    #[inline]
    pub fn push(&mut self, time: Nanos, ev: E) {
        self.seq += 1;
        let key = (time as u128) << 64 | self.seq as u128;
        self.heap.push(Entry { key, ev });
        // sift up
        let mut i = self.heap.len() - 1;
        while i > 0 {
            let parent = (i - 1) / ARITY;
            if self.heap[parent].key <= key {
                break;
            }
            self.heap.swap(i, parent);
            i = parent;
        }
    }

    /// Remove and return the earliest event.
    #[inline]
    pub fn pop(&mut self) -> Option<(Nanos, E)> {
        let last = self.heap.pop()?;
        if self.heap.is_empty() {
            return Some(((last.key >> 64) as Nanos, last.ev));
        }
        let top = std::mem::replace(&mut self.heap[0], last);
        // sift the moved entry down
        let n = self.heap.len();
        let key = self.heap[0].key;
        let mut i = 0;
        loop {
            let first = ARITY * i + 1;
            if first >= n {
                break;
            }
            let end = (first + ARITY).min(n);
            let mut m = first;
            let mut mk = self.heap[first].key;
            for c in first + 1..end {
                let ck = self.heap[c].key;
                if ck < mk {
                    m = c;
                    mk = ck;
                }
            }
            if mk >= key {
                break;
            }
            self.heap.swap(i, m);
            i = m;
        }
        Some(((top.key >> 64) as Nanos, top.ev))
    }

    /// Time of the earliest event.
    #[inline]
    pub fn peek_time(&self) -> Option<Nanos> {
        self.heap.first().map(|e| (e.key >> 64) as Nanos)
    }

    /// (time, seq) key of the earliest event.
    #[inline]
    pub fn peek_key(&self) -> Option<(Nanos, u64)> {
        self.heap
            .first()
            .map(|e| ((e.key >> 64) as Nanos, e.key as u64))
    }

    /// Take the next sequence number without queueing anything (for timers kept outside the
    /// heap, such as `TimerTree`, that must order against queued events).
    #[inline]
    pub fn alloc_seq(&mut self) -> u64 {
        self.seq += 1;
        self.seq
    }

    pub fn len(&self) -> usize {
        self.heap.len()
    }

    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }
}

/// One timer per slot (per CPU), kept in a tournament tree: setting or clearing a slot is
/// O(log n), the earliest slot is at the root. Replaces "push a new event and let the old one go
/// stale" for timers that are re-armed very often (a CPU's run completion is re-timed on every
/// frequency change and every SMT sibling switch), which kept the heap large.
///
/// Keys are `(time << 64) | seq` in one `u128`, stored in the nodes themselves, so a level costs
/// one comparison and no indirection.
///
/// Lazy: the tree holds a lower bound of each slot's key, the true key is in `keys`. Moving a
/// timer earlier updates the tree at once (a short climb that stops at the first ancestor whose
/// winner is already earlier); moving it later or clearing it only writes `keys`, and the tree
/// is corrected when the stale bound reaches the root (`min`). A run completion is typically
/// cleared and re-armed later several times before it fires, so most full climbs are saved.
#[derive(Clone, Debug)]
pub struct TimerTree {
    /// Number of leaves (a power of two >= slots).
    size: usize,
    /// Node i: the earliest bound below it; leaves at [size, 2 size).
    nodes: Vec<u128>,
    /// True key of each slot (UNARMED when disarmed); the leaf holds a key <= this.
    keys: Vec<u128>,
}

/// Keys are `time << 64 | seq << SLOT_BITS | slot`: the slot rides in the low bits, below the
/// sequence number, so it never decides an order (sequence numbers are unique) and a node is
/// one u128 whose minimum is a plain `min`: no (key, slot) pair to select at every level.
const SLOT_BITS: u32 = 16;
const SLOT_MASK: u128 = (1 << SLOT_BITS) - 1;
/// Sequence numbers must fit in the remaining 48 bits (2.8e14: years of simulation at the
/// engine's speed); `set` checks it.
const SEQ_LIMIT: u64 = 1 << (64 - SLOT_BITS);

const UNARMED: u128 = u128::MAX;

impl TimerTree {
    pub fn new(slots: usize) -> TimerTree {
        assert!(slots <= SLOT_MASK as usize, "too many timer slots");
        let size = slots.max(1).next_power_of_two();
        TimerTree {
            size,
            nodes: vec![UNARMED; 2 * size],
            keys: vec![UNARMED; size],
        }
    }

    /// Replace the leaf of `slot` by `key` and recompute its ancestors (any direction).
    ///
    /// Each ancestor is min(its child on the path, that child's sibling), and the child on the
    /// path was just computed: the winner is carried in registers and only the siblings are
    /// read. Their addresses do not depend on the comparisons, so the loads overlap instead of
    /// forming a chain through the nodes just written.
    ///
    /// Returns the new root, so that `min` need not load back what was just stored: the root
    /// is written as two 64-bit halves and read back whole, which the store buffer cannot
    /// forward (a stall of ~7% of a T4 run, docs/performance.md).
    #[inline]
    fn update(&mut self, slot: usize, key: u128) -> u128 {
        let mut i = self.size + slot;
        let mut w = key;
        self.nodes[i] = w;
        while i > 1 {
            // The outcome is a coin flip at every level, so a conditional move is asked for.
            // LLVM's x86 cmov-conversion pass still turns it into a branch (even written as a
            // mask blend), so .cargo/config.toml turns that pass off: ~7% of the whole run,
            // measured in docs/performance.md.
            let sib = self.nodes[i ^ 1];
            w = std::hint::select_unpredictable(sib < w, sib, w);
            i /= 2;
            self.nodes[i] = w;
        }
        w
    }

    /// Lower the leaf of `slot` to `key` (< its present bound): an ancestor changes only if
    /// `key` beats its winner, and then so may the next one; the climb stops at the first that
    /// it does not beat.
    #[inline]
    fn decrease(&mut self, slot: usize, key: u128) {
        let mut i = self.size + slot;
        self.nodes[i] = key;
        while i > 1 {
            i /= 2;
            if key >= self.nodes[i] {
                break;
            }
            self.nodes[i] = key;
        }
    }

    /// Arm `slot` at (time, seq).
    #[inline]
    pub fn set(&mut self, slot: usize, time: Nanos, seq: u64) {
        assert!(seq < SEQ_LIMIT, "timer sequence number overflow");
        let key = (time as u128) << 64 | (seq as u128) << SLOT_BITS | slot as u128;
        self.keys[slot] = key;
        if key < self.nodes[self.size + slot] {
            self.decrease(slot, key);
        }
    }

    /// Disarm `slot`.
    #[inline]
    pub fn clear(&mut self, slot: usize) {
        self.keys[slot] = UNARMED;
    }

    /// The earliest armed slot: (time, seq, slot). Corrects stale bounds at the root first
    /// (hence `&mut`); the answer is the same as an eager tree's.
    #[inline]
    pub fn min(&mut self) -> Option<(Nanos, u64, usize)> {
        let mut k = self.nodes[1];
        loop {
            if k == UNARMED {
                return None;
            }
            let s = (k & SLOT_MASK) as usize;
            let real = self.keys[s];
            if real == k {
                // every other slot's true key is >= its bound >= k
                return Some(((k >> 64) as u64, (k as u64) >> SLOT_BITS, s));
            }
            k = self.update(s, real);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn earliest_first_and_fifo_ties() {
        let mut q = EventQueue::new();
        q.push(30, "c");
        q.push(10, "a1");
        q.push(20, "b");
        q.push(10, "a2");
        q.push(10, "a3");
        let order: Vec<_> = std::iter::from_fn(|| q.pop()).collect();
        assert_eq!(
            order,
            vec![(10, "a1"), (10, "a2"), (10, "a3"), (20, "b"), (30, "c")]
        );
    }

    /// Interleaved pushes and pops against a sorted reference: (time, seq) order, FIFO ties.
    #[test]
    fn heap_matches_a_sorted_reference() {
        let mut q = EventQueue::new();
        let mut reference: Vec<(u64, u64)> = Vec::new(); // (time, seq), seq = payload
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        let mut seq = 0u64;
        for _ in 0..50_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if x % 5 < 3 || reference.is_empty() {
                seq += 1;
                let t = (x >> 20) % 64; // many equal times
                q.push(t, seq);
                reference.push((t, seq));
            } else {
                reference.sort_unstable();
                let (t, s) = reference.remove(0);
                assert_eq!(q.peek_key(), Some((t, s)));
                assert_eq!(q.pop(), Some((t, s)));
            }
            assert_eq!(q.len(), reference.len());
        }
        reference.sort_unstable();
        for (t, s) in reference {
            assert_eq!(q.pop(), Some((t, s)));
        }
        assert_eq!(q.pop(), None);
    }
}

#[cfg(test)]
mod timer_tests {
    use super::*;

    #[test]
    fn tree_tracks_the_earliest_slot_with_seq_ties() {
        let mut t = TimerTree::new(5);
        assert_eq!(t.min(), None);
        t.set(3, 100, 7);
        t.set(1, 100, 5);
        t.set(4, 50, 9);
        assert_eq!(t.min(), Some((50, 9, 4)));
        t.clear(4);
        assert_eq!(t.min(), Some((100, 5, 1)));
        t.set(1, 200, 10);
        assert_eq!(t.min(), Some((100, 7, 3)));
        t.clear(3);
        t.clear(1);
        assert_eq!(t.min(), None);
    }

    /// The lazy tree against a plain scan of the true keys, over a deterministic mix of
    /// earlier, later and cleared re-arms (the run-completion pattern).
    #[test]
    fn lazy_tree_matches_a_linear_scan() {
        let slots = 13;
        let mut t = TimerTree::new(slots);
        let mut truth: Vec<Option<(u64, u64)>> = vec![None; slots];
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for seq in 1..20_000u64 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let slot = (x % slots as u64) as usize;
            match (x >> 8) % 4 {
                0 => {
                    t.clear(slot);
                    truth[slot] = None;
                }
                _ => {
                    let time = (x >> 16) % 1000;
                    t.set(slot, time, seq);
                    truth[slot] = Some((time, seq));
                }
            }
            let want = truth
                .iter()
                .enumerate()
                .filter_map(|(s, k)| k.map(|(tm, sq)| (tm, sq, s)))
                .min();
            assert_eq!(t.min(), want);
            if (x >> 40).is_multiple_of(3) {
                // pop the earliest, as the event loop does
                if let Some((_, _, s)) = want {
                    t.clear(s);
                    truth[s] = None;
                }
            }
        }
    }
}
