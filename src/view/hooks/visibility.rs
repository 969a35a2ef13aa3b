//! The page shown or hidden, told to the session: a hidden page's analysis stops deepening, and goes on
//! when the page is shown again.

use crate::view::reducer::Page;
use yew::prelude::*;

use crate::session::Action;
use crate::view::browser::on_visibility_change;

/// Tells the session each time the page is hidden or shown.
#[hook]
pub fn use_page_visibility(dispatcher: UseReducerDispatcher<Page>) {
    use_effect_with((), move |_| {
        on_visibility_change(move |hidden| dispatcher.dispatch(Action::PageVisible(!hidden)));
    });
}
