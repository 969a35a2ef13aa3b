//! The notice line: what went wrong or what was done, and its actions.

use yew::prelude::*;

use crate::session::room::ReviewedMove;
use crate::session::Notice;
use crate::view::browser::copy_to_clipboard;
use crate::view::browser::storage;
use crate::view::i18n::{self, Lang};

/// Properties of [`NoticeLine`].
#[derive(Properties, PartialEq)]
pub struct NoticeLineProps {
    /// The notice, if any.
    pub notice: Option<Notice>,
    /// A game is kept aside (the notice of a replaced game offers it back).
    pub can_bring_back: bool,
    /// The move list's number and the review of the move played from the position browsed, when the review
    /// marked it.
    pub reviewed_here: Option<(usize, ReviewedMove)>,
    /// A position of the past is shown.
    pub browsing: bool,
    /// A variation's position is shown.
    #[prop_or_default]
    pub in_variation: bool,
    /// Something was copied.
    pub on_copied: Callback<()>,
    /// Hide the notice.
    pub on_dismiss: Callback<()>,
    /// Bring back the game kept aside.
    pub on_bring_back: Callback<()>,
    /// Show the position before a ply (`None`: the game's own).
    pub on_browse: Callback<Option<usize>>,
    /// Go on from the position browsed.
    pub on_play_from_here: Callback<()>,
    /// Language of the labels.
    pub lang: Lang,
}

/// The notice (with its actions: copy a backup, bring back the game put aside, dismiss) and the line shown
/// while browsing the record.
#[function_component(NoticeLine)]
pub fn notice_line(props: &NoticeLineProps) -> Html {
    let lang = props.lang;
    let t = lang.strings();
    let click = |callback: &Callback<()>| callback.reform(|_: MouseEvent| ());
    html! {
        <>
            if let Some(notice) = &props.notice {
                <p class={classes!("notice", notice.is_success().then_some("success"))} data-testid="notice" role="status">
                    { i18n::notice(lang, notice) }
                    if let Notice::RestoreFailed { backup: Some(key), .. } | Notice::RestorePartial { backup: Some(key), .. } | Notice::SettingsReset { backup: Some(key), .. } = notice {
                        { " " }
                        <button type="button" class="link" data-testid="copy-backup" onclick={{
                            let key = key.clone();
                            let on_copied = props.on_copied.clone();
                            Callback::from(move |_| {
                                let text = storage().and_then(|s| s.get_item(&key).ok().flatten()).unwrap_or_default();
                                if copy_to_clipboard(&text) {
                                    on_copied.emit(());
                                }
                            })
                        }}>{ t.copy_backup }</button>
                    }
                    if *notice == Notice::SaveHeld {
                        { " " }
                        <button type="button" class="link" data-testid="copy-backup" onclick={{
                            let on_copied = props.on_copied.clone();
                            Callback::from(move |_| {
                                let text = storage().and_then(|s| s.get_item(crate::session::kept::storage::AUTOSAVE).ok().flatten()).unwrap_or_default();
                                if copy_to_clipboard(&text) {
                                    on_copied.emit(());
                                }
                            })
                        }}>{ t.copy_backup }</button>
                        { " " }
                        <button type="button" class="link" data-testid="write-over" onclick={{
                            let on_dismiss = props.on_dismiss.clone();
                            Callback::from(move |_| {
                                crate::view::hooks::allow_write_over();
                                on_dismiss.emit(());
                            })
                        }}>{ t.write_over }</button>
                    }
                    if props.can_bring_back && matches!(notice, Notice::Replaced | Notice::BroughtBack) {
                        { " " }
                        <button type="button" class="link" data-testid="bring-back" onclick={click(&props.on_bring_back)}>{ t.previous_game }</button>
                    }
                    <button type="button" class="link" onclick={click(&props.on_dismiss)} aria-label={t.dismiss}>{ "×" }</button>
                </p>
            }
            if let Some((number, reviewed)) = &props.reviewed_here {
                <p class="reviewed-here" data-testid="reviewed-here">
                    <span class="label">{ t.reviewed_here }{ ": " }</span>{ i18n::mistake(lang, *number, reviewed) }
                </p>
            }
            if props.in_variation {
                // Moves tried beside the game: one click back to it.
                <p class="browsing" data-testid="in-variation">
                    { t.in_variation }{ " " }
                    <button type="button" class="link" data-testid="back-to-game" onclick={props.on_browse.reform(|_: MouseEvent| None)}>{ t.back_to_game }</button>
                </p>
            } else if props.browsing {
                <p class="browsing">
                    { t.browsing }{ " " }
                    <button type="button" class="link" data-testid="back-to-game" onclick={props.on_browse.reform(|_: MouseEvent| None)}>{ t.back_to_game }</button>
                    { " " }
                    <button type="button" class="link" data-testid="play-from-here" onclick={click(&props.on_play_from_here)}>{ t.continue_from_here }</button>
                </p>
            }
        </>
    }
}
