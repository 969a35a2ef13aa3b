//! A fixed-size transposition table: lower and upper bounds on a position's score, the best move found, and the
//! depth they were searched to. Buckets of 4 entries; a new result replaces the same position, then the
//! shallowest entry, preferring entries from older searches, so that deep results survive.
//!
//! An entry also records its search's confidence: [`FULL_WIDTH`] for a search that pruned nothing unsound, less
//! for a selective one (probcut). A search trusts only bounds at least as sure as its own; any best move helps
//! its ordering.
//!
//! One table is read and written by every thread of a parallel search at once, without locks. An entry is two
//! 64-bit words, its data and its key exclusive-or its data; a probe takes an entry only when the two words
//! give back the key. Two writers racing on one entry may mix their words: the pair then fails that check
//! and is read as empty (a torn entry is never believed), and a result lost that way is only a cache miss.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

use super::{Board, Square};

/// What is known of one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtData {
    /// The score is at least this.
    pub lower: i32,
    /// The score is at most this.
    pub upper: i32,
    /// The best (or refuting) move found, if any.
    pub best: Option<Square>,
    /// The depth of the search that found the bounds (for exact endgame entries, the number of empties).
    pub depth: u8,
    /// How sure the bounds are: [`FULL_WIDTH`], or lower for a selective search.
    pub confidence: u8,
}

/// The confidence of a search that prunes nothing unsoundly.
pub const FULL_WIDTH: u8 = u8::MAX;

/// An entry as its fields; in the table it is packed into one word (see [`Entry::pack`]).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct Entry {
    key: u64,
    lower: i16,
    upper: i16,
    depth: u8,
    /// Square index + 1; 0 for none.
    best: u8,
    generation: u8,
    /// 0 for an unused entry, otherwise the search's confidence (at least 1).
    confidence: u8,
}

impl Entry {
    /// Everything but the key in one word.
    #[inline]
    fn pack(&self) -> u64 {
        (self.lower as u16 as u64)
            | (self.upper as u16 as u64) << 16
            | (self.depth as u64) << 32
            | (self.best as u64) << 40
            | (self.generation as u64) << 48
            | (self.confidence as u64) << 56
    }

    #[inline]
    fn unpack(key: u64, data: u64) -> Entry {
        Entry {
            key,
            lower: data as u16 as i16,
            upper: (data >> 16) as u16 as i16,
            depth: (data >> 32) as u8,
            best: (data >> 40) as u8,
            generation: (data >> 48) as u8,
            confidence: (data >> 56) as u8,
        }
    }
}

/// One entry in the table: `[key ^ data, data]`, so that a pair written by two racing threads is seen torn.
#[derive(Default)]
struct Slot([AtomicU64; 2]);

impl Slot {
    /// The entry, or an unused one when the slot is empty or its words do not belong together.
    #[inline]
    fn load(&self) -> Entry {
        let (checked, data) = (self.0[0].load(Relaxed), self.0[1].load(Relaxed));
        let entry = Entry::unpack(checked ^ data, data);
        if entry.confidence == 0 {
            Entry::default()
        } else {
            entry
        }
    }

    #[inline]
    fn save(&self, entry: &Entry) {
        let data = entry.pack();
        self.0[1].store(data, Relaxed);
        self.0[0].store(entry.key ^ data, Relaxed);
    }
}

const BUCKET: usize = 4;

/// One bucket: four entries in one 64-byte cache line, so that a probe costs at most one miss.
#[derive(Default)]
#[repr(C, align(64))]
struct Bucket([Slot; BUCKET]);

/// The largest table, in MB ([`TranspositionTable::new`] clamps sizes to 1..=this).
pub const MAX_HASH_MB: usize = 16_384;

/// The table. Its size is fixed when it is made; every method but [`TranspositionTable::new`] takes it
/// shared, so that the threads of one search can use it at once.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    /// The bucket count minus one (a power of two).
    mask: usize,
    generation: AtomicU8,
}

impl TranspositionTable {
    /// A table of at most `megabytes` MB (at least one bucket), its entry count a power of two.
    pub fn new(megabytes: usize) -> TranspositionTable {
        let bytes = megabytes.clamp(1, MAX_HASH_MB) * 1024 * 1024;
        let wanted = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let count = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        TranspositionTable {
            buckets: empty_buckets(count),
            mask: count - 1,
            generation: AtomicU8::new(0),
        }
    }

    /// Forgets everything. Not to be called while a search uses the table.
    pub fn clear(&self) {
        for bucket in &self.buckets {
            for slot in &bucket.0 {
                slot.0[0].store(0, Relaxed);
                slot.0[1].store(0, Relaxed);
            }
        }
        self.generation.store(0, Relaxed);
    }

    /// Marks the start of a new search: entries of earlier searches are replaced first.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    #[inline]
    fn bucket(&self, hash: u64) -> &Bucket {
        &self.buckets[(hash as usize) & self.mask]
    }

