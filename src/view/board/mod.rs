//! The board area's components: the board itself, the position editor that takes its place, the analysis's
//! best lines under the board, and the area that holds them with the evaluation graph under it.

mod board_area;
mod board_square;
mod board_view;
mod position_editor;
mod top_lines;

pub use self::board_area::BoardArea;
pub use self::board_view::BoardView;
pub use self::position_editor::PositionEditor;
