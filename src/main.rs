//! The `ttrmap` command line. Exit codes: 0 clean, 1 problems in a map, 2 usage or I/O error.

/// mimalloc rather than the system allocator: the board layout and the engine's copies of a
/// position make many small, short-lived allocations (malloc and free were a seventh of
/// `check` on a 2,000-city board).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(ttrmap::cli::run());
}
