//! The session as the page's Yew reducer: every action is applied at the time it happens, so the clock
//! charges the side to move up to then first (see [`Session::apply_at`]).

use std::rc::Rc;

use yew::Reducible;

use crate::session::{Action, Session};

impl Reducible for Session {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        next.apply_at(js_sys::Date::now(), action);
        // An action that changed nothing (a reply no longer wanted, a hint's progress) keeps the state, so
        // that the page does not render again for it.
        if next == *self {
            self
        } else {
            Rc::new(next)
        }
    }
}
