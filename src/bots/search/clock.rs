//! The time a search with a time budget (`search:50ms`) has spent on a decision: this
//! thread's CPU time where the system tells it (Linux's `/proc/thread-self/schedstat`, the
//! figure `benches/search.rs` reports too), else the wall time since the decision began.
//! CPU time is what the budget means: on a busy machine a decision still gets its share of
//! work, where wall time would give it less.

use crate::cpu_time::thread_cpu_ns;
use std::time::{Duration, Instant};

/// A decision's stopwatch.
pub(super) struct Stopwatch {
    cpu_start: Option<u64>,
    wall_start: Instant,
}

impl Stopwatch {
    pub(super) fn start() -> Stopwatch {
        Stopwatch {
            cpu_start: thread_cpu_ns(),
            wall_start: Instant::now(),
        }
    }

    /// The time spent since [`Stopwatch::start`].
    pub(super) fn spent(&self) -> Duration {
        match (self.cpu_start, thread_cpu_ns()) {
            (Some(a), Some(b)) => Duration::from_nanos(b.saturating_sub(a)),
            _ => self.wall_start.elapsed(),
        }
    }
}
