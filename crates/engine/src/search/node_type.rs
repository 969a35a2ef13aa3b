//! Marker types for the kinds of node: each search is written once and compiled for the principal variation
//! (an open window, every bound searched for) and for the other nodes (a null window, early exits allowed).

/// What the search of a node needs to know about its kind, at compile time.
pub(super) trait NodeType {
    /// On the principal variation: the window is open.
    const PV: bool;
}

/// A node on the principal variation.
pub(super) struct Pv;

/// A node off the principal variation, searched with a null window.
pub(super) struct NonPv;

impl NodeType for Pv {
    const PV: bool = true;
}

impl NodeType for NonPv {
    const PV: bool = false;
}
