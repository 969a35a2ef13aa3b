//! Share and import: the link, the transcript, GGF.

use yew::prelude::*;

use crate::view::browser::copy_to_clipboard;
use crate::view::i18n::{self, Lang};

/// Properties of [`SharePanel`].
#[derive(Properties, PartialEq)]
pub struct SharePanelProps {
    /// The game's transcript.
    pub transcript: String,
    /// The transcript as the turned or mirrored board shows it (when the view is not the normal one).
    #[prop_or_default]
    pub shown_transcript: Option<String>,
    /// The link that opens the game.
    pub link: String,
    /// The game in GGF (with its start position and passes).
    pub ggf: String,
    /// How many games an import, a link or a slot put aside (each can be brought back).
    pub replaced: usize,
    /// Why the last text pasted could not be imported, said beside the Import button.
    #[prop_or_default]
    pub import_error: Option<String>,
    /// A transcript to import.
    pub on_import: Callback<String>,
    /// Something was copied to the clipboard.
    pub on_copied: Callback<()>,
    /// Swap back the game put aside.
    pub on_bring_back: Callback<()>,
    /// Language of the labels.
    pub lang: Lang,
}

/// Copy the transcript or a link, import a transcript, bring back the game an import replaced.
#[function_component(SharePanel)]
pub fn share_panel(props: &SharePanelProps) -> Html {
    let t = props.lang.strings();
    let import_ref = use_node_ref();
    let on_import = {
        let import_ref = import_ref.clone();
        let on_import = props.on_import.clone();
        Callback::from(move |_| {
            if let Some(area) = import_ref.cast::<web_sys::HtmlTextAreaElement>() {
                on_import.emit(area.value());
            }
        })
    };
    // A read-only field and its copy button: the label, the field's test id, the button's, the text.
    let copy_row = |label: &str, field: &'static str, button: &'static str, text: &String| {
        let on_copied = props.on_copied.clone();
        let copied = text.clone();
        let onclick = Callback::from(move |_| {
            if copy_to_clipboard(&copied) {
                on_copied.emit(());
            }
        });
        html! {
            <label>
                <span>{ label.to_string() }</span>
                <span class="copy-row">
                    <input readonly=true data-testid={field} value={text.clone()} />
                    <button type="button" data-testid={button} {onclick}>{ t.copy }</button>
                </span>
            </label>
        }
    };
    html! {
        <details class="share">
            <summary>{ t.share }</summary>
            { copy_row(t.transcript, "export-transcript", "copy-transcript", &props.transcript) }
            if let Some(shown) = &props.shown_transcript {
                { copy_row(crate::view::i18n::extras::Strings::of(props.lang).transcript_as_shown, "export-shown-transcript", "copy-shown-transcript", shown) }
            }
            { copy_row(t.ggf_record, "export-ggf", "copy-ggf", &props.ggf) }
            { copy_row(t.share_link, "share-link", "copy-link", &props.link) }
            <textarea data-testid="import-text" ref={import_ref} rows="2" placeholder={t.paste_transcript} aria-label={t.paste_transcript} />
            <button type="button" data-testid="import" onclick={on_import}
                aria-describedby={props.import_error.is_some().then_some("import-error")}>{ t.import }</button>
            if let Some(error) = &props.import_error {
                // Where the eyes are: under the button that was clicked (the notice line at the panel's top
                // leaves it out), and read out at once.
                <p class="notice import-error" id="import-error" data-testid="notice" role="alert">{ error.clone() }</p>
            }
            if props.replaced > 0 {
                { " " }
                <button type="button" data-testid="previous-game" onclick={props.on_bring_back.reform(|_| ())}>{ t.previous_game }</button>
                <span class="hint-text" data-testid="replaced-count">{ i18n::replaced_count(props.lang, props.replaced, crate::session::MAX_REPLACED) }</span>
            }
        </details>
    }
}
