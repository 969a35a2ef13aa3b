//! The analysis room's views, a component a file: the evaluation graph (and its losses mode), the game review,
//! the opening explorer, the expert games list and "learn from your mistakes". They only render what
//! [`crate::session::room::Room`] holds; every value comes from the workers.

mod eval_graph;
mod explorer_panel;
mod games_panel;
mod learn_panel;
mod loss_graph;
mod review_panel;

pub use self::eval_graph::EvalGraph;
pub use self::explorer_panel::ExplorerPanel;
pub use self::games_panel::GamesPanel;
pub use self::learn_panel::LearnPanel;
pub use self::review_panel::ReviewPanel;