    /// Asks the CPU to start loading `board`'s bucket, for a probe or a store that may follow: a hint,
    /// which costs next to nothing when the bucket is not probed after all (a cut-off came first). A no-op
    /// where there is no prefetch instruction (WebAssembly).
    #[inline]
    pub fn prefetch(&self, board: &Board) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket = self.bucket(board.hash());
            // SAFETY: a prefetch has no effect on the program's state, and the address is a valid bucket.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket as *const Bucket as *const i8) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = board;
    }

    /// [`TranspositionTable::prefetch`] for a bucket probed right after, whatever happens. WebAssembly has
    /// no prefetch: there the bucket is loaded now and the value dropped, the CPU going on with the next
    /// instructions while it comes, and several such loads in a row come together. A load is no hint (the
    /// CPU waits for it before it goes much further), so a bucket that may never be probed is left alone.
    #[inline]
    pub fn prefetch_probed(&self, board: &Board) {
        #[cfg(target_arch = "wasm32")]
        {
            let bucket = self.bucket(board.hash());
            // SAFETY: the address is a valid bucket's first word, read and dropped (volatile, so that
            // neither compiler drops it).
            let _ = unsafe { std::ptr::read_volatile(bucket as *const Bucket as *const u64) };
        }
        #[cfg(not(target_arch = "wasm32"))]
        self.prefetch(board);
    }

    /// The entry of `key`, if the table holds one.
    #[inline]
    fn find(&self, key: u64) -> Option<Entry> {
        self.bucket(key).0.iter().find_map(|slot| {
            let data = slot.0[1].load(Relaxed);
            let checked = slot.0[0].load(Relaxed);
            (checked ^ data == key && data >> 56 != 0).then(|| Entry::unpack(key, data))
        })
    }

    /// What the table holds for `board`, if anything.
    #[inline]
    pub fn probe(&self, board: &Board) -> Option<TtData> {
        self.find(board.hash()).map(|e| TtData {
            lower: e.lower as i32,
            upper: e.upper as i32,
            best: (e.best != 0).then(|| Square::from_index(e.best as usize - 1)),
            depth: e.depth,
            confidence: e.confidence,
        })
    }

    /// Records the result of a full-width search of `board` to `depth` with window (`alpha`, `beta`) that
    /// returned `score` with best move `best`.
    #[inline]
    pub fn store(
        &self,
        board: &Board,
        depth: u8,
        alpha: i32,
        beta: i32,
        score: i32,
        best: Option<Square>,
    ) {
        self.store_selective(board, depth, FULL_WIDTH, (alpha, beta), score, best);
    }

    /// Records the result of a search of `board` to `depth` at `confidence` (1 to `FULL_WIDTH`) with window
    /// `(alpha, beta)` that returned `score` with best move `best`. A deeper or surer result replaces the
    /// entry of the same position; an equal one adds its bounds; a lesser one only fills in a missing move.
    #[inline]
    pub fn store_selective(
        &self,
        board: &Board,
        depth: u8,
        confidence: u8,
        (alpha, beta): (i32, i32),
        score: i32,
        best: Option<Square>,
    ) {
        debug_assert!(confidence != 0);
        let hash = board.hash();
        let (lower, upper) = if score <= alpha {
            (i16::MIN, score as i16)
        } else if score >= beta {
            (score as i16, i16::MAX)
        } else {
            (score as i16, score as i16)
        };
        let fresh = Entry {
            key: hash,
            lower,
            upper,
            depth,
            best: best.map_or(0, |s| s.index() as u8 + 1),
            generation: self.generation.load(Relaxed),
            confidence,
        };
        self.put(fresh);
    }

    /// Puts `fresh` in its bucket: see [`TranspositionTable::store_selective`].
    #[inline]
    fn put(&self, fresh: Entry) {
        let bucket = &self.bucket(fresh.key).0;
        let entries: [Entry; BUCKET] = std::array::from_fn(|i| bucket[i].load());
        if let Some(i) = entries
            .iter()
            .position(|e| e.confidence != 0 && e.key == fresh.key)
        {
            let mut entry = entries[i];
            let (new, old) = (
                (fresh.depth, fresh.confidence),
                (entry.depth, entry.confidence),
            );
            if new > old {
                entry = fresh;
            } else if new == old {
                // Same depth: bounds from both searches hold at once.
                entry.lower = entry.lower.max(fresh.lower);
                entry.upper = entry.upper.min(fresh.upper);
                if entry.lower > entry.upper {
                    (entry.lower, entry.upper) = (fresh.lower, fresh.upper);
                }
                if fresh.best != 0 {
                    entry.best = fresh.best;
                }
                entry.generation = fresh.generation;
            } else if fresh.best != 0 && entry.best == 0 {
                entry.best = fresh.best;
            } else {
                return;
            }
            bucket[i].save(&entry);
            return;
        }
        // Replace the least valuable: unused first, then older searches, then shallower.
        let victim = (0..BUCKET)
            .min_by_key(|&i| {
                let e = &entries[i];
                (
                    e.confidence != 0,
                    e.generation == fresh.generation,
                    e.depth,
                    e.confidence,
                )
            })
            .expect("bucket is not empty");
        bucket[victim].save(&fresh);
    }
}

