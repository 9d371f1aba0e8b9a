//! Programs shared between tasks. A scenario compiles one program per task, and the
//! generators' client/server pairs (tbench, netperf, pgbench) differ only in the peer they
//! address: with 320 tbench pairs that is 640 copies of a dozen ops, 0.2 MB, which with the
//! tasks themselves no longer fits a core's L2 cache, so the interpreter missed the cache on
//! nearly every op it loaded (docs/performance.md, "Programs shared between tasks"). Here each
//! initial task's `Task(x)` targets become `Offset(x - self)`, and equal programs are kept once.
//! Fork templates keep their absolute targets (a forked task's own id is not known until the
//! fork), so they are only shared when equal as written. The interpreter resolves `Offset`
//! against the running task, so every task addresses the same tasks as before: same results.

use std::collections::HashMap;

use crate::engine::behaviour::{Op, WakeTarget};

/// The distinct programs, and for each input program (initial tasks, then templates) the index
/// of the one it runs.
pub(super) fn share_programs(programs: Vec<Vec<Op>>, n_initial: usize) -> (Vec<Vec<Op>>, Vec<u32>) {
    let mut distinct: Vec<Vec<Op>> = Vec::new();
    let mut index: HashMap<Vec<Op>, u32> = HashMap::new();
    let mut code_of = Vec::with_capacity(programs.len());
    for (p, mut prog) in programs.into_iter().enumerate() {
        if p < n_initial {
            for op in prog.iter_mut() {
                if let Op::Wake { target, .. } | Op::Send { target, .. } = op {
                    if let WakeTarget::Task(x) = *target {
                        // both below MAX_TASKS (65 536): the difference fits
                        *target = WakeTarget::Offset(x as i32 - p as i32);
                    }
                }
            }
        }
        // first-seen order: the numbering depends only on the input
        let next = distinct.len() as u32;
        let code = *index.entry(prog.clone()).or_insert_with(|| {
            distinct.push(prog);
            next
        });
        code_of.push(code);
    }
    (distinct, code_of)
}

/// The task an `Offset` target of a program run by `t` addresses (out of range: an id no task
/// has, which the callers skip as they skip a task not forked yet).
#[inline]
pub(super) fn offset_target(t: u32, offset: i32) -> u32 {
    t.wrapping_add(offset as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::behaviour::Amount;

    fn pair(peer: u32) -> Vec<Op> {
        vec![
            Op::Run(Amount::Fixed(10)),
            Op::Send {
                target: WakeTarget::Task(peer),
                bytes: 100,
            },
            Op::Recv(100),
        ]
    }

    #[test]
    fn pairs_that_differ_only_in_their_peer_share_one_program_per_side() {
        // tasks 0/1 and 2/3 are client/server pairs; template 0 wakes task 1 absolutely
        let programs = vec![pair(1), pair(0), pair(3), pair(2), pair(1)];
        let (distinct, code_of) = share_programs(programs, 4);
        assert_eq!(code_of, vec![0, 1, 0, 1, 2]);
        assert_eq!(distinct.len(), 3);
        let target = |code: usize| match distinct[code][1] {
            Op::Send { target, .. } => target,
            _ => unreachable!(),
        };
        assert_eq!(target(0), WakeTarget::Offset(1));
        assert_eq!(target(1), WakeTarget::Offset(-1));
        // the template keeps its absolute target
        assert_eq!(target(2), WakeTarget::Task(1));
        // every task addresses the peer it addressed before
        assert_eq!(offset_target(2, 1), 3);
        assert_eq!(offset_target(3, -1), 2);
    }

    #[test]
    fn an_offset_before_task_zero_addresses_no_task() {
        assert!(offset_target(0, -1) as usize >= crate::engine::MAX_TASKS);
    }
}
