//! The `ttrmap` command line. Exit codes: 0 clean, 1 problems in a map, 2 usage or I/O error.

fn main() {
    std::process::exit(ttrmap::cli::run());
}
