#![no_main]
// The scheduler-trace reader (perf script / trace-cmd report text, gzip) and the summary:
// any input gives a stream or a TraceReadError, never a panic.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = wakelab_interop::sched_trace::read_trace(data) {
        let _ = wakelab_interop::sched_trace::summarise(&s);
    }
});
