//! The game clock's ticks, and the wake-up of a held engine reply.

use crate::view::reducer::Page;
use yew::prelude::*;

use crate::session::Action;

/// The game clock ticks while it runs.
#[hook]
pub fn use_game_clock(running: bool, dispatcher: UseReducerDispatcher<Page>) {
    use_effect_with(running, move |running| {
        let interval = running.then(|| {
            dispatcher.dispatch(Action::Tick(js_sys::Date::now()));
            gloo_timers::callback::Interval::new(200, move || {
                dispatcher.dispatch(Action::Tick(js_sys::Date::now()))
            })
        });
        move || drop(interval)
    });
}

/// The session is woken (a tick at that time) when it asks to be: the engine's reply held back until it
/// is due ([`Session::wake_at`]).
#[hook]
pub fn use_wake(wake_at: Option<f64>, dispatcher: UseReducerDispatcher<Page>) {
    use_effect_with(wake_at.map(f64::to_bits), move |at| {
        let timeout = at.map(|bits| {
            let due = f64::from_bits(bits);
            let wait = (due - js_sys::Date::now()).max(0.0);
            // Never before `due`, even when the timer fires a little early.
            gloo_timers::callback::Timeout::new(wait.ceil() as u32, move || {
                dispatcher.dispatch(Action::Tick(js_sys::Date::now().max(due)))
            })
        });
        move || drop(timeout)
    });
}
