//! The game clock's ticks.

use yew::prelude::*;

use crate::session::{Action, Session};

/// The game clock ticks while it runs.
#[hook]
pub fn use_game_clock(session: &UseReducerHandle<Session>) {
    let dispatcher = session.dispatcher();
    use_effect_with(session.clock_running(), move |running| {
        let interval = running.then(|| {
            dispatcher.dispatch(Action::Tick(js_sys::Date::now()));
            gloo_timers::callback::Interval::new(200, move || {
                dispatcher.dispatch(Action::Tick(js_sys::Date::now()))
            })
        });
        move || drop(interval)
    });
}
