//! A step of the record as a callback: the position before ply `k` shown.

use yew::prelude::*;

/// A callback that shows the position before ply `k` (after `k` moves; the last one is the game's own)
/// through `on_browse`, made again only when the record's length or `on_browse` changes: a component given
/// it is not rendered again for a new one.
#[hook]
pub fn use_show_ply(plies: usize, on_browse: &Callback<Option<usize>>) -> Callback<usize> {
    use_callback(
        (plies, on_browse.clone()),
        |k: usize, (plies, on_browse)| on_browse.emit((k < *plies).then_some(k)),
    )
}
