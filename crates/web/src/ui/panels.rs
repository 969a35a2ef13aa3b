//! Small pieces of the page as components: the header with the language choice, the game controls, the disc
//! counts, the game clocks and the share-and-import section. They render what they are given and report
//! clicks; the main view owns the session.

use yew::prelude::*;

use super::browser::copy_to_clipboard;
use super::clock::GameClock;
use super::i18n::{self, Lang};
use reversi_engine::Color;

/// Properties of [`Header`].
#[derive(Properties, PartialEq)]
pub struct HeaderProps {
    /// Who plays, in words.
    pub mode_text: String,
    /// The page's language.
    pub lang: Lang,
    /// Called with the language chosen.
    pub on_lang: Callback<Lang>,
}

/// The title, who plays, and the language choice.
#[function_component(Header)]
pub fn header(props: &HeaderProps) -> Html {
    let t = props.lang.strings();
    let on_change = props.on_lang.reform(|e: Event| {
        let value = e
            .target_unchecked_into::<web_sys::HtmlSelectElement>()
            .value();
        Lang::from_tag(&value)
    });
    html! {
        <header class="title">
            <h1>{ t.title }</h1>
            <span class="mode">{ props.mode_text.clone() }</span>
            <label class="language">
                <span class="visually-hidden">{ t.language }</span>
                <select data-testid="language" onchange={on_change} aria-label={t.language}>
                    { for Lang::ALL.iter().map(|&l| html! {
                        <option value={l.tag()} selected={l == props.lang}>{ l.name() }</option>
                    }) }
                </select>
            </label>
        </header>
    }
}

/// Properties of [`GameControls`].
#[derive(Properties, PartialEq)]
pub struct GameControlsProps {
    /// Whether a move can be taken back.
    pub can_undo: bool,
    /// Whether an undone move can be played again.
    pub can_redo: bool,
    /// Whether a hint can be asked for now.
    pub can_hint: bool,
    /// Whether every legal move shows its value.
    pub analyse: bool,
    /// The depth of those values.
    pub analyse_depth: u32,
    /// The depths offered.
    pub depths: Vec<u32>,
    /// The new-game button (focus returns to it when the form closes).
    pub new_game_ref: NodeRef,
    /// Opens the new-game form.
    pub on_new_game: Callback<MouseEvent>,
    /// Takes a move back.
    pub on_undo: Callback<MouseEvent>,
    /// Plays an undone move again.
    pub on_redo: Callback<MouseEvent>,
    /// Asks for a hint.
    pub on_hint: Callback<MouseEvent>,
    /// Called when the analysis is switched on or off.
    pub on_analyse: Callback<()>,
    /// Called with the analysis depth chosen.
    pub on_analyse_depth: Callback<u32>,
    /// Language of the labels.
    pub lang: Lang,
}

/// New game, undo, redo, hint, and the analysis switch with its depth.
#[function_component(GameControls)]
pub fn game_controls(props: &GameControlsProps) -> Html {
    let t = props.lang.strings();
    let on_analyse = props.on_analyse.reform(|_: Event| ());
    let on_depth = {
        let on_analyse_depth = props.on_analyse_depth.clone();
        Callback::from(move |e: Event| {
            let value = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            if let Ok(depth) = value.parse() {
                on_analyse_depth.emit(depth);
            }
        })
    };
    html! {
        <div class="controls">
            <button type="button" class="primary" data-testid="new-game" ref={props.new_game_ref.clone()} onclick={props.on_new_game.clone()}>{ t.new_game }</button>
            <button type="button" data-testid="undo" onclick={props.on_undo.clone()} disabled={!props.can_undo} title={format!("{} (U)", t.undo)}>{ t.undo }</button>
            <button type="button" data-testid="redo" onclick={props.on_redo.clone()} disabled={!props.can_redo} title={format!("{} (R)", t.redo)}>{ t.redo }</button>
            <button type="button" data-testid="hint" onclick={props.on_hint.clone()} disabled={!props.can_hint} title={format!("{} (H)", t.hint)}>{ t.hint }</button>
            <label class="toggle">
                <input type="checkbox" data-testid="analyse" checked={props.analyse} onchange={on_analyse} />
                { t.analyse }
            </label>
            <label class="toggle">
                <span class="visually-hidden">{ t.analysis_depth }</span>
                <select data-testid="analyse-depth" onchange={on_depth} aria-label={t.analysis_depth}>
                    { for props.depths.iter().map(|&d| html! {
                        <option value={d.to_string()} selected={d == props.analyse_depth}>{ format!("{} {d}", t.depth) }</option>
                    }) }
                </select>
            </label>
        </div>
    }
}

