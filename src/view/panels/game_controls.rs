//! The game controls: new game, undo, redo, hint, pass and the rest.

use yew::prelude::*;

use crate::view::i18n::Lang;

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
    /// Whether the analysis may be switched on now (not on a player's screen of an online game being
    /// played, as undo and the hint).
    pub can_analyse: bool,
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
    /// How many best lines are shown under the board.
    #[prop_or(3)]
    pub lines: u8,
    /// Called with the number of best lines chosen.
    #[prop_or_default]
    pub on_lines: Callback<u8>,
    /// Language of the labels.
    pub lang: Lang,
}

/// New game, undo, redo, hint, and the analysis switch with its depth.
#[function_component(GameControls)]
pub fn game_controls(props: &GameControlsProps) -> Html {
    let t = props.lang.strings();
    let on_analyse = props.on_analyse.reform(|_: Event| ());
    let on_depth = parsed_choice(&props.on_analyse_depth);
    let w = crate::view::i18n::tree::Strings::of(props.lang);
    let on_lines = parsed_choice(&props.on_lines);
    html! {
        <div class="controls">
            <button type="button" class="primary" data-testid="new-game" ref={props.new_game_ref.clone()} onclick={props.on_new_game.clone()}>{ t.new_game }</button>
            <button type="button" data-testid="undo" onclick={props.on_undo.clone()} disabled={!props.can_undo} title={format!("{} (U)", t.undo)}>{ t.undo }</button>
            <button type="button" data-testid="redo" onclick={props.on_redo.clone()} disabled={!props.can_redo} title={format!("{} (R)", t.redo)}>{ t.redo }</button>
            <button type="button" data-testid="hint" onclick={props.on_hint.clone()} disabled={!props.can_hint} title={format!("{} (H)", t.hint)}>{ t.hint }</button>
            <label class="toggle">
                <input type="checkbox" data-testid="analyse" checked={props.analyse && props.can_analyse} disabled={!props.can_analyse} onchange={on_analyse} />
                { t.analyse }
            </label>
            <label class="toggle">
                <span class="visually-hidden">{ t.analysis_depth }</span>
                <select data-testid="analyse-depth" onchange={on_depth} aria-label={t.analysis_depth} disabled={!props.can_analyse}>
                    { for props.depths.iter().map(|&d| html! {
                        <option value={d.to_string()} selected={d == props.analyse_depth}>{
                            if d == 0 { t.until_move.to_string() } else { format!("{} {d}", t.depth) }
                        }</option>
                    }) }
                </select>
            </label>
            <label class="toggle">
                <span class="visually-hidden">{ w.lines_shown }</span>
                <select data-testid="analyse-lines" onchange={on_lines} aria-label={w.lines_shown} title={w.lines_shown}>
                    { for crate::session::preferences::LINES.map(|n| html! {
                        <option value={n.to_string()} selected={n == props.lines}>{ crate::view::i18n::tree::lines_option(props.lang, n) }</option>
                    }) }
                </select>
            </label>
        </div>
    }
}

/// A select's change, its value read as a `T` and handed to `on_choice` (a value that does not read is
/// dropped: the select offers only values that do).
fn parsed_choice<T: std::str::FromStr + 'static>(on_choice: &Callback<T>) -> Callback<Event> {
    let on_choice = on_choice.clone();
    Callback::from(move |e: Event| {
        let value = e
            .target_unchecked_into::<web_sys::HtmlSelectElement>()
            .value();
        if let Ok(choice) = value.parse() {
            on_choice.emit(choice);
        }
    })
}
