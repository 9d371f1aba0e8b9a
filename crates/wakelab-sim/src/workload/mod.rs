//! Workload generators written in the task-behaviour language (issue 6).
