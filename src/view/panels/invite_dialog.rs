//! The invitation's dialog: a friend opening an invitation link is asked the name to play under (the one
//! kept on the device filled in) before the seat is claimed; "Not now" leaves the game where it is.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::view::i18n::online::Strings;
use crate::view::i18n::Lang;

/// Properties of [`InviteDialog`].
#[derive(Properties, PartialEq)]
pub struct InviteDialogProps {
    /// The name kept on this device (empty: none).
    pub name: String,
    /// Called with the name to join under.
    pub on_join: Callback<String>,
    /// Called when the invitation is left for now.
    pub on_cancel: Callback<()>,
    /// Language of the labels.
    pub lang: Lang,
}

/// The most characters of a name (as the server keeps it).
const NAME_CHARS: usize = 32;

/// The dialog, over the page; the name field has the focus.
#[function_component(InviteDialog)]
pub fn invite_dialog(props: &InviteDialogProps) -> Html {
    let s = Strings::of(props.lang);
    let words = crate::view::i18n::screens::Strings::of(props.lang);
    let name = use_state(|| props.name.clone());
    let field = use_node_ref();
    {
        let field = field.clone();
        use_effect_with((), move |_| {
            if let Some(input) = field.cast::<HtmlInputElement>() {
                let _ = input.focus();
                input.select();
            }
        });
    }
    let on_input = {
        let name = name.clone();
        Callback::from(move |e: InputEvent| {
            name.set(e.target_unchecked_into::<HtmlInputElement>().value())
        })
    };
    let on_submit = {
        let (name, on_join) = (name.clone(), props.on_join.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            on_join.emit(name.chars().take(NAME_CHARS).collect());
        })
    };
    let on_keydown = super::escape_closes(&props.on_cancel);
    let cancel = props.on_cancel.reform(|_: MouseEvent| ());
    html! {
        <div class="dialog-backdrop">
            <form class="dialog invite-dialog" data-testid="invite-dialog" role="dialog" aria-modal="true"
                aria-labelledby="invite-title" onsubmit={on_submit} onkeydown={on_keydown}>
                <div class="dialog-head">
                    <h2 id="invite-title">{ s.invited }</h2>
                    <button type="button" class="dialog-close" aria-label={words.close} onclick={cancel.clone()}>{ "×" }</button>
                </div>
                <div class="dialog-body">
                    <label class="field">
                        <span class="field-label">{ s.your_name }</span>
                        <input type="text" data-testid="invite-name" ref={field} value={(*name).clone()}
                            maxlength={NAME_CHARS.to_string()} autocomplete="nickname" oninput={on_input} />
                        <span class="hint-text">{ s.invited_name }</span>
                    </label>
                </div>
                <div class="dialog-foot form-buttons">
                    <button type="submit" class="primary" data-testid="invite-join">{ s.join }</button>
                    <button type="button" data-testid="invite-cancel" onclick={cancel}>{ s.not_now }</button>
                </div>
            </form>
        </div>
    }
}