/// Properties of [`Counts`].
#[derive(Properties, PartialEq)]
pub struct CountsProps {
    /// Black's discs.
    pub black: u32,
    /// White's discs.
    pub white: u32,
    /// The side to move, outlined (none when the game is over).
    pub to_move: Option<Color>,
    /// Language of the labels.
    pub lang: Lang,
}

/// The disc counts, the side to move outlined.
#[function_component(Counts)]
pub fn counts(props: &CountsProps) -> Html {
    let t = props.lang.strings();
    let count = |color: Color, n: u32, id: &'static str, icon: &'static str| {
        html! {
            <span class={classes!("count", (props.to_move == Some(color)).then_some("to-move"))}>
                <span class={classes!("disc-icon", icon)} aria-hidden="true"></span>
                <span class="visually-hidden">{ i18n::color_name(props.lang, color) }{ " " }</span>
                <span data-testid={id}>{ n }</span>
            </span>
        }
    };
    html! {
        <div class="counts" aria-label={t.disc_counts}>
            { count(Color::Black, props.black, "count-black", "black") }
            { count(Color::White, props.white, "count-white", "white") }
        </div>
    }
}

/// Properties of [`Clocks`].
#[derive(Properties, PartialEq)]
pub struct ClocksProps {
    /// The game clock.
    pub clock: GameClock,
    /// The side whose clock runs, if one does.
    pub running: Option<Color>,
    /// Language of the labels.
    pub lang: Lang,
}

/// m:ss, or m:ss.t under ten seconds.
fn clock_text(ms: f64) -> String {
    let ms = ms.max(0.0);
    let total = (ms / 1000.0).ceil() as u64;
    if ms < 10_000.0 {
        format!("0:{:04.1}", ms / 1000.0)
    } else {
        format!("{}:{:02}", total / 60, total % 60)
    }
}

/// Both sides' time left; the running one, a low one and a fallen flag are marked. Each carries the time
/// left as shown (`data-ms`, whole milliseconds) and `data-flagged` on the side that ran out, and is named
/// by its side and time for assistive technology.
#[function_component(Clocks)]
pub fn clocks(props: &ClocksProps) -> Html {
    html! {
        <div class="clocks">
            { for [Color::Black, Color::White].into_iter().map(|color| {
                let running = props.running == Some(color);
                let flagged = props.clock.flagged == Some(color);
                let ms = props.clock.remaining(color).max(0.0);
                let low = ms < super::clock::LOW_TIME_MS;
                let id = if color == Color::Black { "clock-black" } else { "clock-white" };
                let text = clock_text(ms);
                html! {
                    <span class={classes!("clock", running.then_some("running"), low.then_some("low"), flagged.then_some("flagged"))}
                          data-testid={id}
                          data-ms={(ms.floor() as u64).to_string()}
                          data-flagged={flagged.then_some("true")}
                          aria-label={format!("{}: {text}", i18n::color_name(props.lang, color))}>
                        { text }
                    </span>
                }
            }) }
        </div>
    }
}

/// Properties of [`SharePanel`].
#[derive(Properties, PartialEq)]
pub struct SharePanelProps {
    /// The game's transcript.
    pub transcript: String,
    /// The link that opens the game.
    pub link: String,
    /// The game in GGF (with its start position and passes).
    pub ggf: String,
    /// How many games an import, a link or a slot put aside (each can be brought back).
    pub replaced: usize,
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
            { copy_row(t.ggf_record, "export-ggf", "copy-ggf", &props.ggf) }
            { copy_row(t.share_link, "share-link", "copy-link", &props.link) }
            <textarea data-testid="import-text" ref={import_ref} rows="2" placeholder={t.paste_transcript} aria-label={t.paste_transcript} />
            <button type="button" data-testid="import" onclick={on_import}>{ t.import }</button>
            if props.replaced > 0 {
                { " " }
                <button type="button" data-testid="previous-game" onclick={props.on_bring_back.reform(|_| ())}>{ t.previous_game }</button>
                <span class="hint-text" data-testid="replaced-count">{ i18n::replaced_count(props.lang, props.replaced, super::state::MAX_REPLACED) }</span>
            }
        </details>
    }
}
