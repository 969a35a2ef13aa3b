//! Callbacks that dispatch an action, made once per component (a component given one sees the same
//! callback every render, so its props compare equal).

use yew::prelude::*;

use crate::session::Action;
use crate::view::browser::board_into_view;
use crate::view::reducer::Page;

/// A callback that dispatches the action `action` makes of its value, made once (a component given it sees
/// the same callback every render).
#[hook]
pub fn use_dispatch<In: 'static>(
    dispatcher: UseReducerDispatcher<Page>,
    action: fn(In) -> Action,
) -> Callback<In> {
    (*use_memo((), move |_| {
        Callback::from(move |value: In| dispatcher.dispatch(action(value)))
    }))
    .clone()
}

/// As [`use_dispatch`], and the board brought into view after (see [`board_into_view`]): for what a panel
/// asks to show on the board.
#[hook]
pub fn use_dispatch_shown<In: 'static>(
    dispatcher: UseReducerDispatcher<Page>,
    action: fn(In) -> Action,
) -> Callback<In> {
    (*use_memo((), move |_| {
        Callback::from(move |value: In| {
            dispatcher.dispatch(action(value));
            board_into_view();
        })
    }))
    .clone()
}
