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

    pub fn len(&self) -> usize {
        self.heap.len()
    }

    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
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
