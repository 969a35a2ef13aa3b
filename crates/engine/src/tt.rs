//! A fixed-size transposition table: lower and upper bounds on a position's score, the best move found, and the
//! depth they were searched to. Buckets of 4 entries; a new result replaces the same position, then the
//! shallowest entry, preferring entries from older searches, so that deep results survive.
//!
//! An entry also records its search's confidence: [`FULL_WIDTH`] for a search that pruned nothing unsound, less
//! for a selective one (probcut). A search trusts only bounds at least as sure as its own; any best move helps
//! its ordering.

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

#[derive(Clone, Copy, Default)]
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

const BUCKET: usize = 4;

/// One bucket: four entries in one 64-byte cache line, so that a probe costs at most one miss.
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket([Entry; BUCKET]);

/// The largest table, in MB ([`TranspositionTable::new`] clamps sizes to 1..=this).
pub const MAX_HASH_MB: usize = 16_384;

/// The table. Its size is fixed when it is made.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    /// The bucket count minus one (a power of two).
    mask: usize,
    generation: u8,
    /// Results at this depth or deeper are noted in `journal` (see [`TranspositionTable::keep_journal`]);
    /// `u8::MAX` for none.
    journal_depth: u8,
    journal: Vec<u64>,
}

/// A table entry as it travels between helpers that share no memory (see
/// [`TranspositionTable::share_out`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SharedEntry {
    /// The position's hash.
    pub key: u64,
    /// The score is at least this.
    pub lower: i16,
    /// The score is at most this.
    pub upper: i16,
    /// As in [`TtData::depth`].
    pub depth: u8,
    /// Square index + 1; 0 for none.
    pub best: u8,
    /// As in [`TtData::confidence`].
    pub confidence: u8,
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
            generation: 0,
            journal_depth: u8::MAX,
            journal: Vec::new(),
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
        self.generation = 0;
    }

    /// For a task of a parallel search: takes in `shared` (what the other helpers learned), and from now on
    /// notes every result stored at `min_depth` or deeper, for [`TranspositionTable::share_out`].
    pub fn share_in(&mut self, shared: &[SharedEntry], min_depth: u8) {
        self.import(shared);
        self.keep_journal(min_depth);
    }

    /// At the end of that task: the entries noted since [`TranspositionTable::share_in`] that the table
    /// still holds, each once, as they are now, for the other helpers. Nothing is noted any more.
    pub fn share_out(&mut self) -> Vec<SharedEntry> {
        let learned = self.take_journal();
        self.keep_journal(u8::MAX);
        learned
    }

    /// From now on notes every result stored at `min_depth` or deeper, for [`TranspositionTable::take_journal`]
    /// (`u8::MAX`: none). Forgets what was noted.
    fn keep_journal(&mut self, min_depth: u8) {
        self.journal_depth = min_depth;
        self.journal.clear();
    }

    /// The entries noted since [`TranspositionTable::keep_journal`] that the table still holds, each once,
    /// as they are now; the journal starts again empty.
    fn take_journal(&mut self) -> Vec<SharedEntry> {
        let mut keys = std::mem::take(&mut self.journal);
        keys.sort_unstable();
        keys.dedup();
        keys.into_iter()
            .filter_map(|key| {
                self.buckets[self.bucket(key)]
                    .0
                    .iter()
                    .find(|e| e.confidence != 0 && e.key == key)
                    .map(|e| SharedEntry {
                        key,
                        lower: e.lower,
                        upper: e.upper,
                        depth: e.depth,
                        best: e.best,
                        confidence: e.confidence,
                    })
            })
            .collect()
    }

    /// Adds entries another table noted (see [`TranspositionTable::share_out`]), as if this table had
    /// stored them: a deeper or surer entry replaces this table's, an equal one adds its bounds.
    pub fn import(&mut self, entries: &[SharedEntry]) {
        for shared in entries {
            let fresh = Entry {
                key: shared.key,
                lower: shared.lower,
                upper: shared.upper,
                depth: shared.depth,
                best: shared.best,
                generation: self.generation,
                confidence: shared.confidence,
            };
            self.put(fresh);
        }
    }

    /// Marks the start of a new search: entries of earlier searches are replaced first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn bucket(&self, hash: u64) -> usize {
        (hash as usize) & self.mask
    }

    /// Asks the CPU to start loading `board`'s bucket, for a probe or a store soon after (a no-op where
    /// there is no prefetch instruction).
    #[inline]
    pub fn prefetch(&self, board: &Board) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket = &self.buckets[self.bucket(board.hash())];
            // SAFETY: a prefetch has no effect on the program's state, and the address is a valid bucket.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket as *const Bucket as *const i8) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = board;
    }

    /// What the table holds for `board`, if anything.
    #[inline]
    pub fn probe(&self, board: &Board) -> Option<TtData> {
        let hash = board.hash();
        self.buckets[self.bucket(hash)]
            .0
            .iter()
            .find(|e| e.confidence != 0 && e.key == hash)
            .map(|e| TtData {
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
        &mut self,
        board: &Board,
        depth: u8,
        alpha: i32,
        beta: i32,
        score: i32,
        best: Option<Square>,
    ) {
        self.store_selective(board, depth, FULL_WIDTH, (alpha, beta), score, best);
    }

    /// Records the result of a search of `board` to `depth` at `confidence` (1 to [`FULL_WIDTH`]) with window
    /// `(alpha, beta)` that returned `score` with best move `best`. A deeper or surer result replaces the
    /// entry of the same position; an equal one adds its bounds; a lesser one only fills in a missing move.
    #[inline]
    pub fn store_selective(
        &mut self,
        board: &Board,
        depth: u8,
        confidence: u8,
        (alpha, beta): (i32, i32),
        score: i32,
        best: Option<Square>,
    ) {
        debug_assert!(confidence != 0);
        let hash = board.hash();
        let generation = self.generation;
        let (lower, upper) = if score <= alpha {
            (i16::MIN, score as i16)
        } else if score >= beta {
            (score as i16, i16::MAX)
        } else {
            (score as i16, score as i16)
        };
        let best = best.map_or(0, |s| s.index() as u8 + 1);
        let fresh = Entry {
            key: hash,
            lower,
            upper,
            depth,
            best,
            generation,
            confidence,
        };
        if depth >= self.journal_depth {
            self.journal.push(hash);
        }
        self.put(fresh);
    }

    /// Puts `fresh` in its bucket: see [`TranspositionTable::store_selective`].
    #[inline]
    fn put(&mut self, fresh: Entry) {
        let index = self.bucket(fresh.key);
        let bucket = &mut self.buckets[index].0;
        let Entry {
            lower,
            upper,
            best,
            generation,
            ..
        } = fresh;
        if let Some(entry) = bucket
            .iter_mut()
            .find(|e| e.confidence != 0 && e.key == fresh.key)
        {
            let (new, old) = (
                (fresh.depth, fresh.confidence),
                (entry.depth, entry.confidence),
            );
            if new > old {
                *entry = fresh;
            } else if new == old {
                // Same depth: bounds from both searches hold at once.
                entry.lower = entry.lower.max(lower);
                entry.upper = entry.upper.min(upper);
                if entry.lower > entry.upper {
                    (entry.lower, entry.upper) = (lower, upper);
                }
                if best != 0 {
                    entry.best = best;
                }
                entry.generation = generation;
            } else if best != 0 && entry.best == 0 {
                entry.best = best;
            }
            return;
        }
        // Replace the least valuable: unused first, then older searches, then shallower.
        let victim = bucket
            .iter_mut()
            .min_by_key(|e| {
                (
                    e.confidence != 0,
                    e.generation == generation,
                    e.depth,
                    e.confidence,
                )
            })
            .expect("bucket is not empty");
        *victim = fresh;
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
    // advice) makes every bucket empty, which is a valid value.
    unsafe { std::ptr::write_bytes(memory, 0, layout.size()) };
    // SAFETY: allocated by the global allocator with the layout of `count` buckets, all initialised above.
    unsafe { Vec::from_raw_parts(memory as *mut Bucket, count, count) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_stored_and_merged() {
        let mut tt = TranspositionTable::new(1);
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
        let mut tt = TranspositionTable::new(1);
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

    #[test]
    fn the_journal_notes_deep_results_once_and_another_table_takes_them_in() {
        let mut tt = TranspositionTable::new(1);
        let (deep, shallow) = (Board::START, Board::START.pass());
        let d3 = "d3".parse().unwrap();
        tt.keep_journal(10);
        tt.store(&deep, 12, 0, 1, 4, Some(d3)); // at least 4
        tt.store(&deep, 12, 5, 9, 5, Some(d3)); // at most 5: the bounds merge
        tt.store(&shallow, 9, 0, 1, 4, None); // too shallow to be noted
        let learned = tt.take_journal();
        assert_eq!(learned.len(), 1);
        let entry = learned[0];
        assert_eq!((entry.lower, entry.upper, entry.depth), (4, 5, 12));
        assert!(tt.take_journal().is_empty(), "taken once");
        let mut other = TranspositionTable::new(1);
        other.store(&deep, 8, 0, 1, -20, None); // shallower: replaced
        other.import(&learned);
        let data = other.probe(&deep).unwrap();
        assert_eq!((data.depth, data.best), (12, Some(d3)));
        assert_eq!((data.lower, data.upper), (4, 5));
        tt.keep_journal(u8::MAX);
        tt.store(&deep, 30, 0, 1, 4, None);
        assert!(tt.take_journal().is_empty(), "no journal kept");
    }
}
