//! The board area's components: the board itself, the position editor that takes its place, and the area
//! that holds either with the evaluation graph under it.

mod board_area;
mod board_square;
mod board_view;
mod position_editor;

pub use self::board_area::BoardArea;
pub use self::board_view::BoardView;
pub use self::position_editor::PositionEditor;
