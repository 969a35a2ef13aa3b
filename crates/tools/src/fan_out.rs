//! The native tools' one way to use every core: items handed out one at a time to a thread per core, each
//! thread with its own state (tables, a searcher), the results in the items' order.

/// `f` applied to every item on every core, each thread with its own state made by `make` (tables, a
/// searcher); the items are taken one at a time, so that slow ones do not leave a core idle. The results
/// come in the items' order.
pub fn on_every_core_with<T: Sync, S, R: Send>(
    items: &[T],
    make: impl Fn() -> S + Sync,
    f: impl Fn(&mut S, &T) -> R + Sync,
) -> Vec<R> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .min(items.len().max(1));
    let next = AtomicUsize::new(0);
    let mut results: Vec<(usize, R)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let (f, make, next) = (&f, &make, &next);
                scope.spawn(move || {
                    let mut state = make();
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(i) else {
                            return out;
                        };
                        out.push((i, f(&mut state, item)));
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("search thread"))
            .collect()
    });
    results.sort_by_key(|r| r.0);
    results.into_iter().map(|r| r.1).collect()
}
