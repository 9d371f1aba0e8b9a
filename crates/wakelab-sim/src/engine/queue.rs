//! The event queue: (time, seq) keys, FIFO among equal times, lazy cancellation.
//!
//! In the style of dslab-core: every event gets a sequence number at insertion, so events at the
//! same nanosecond pop in the order they were scheduled, independent of heap internals.
//! Cancellation is lazy: an event carries the generation of the thing it belongs to (a CPU's
//! current run segment, a task's sleep) and the handler drops it when the generation moved on,
//! so cancelling costs nothing and the heap never needs searching.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// Simulated time in nanoseconds.
pub type Nanos = u64;

struct Entry<E> {
    time: Nanos,
    seq: u64,
    ev: E,
}

impl<E> PartialEq for Entry<E> {
    fn eq(&self, other: &Self) -> bool {
        self.time == other.time && self.seq == other.seq
    }
}
impl<E> Eq for Entry<E> {}
impl<E> PartialOrd for Entry<E> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<E> Ord for Entry<E> {
    /// Reversed: `BinaryHeap` is a max-heap and we want the earliest (time, seq) first.
    fn cmp(&self, other: &Self) -> Ordering {
        (other.time, other.seq).cmp(&(self.time, self.seq))
    }
}

/// Priority queue of events ordered by (time, insertion sequence).
pub struct EventQueue<E> {
    heap: BinaryHeap<Entry<E>>,
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
            heap: BinaryHeap::with_capacity(1024),
            seq: 0,
        }
    }

    /// Schedule `ev` at `time`.
    #[inline]
    pub fn push(&mut self, time: Nanos, ev: E) {
        self.seq += 1;
        self.heap.push(Entry {
            time,
            seq: self.seq,
            ev,
        });
    }

    /// Remove and return the earliest event.
    #[inline]
    pub fn pop(&mut self) -> Option<(Nanos, E)> {
        self.heap.pop().map(|e| (e.time, e.ev))
    }

    /// Time of the earliest event.
    #[inline]
    pub fn peek_time(&self) -> Option<Nanos> {
        self.heap.peek().map(|e| e.time)
    }

    /// (time, seq) key of the earliest event.
    #[inline]
    pub fn peek_key(&self) -> Option<(Nanos, u64)> {
        self.heap.peek().map(|e| (e.time, e.seq))
    }

    /// Take the next sequence number without queueing anything (for timers kept outside the
    /// heap, such as [`TimerTree`], that must order against queued events).
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
#[derive(Clone, Debug)]
pub struct TimerTree {
    /// Number of leaves (a power of two >= slots).
    size: usize,
    /// Node i: (key, slot) of the earliest timer below it; leaves at [size, 2 size).
    nodes: Vec<(u128, u32)>,
}

const UNARMED: u128 = u128::MAX;

impl TimerTree {
    pub fn new(slots: usize) -> TimerTree {
        let size = slots.max(1).next_power_of_two();
        let mut nodes = vec![(UNARMED, 0u32); 2 * size];
        for i in 0..size {
            nodes[size + i] = (UNARMED, i as u32);
        }
        for i in (1..size).rev() {
            nodes[i] = nodes[2 * i];
        }
        TimerTree { size, nodes }
    }

    #[inline]
    fn update(&mut self, slot: usize, key: u128) {
        let mut i = self.size + slot;
        self.nodes[i].0 = key;
        while i > 1 {
            i /= 2;
            let (a, b) = (self.nodes[2 * i], self.nodes[2 * i + 1]);
            // ties cannot happen between armed slots (sequence numbers are unique)
            self.nodes[i] = if b.0 < a.0 { b } else { a };
        }
    }

    /// Arm `slot` at (time, seq).
    #[inline]
    pub fn set(&mut self, slot: usize, time: Nanos, seq: u64) {
        self.update(slot, (time as u128) << 64 | seq as u128);
    }

    /// Disarm `slot`.
    #[inline]
    pub fn clear(&mut self, slot: usize) {
        if self.nodes[self.size + slot].0 != UNARMED {
            self.update(slot, UNARMED);
        }
    }

    /// The earliest armed slot: (time, seq, slot).
    #[inline]
    pub fn min(&self) -> Option<(Nanos, u64, usize)> {
        let (k, s) = self.nodes[1];
        (k != UNARMED).then_some(((k >> 64) as u64, k as u64, s as usize))
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
}
