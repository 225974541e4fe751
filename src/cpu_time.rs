//! This thread's CPU time, for the search bot's time budgets (`search:50ms`) and the
//! benches: Linux tells it in `/proc/thread-self/schedstat`; elsewhere the callers fall back
//! to wall time.

/// Nanoseconds this thread has run on a CPU, if the system tells.
pub fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}
