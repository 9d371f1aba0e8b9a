//! Wake-up and fork/exec placement: `select_task_rq_fair` and everything under it (spec §3-§8, §11).
