//! How many workers the page runs, and how much table each may hold.

/// The most workers a page runs (each holds its own tables for the requests it runs alone: see
/// [`crate::worker::HASH_MB`]).
pub const MAX_WORKERS: usize = 16;

/// How many workers the page runs: `workers=N` in the page's query (1 to [`MAX_WORKERS`]) if it is
/// there and readable, else the machine's cores within the same range.
///
/// ```
/// use reversi_web::client::pool::pool_size;
/// assert_eq!(pool_size("?workers=3", Some(8.0)), 3);
/// assert_eq!(pool_size("?lang=zh&workers=64", Some(8.0)), 16);
/// assert_eq!(pool_size("", Some(8.0)), 8);
/// assert_eq!(pool_size("?workers=zero", None), 1);
/// ```
pub fn pool_size(query: &str, hardware_concurrency: Option<f64>) -> usize {
    let asked = query
        .trim_start_matches('?')
        .split('&')
        .filter_map(|pair| pair.strip_prefix("workers="))
        .find_map(|n| n.parse::<usize>().ok());
    let cores = hardware_concurrency
        .filter(|c| c.is_finite() && *c >= 1.0)
        .map_or(1, |c| c as usize);
    asked.unwrap_or(cores).clamp(1, MAX_WORKERS)
}

/// The AI's fixed depth a benchmark asks for in the page's query (`depth=N`, 1 to 60): its searches then go
/// `N` mid-game plies whatever the time, the same tree as `reversi best --depth N` (see `scripts/bench-engine.mjs`).
/// Absent or unreadable: none, the levels as they are.
///
/// ```
/// use reversi_web::client::pool::search_depth;
/// assert_eq!(search_depth("?workers=1&depth=14"), Some(14));
/// assert_eq!(search_depth("?depth=99"), Some(60));
/// assert_eq!(search_depth("?depth=0"), None);
/// assert_eq!(search_depth("?depth=deep"), None);
/// assert_eq!(search_depth(""), None);
/// ```
pub fn search_depth(query: &str) -> Option<u32> {
    query
        .trim_start_matches('?')
        .split('&')
        .filter_map(|pair| pair.strip_prefix("depth="))
        .find_map(|n| n.parse::<u32>().ok())
        .filter(|&depth| depth >= 1)
        .map(|depth| depth.min(60))
}

/// The whole pool's memory budget in MB (a phone's share for one page).
pub const POOL_MB: usize = 256;
/// What a worker holds besides its tables, in MB (the engine's code, stacks, the explorer's tree when it
/// is loaded), rounded up.
pub const WORKER_OVERHEAD_MB: usize = 8;

/// Each worker's transposition tables in MB, so that `workers` workers stay within [`POOL_MB`]: at most
/// [`crate::worker::HASH_MB`] (32), at least 4.
///
/// ```
/// use reversi_web::client::pool::table_mb;
/// assert_eq!(table_mb(2), 32);
/// assert_eq!(table_mb(8), 24);
/// assert_eq!(table_mb(16), 8);
/// ```
pub fn table_mb(workers: usize) -> usize {
    (POOL_MB / workers.max(1))
        .saturating_sub(WORKER_OVERHEAD_MB)
        .clamp(4, crate::protocol::MAX_WORKER_HASH_MB)
}
