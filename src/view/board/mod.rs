//! The board area's components: the board itself, the position editor that takes its place, the analysis's
//! best lines under the board, the step buttons, and the area that holds them.

mod board_area;
mod board_square;
mod board_view;
mod position_editor;
mod step_controls;
mod top_lines;

pub use self::board_area::BoardArea;
pub use self::board_view::BoardView;
pub use self::position_editor::PositionEditor;
pub use self::step_controls::StepControls;