/// `count` empty buckets. On Linux the memory is first advised to be backed by huge pages (2 MB): a table of
/// hundreds of MB in 4 kB pages makes nearly every probe miss the TLB as well as the cache.
fn empty_buckets(count: usize) -> Vec<Bucket> {
    use std::alloc::{alloc, handle_alloc_error, Layout};
    let layout = Layout::array::<Bucket>(count).expect("a table that fits in memory");
    // SAFETY: the layout has a non-zero size (count >= 1 and a bucket is 64 bytes).
    let memory = unsafe { alloc(layout) };
    if memory.is_null() {
        handle_alloc_error(layout);
    }
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 * 1024 * 1024;
        let start = (memory as usize).next_multiple_of(HUGE);
        let end = (memory as usize + layout.size()) / HUGE * HUGE;
        if end > start {
            // SAFETY: the range lies inside the allocation just made, and advice changes no contents. Where
            // huge pages are refused, ordinary pages remain, so the result needs no check.
            unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
        }
    }
    // SAFETY: `memory` holds `layout.size()` writable bytes; zeroing them (the first touch, after the
    // advice) makes every bucket empty (all-zero atomics are valid zeros).
    unsafe { std::ptr::write_bytes(memory, 0, layout.size()) };
    // SAFETY: allocated by the global allocator with the layout of `count` buckets, all initialised above.
    unsafe { Vec::from_raw_parts(memory as *mut Bucket, count, count) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_stored_and_merged() {
        let tt = TranspositionTable::new(1);
        let board = Board::START;
        let d3 = "d3".parse().unwrap();
        assert_eq!(tt.probe(&board), None);
        tt.store(&board, 5, 0, 10, 20, Some(d3)); // fail high: score >= 20
        let data = tt.probe(&board).unwrap();
        assert_eq!((data.lower, data.best, data.depth), (20, Some(d3), 5));
        tt.store(&board, 5, 20, 30, 25, None); // exact 25 at the same depth
        let data = tt.probe(&board).unwrap();
        assert_eq!((data.lower, data.upper, data.best), (25, 25, Some(d3)));
        assert_eq!(tt.probe(&board.pass()), None);
    }

    #[test]
    fn surer_results_replace_selective_ones_and_not_the_reverse() {
        let tt = TranspositionTable::new(1);
        let board = Board::START;
        let (d3, c4) = ("d3".parse().unwrap(), "c4".parse().unwrap());
        tt.store_selective(&board, 20, 3, (0, 1), 4, Some(d3)); // selective: score >= 4
        let data = tt.probe(&board).unwrap();
        assert_eq!((data.lower, data.confidence), (4, 3));
        tt.store(&board, 20, -10, 10, -2, Some(c4)); // full width: exactly -2
        let data = tt.probe(&board).unwrap();
        assert_eq!((data.lower, data.upper), (-2, -2));
        assert_eq!((data.best, data.confidence), (Some(c4), FULL_WIDTH));
        tt.store_selective(&board, 20, 3, (0, 1), 6, Some(d3)); // less sure: ignored
        let data = tt.probe(&board).unwrap();
        assert_eq!((data.lower, data.best), (-2, Some(c4)));
    }
}

#[cfg(test)]
mod concurrency_tests {
    use super::*;
    use std::sync::Arc;

    /// The entry every writer stores for `key`: its fields all drawn from the key, so that a reader can
    /// tell an entry put together from two writes.
    fn entry_of(key: u64, generation: u8) -> Entry {
        Entry {
            key,
            lower: (key >> 48) as i16,
            upper: (key >> 32) as i16,
            depth: (key >> 24) as u8,
            best: (key >> 16) as u8 % 64 + 1,
            generation,
            confidence: (key >> 8) as u8 | 1,
        }
    }

    #[test]
    fn threads_hammering_the_same_buckets_never_read_a_torn_entry() {
        let tt = Arc::new(TranspositionTable::new(1));
        let buckets = tt.mask as u64 + 1;
        // Twelve keys of two buckets: more keys than slots, so every write replaces another key's entry.
        let keys: Vec<u64> = (0..12u64)
            .map(|i| 0x9E37_79B9_7F4A_7C15u64.wrapping_mul(i + 1) & !(buckets - 1) | (i % 2))
            .collect();
        let (found, torn) = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..4u64)
                .map(|t| {
                    let (tt, keys) = (tt.clone(), keys.clone());
                    scope.spawn(move || {
                        let (mut found, mut torn) = (0u64, 0u64);
                        for n in 0..200_000u64 {
                            let key = keys[((n / 2 * 5 + t * 3 + n / 7) % 12) as usize];
                            if (n + t) % 2 == 0 {
                                tt.put(entry_of(key, (n % 3) as u8));
                            } else if let Some(e) = tt.find(key) {
                                found += 1;
                                if e != entry_of(key, e.generation) {
                                    torn += 1;
                                }
                            }
                        }
                        (found, torn)
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|w| w.join().unwrap())
                .fold((0, 0), |(f, t), (a, b)| (f + a, t + b))
        });
        assert!(found > 1000, "the readers found entries ({found})");
        assert_eq!(torn, 0, "{torn} of {found} entries read were torn");
    }
}
