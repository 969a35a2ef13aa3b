//! How the person likes the page, whatever the game: the language, the move sounds, the board's view, how the
//! final score counts, and the analysis on the board. Its own actions and reducer; the page keeps it in the
//! browser's storage (`crate::view::hooks`), and each saved game keeps the scoring and the analysis it was
//! looked at with.

pub mod orientation;

use super::game::settings::Scoring;
use reversi_engine::Symmetry;

/// Depths the "analyse" view offers (plies searched below each move), and the default.
pub const ANALYSE_DEPTHS: [u32; 7] = [0, 4, 8, 12, 16, 20, 24];
/// The analysis depth of a new page.
pub const DEFAULT_ANALYSE_DEPTH: u32 = 0;

/// A language of the interface (its words are the view's: [`crate::view::i18n`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// English.
    En,
    /// Simplified Chinese.
    Zh,
}

impl Lang {
    /// The language for a BCP 47 tag such as `zh-CN` or `en-US` (Chinese for any `zh`, else English).
    pub fn from_tag(tag: &str) -> Lang {
        if tag.trim().to_ascii_lowercase().starts_with("zh") {
            Lang::Zh
        } else {
            Lang::En
        }
    }

    /// The tag for `<html lang>` and for storage.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh-CN",
        }
    }
}

/// How the board is shown, kept in the browser's storage as one value (see [`BoardView::text`]): a
/// preference of the board's view is a field here and a line in its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// How the board is turned or mirrored on the screen.
    pub orientation: Symmetry,
    /// The stable discs marked.
    pub stable: bool,
    /// The engine's values shown while a person plays it (hidden by default, as lichess hides them).
    pub values_in_play: bool,
    /// How many of the analysis's best lines are shown under the board ([`LINES`]).
    pub lines: u8,
}

/// How many best lines may be shown: from one to five, three unless chosen.
pub const LINES: std::ops::RangeInclusive<u8> = 1..=5;

/// The lines shown unless chosen.
pub const DEFAULT_LINES: u8 = 3;

impl Default for BoardView {
    fn default() -> BoardView {
        BoardView {
            orientation: Symmetry::Identity,
            stable: false,
            values_in_play: false,
            lines: DEFAULT_LINES,
        }
    }
}

impl BoardView {
    /// As the browser keeps it: `name=value` lines.
    pub fn text(&self) -> String {
        format!(
            "orientation={}\nstable={}\nvalues_in_play={}\nlines={}\n",
            orientation::code(self.orientation),
            u8::from(self.stable),
            u8::from(self.values_in_play),
            self.lines
        )
    }

    /// Read from what the browser kept; a line not understood keeps its default. `before`: the orientation
    /// as the older scheme kept it on its own, read when the text has none.
    pub fn read(text: Option<&str>, before: Option<&str>) -> BoardView {
        let mut view = BoardView {
            orientation: before.map_or(Symmetry::Identity, orientation::from_code),
            ..BoardView::default()
        };
        for line in text.unwrap_or_default().lines() {
            match line.split_once('=') {
                Some(("orientation", code)) => view.orientation = orientation::from_code(code),
                Some(("stable", on)) => view.stable = on == "1",
                Some(("values_in_play", on)) => view.values_in_play = on == "1",
                Some(("lines", count)) => {
                    if let Some(count) = count.parse().ok().filter(|c| LINES.contains(c)) {
                        view.lines = count;
                    }
                }
                _ => {}
            }
        }
        view
    }
}

/// The person's preferences.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Preferences {
    /// The language of the page.
    lang: Lang,
    /// Whether moves sound.
    sound: bool,
    /// How the board is turned or mirrored on the screen.
    orientation: Symmetry,
    /// How empty squares count at the end.
    scoring: Scoring,
    /// Whether the value of every legal move is shown on the board.
    analyse: bool,
    /// The deepest that analysis goes (plies); 0: no limit, it deepens until the position changes.
    analyse_depth: u32,
    /// Whether the engine's line is drawn on the board.
    show_line: bool,
    /// Whether the discs that can never be flipped are marked on the board.
    stable: bool,
    /// Whether the engine's values show while a person plays it (see [`BoardView::values_in_play`]).
    values_in_play: bool,
    /// How many best lines are shown (see [`BoardView::lines`]).
    lines: u8,
}

impl Default for Preferences {
    fn default() -> Preferences {
        Preferences {
            lang: Lang::En,
            sound: true,
            orientation: Symmetry::Identity,
            scoring: Scoring::EmptiesToWinner,
            analyse: false,
            analyse_depth: DEFAULT_ANALYSE_DEPTH,
            show_line: false,
            stable: false,
            values_in_play: false,
            lines: DEFAULT_LINES,
        }
    }
}

/// A preference changed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PrefAction {
    /// The language.
    Lang(Lang),
    /// The move sounds on or off.
    Sound(bool),
    /// The board's view.
    Orientation(Symmetry),
    /// How empty squares count at the end.
    Scoring(Scoring),
    /// The analysis on the board on or off.
    Analyse(bool),
    /// Its limit (kept within [`crate::protocol::MAX_ANALYSE_DEPTH`]; 0: none).
    AnalyseDepth(u32),
    /// The engine's line drawn on the board, or not.
    ShowLine(bool),
    /// The stable discs marked on the board, or not.
    Stable(bool),
    /// The engine's values shown while a person plays it, or not.
    ValuesInPlay(bool),
    /// How many best lines are shown (one to five).
    Lines(u8),
    /// How a game was looked at, taken with it (a saved game restored): the analysis on the board, its
    /// limit, the scoring.
    LookedAt {
        /// The analysis on the board on or off.
        analyse: bool,
        /// Its limit (the nearest the menu offers).
        depth: u32,
        /// How empty squares count at the end.
        scoring: Scoring,
    },
    /// What the browser keeps for the page, read at its start: the language, the sounds, the board's view
    /// ([`BoardView`]).
    Stored {
        /// The language.
        lang: Lang,
        /// The move sounds.
        sound: bool,
        /// How the board is shown.
        view: BoardView,
    },
}

impl PrefAction {
    /// True for a change of the analysis on the board (what it asks of the engine changes with it).
    pub fn changes_analysis(self) -> bool {
        match self {
            PrefAction::Analyse(_) | PrefAction::AnalyseDepth(_) | PrefAction::LookedAt { .. } => {
                true
            }
            PrefAction::Lang(_)
            | PrefAction::Stored { .. }
            | PrefAction::Sound(_)
            | PrefAction::Orientation(_)
            | PrefAction::Scoring(_)
            | PrefAction::ShowLine(_)
            | PrefAction::Stable(_)
            | PrefAction::ValuesInPlay(_)
            | PrefAction::Lines(_) => false,
        }
    }
}

impl Preferences {
    /// The language of the page.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Whether moves sound.
    pub fn sound(&self) -> bool {
        self.sound
    }

    /// How the board is turned or mirrored on the screen.
    pub fn orientation(&self) -> Symmetry {
        self.orientation
    }

    /// How empty squares count at the end.
    pub fn scoring(&self) -> Scoring {
        self.scoring
    }

    /// Whether the value of every legal move is shown on the board.
    pub fn analyse(&self) -> bool {
        self.analyse
    }

    /// The deepest the analysis goes (plies); 0: no limit.
    pub fn analyse_depth(&self) -> u32 {
        self.analyse_depth
    }

    /// Whether the engine's line is drawn on the board.
    pub fn show_line(&self) -> bool {
        self.show_line
    }

    /// Whether the stable discs are marked on the board.
    pub fn stable(&self) -> bool {
        self.stable
    }

    /// Whether the engine's values show while a person plays it.
    pub fn values_in_play(&self) -> bool {
        self.values_in_play
    }

    /// How many of the analysis's best lines are shown.
    pub fn lines(&self) -> u8 {
        self.lines
    }

    /// How the board is shown, as the browser keeps it.
    pub fn board_view(&self) -> BoardView {
        BoardView {
            orientation: self.orientation,
            stable: self.stable,
            values_in_play: self.values_in_play,
            lines: self.lines,
        }
    }

    /// Carries out `action`.
    pub fn apply(&mut self, action: PrefAction) {
        match action {
            PrefAction::Lang(lang) => self.lang = lang,
            PrefAction::Sound(on) => self.sound = on,
            PrefAction::Orientation(view) => self.orientation = view,
            PrefAction::Scoring(scoring) => self.scoring = scoring,
            PrefAction::Analyse(on) => self.analyse = on,
            PrefAction::AnalyseDepth(depth) => self.analyse_depth = offered_depth(depth),
            PrefAction::ShowLine(on) => self.show_line = on,
            PrefAction::Stable(on) => self.stable = on,
            PrefAction::ValuesInPlay(on) => self.values_in_play = on,
            PrefAction::Lines(count) => {
                self.lines = count.clamp(*LINES.start(), *LINES.end());
            }
            PrefAction::LookedAt {
                analyse,
                depth,
                scoring,
            } => {
                self.analyse = analyse;
                self.analyse_depth = offered_depth(depth);
                self.scoring = scoring;
            }
            PrefAction::Stored { lang, sound, view } => {
                self.lang = lang;
                self.sound = sound;
                self.orientation = view.orientation;
                self.stable = view.stable;
                self.values_in_play = view.values_in_play;
                self.lines = view.lines;
            }
        }
    }
}

/// The limit the menu offers nearest to `depth` (the shallower of two as near; 0, no limit, only for 0).
pub fn offered_depth(depth: u32) -> u32 {
    if depth == 0 {
        return 0;
    }
    ANALYSE_DEPTHS
        .iter()
        .copied()
        .filter(|&d| d > 0)
        .min_by_key(|&d| (d.abs_diff(depth), d))
        .unwrap_or(DEFAULT_ANALYSE_DEPTH)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_action_sets_its_preference_and_the_depth_stays_in_range() {
        let mut prefs = Preferences::default();
        for action in [
            PrefAction::Lang(Lang::Zh),
            PrefAction::Sound(false),
            PrefAction::Orientation(Symmetry::Rotate90),
            PrefAction::Scoring(Scoring::Split),
            PrefAction::Analyse(true),
            PrefAction::AnalyseDepth(99),
            PrefAction::ShowLine(true),
            PrefAction::Stable(true),
            PrefAction::ValuesInPlay(true),
            PrefAction::Lines(9),
        ] {
            prefs.apply(action);
        }
        assert_eq!(
            prefs,
            Preferences {
                lang: Lang::Zh,
                sound: false,
                orientation: Symmetry::Rotate90,
                scoring: Scoring::Split,
                analyse: true,
                analyse_depth: 24,
                show_line: true,
                stable: true,
                values_in_play: true,
                lines: 5,
            }
        );
        prefs.apply(PrefAction::Lines(0));
        assert_eq!(prefs.lines(), 1, "one line at least");
        prefs.apply(PrefAction::AnalyseDepth(0));
        assert_eq!(prefs.analyse_depth, 0, "no limit");
        prefs.apply(PrefAction::AnalyseDepth(6));
        assert_eq!(prefs.analyse_depth, 4, "the nearest limit the menu offers");
        assert!(PrefAction::AnalyseDepth(4).changes_analysis());
        assert!(!PrefAction::Scoring(Scoring::Split).changes_analysis());
    }

    #[test]
    fn the_boards_view_is_kept_as_one_text_and_the_older_key_still_read() {
        let view = BoardView {
            orientation: Symmetry::Rotate270,
            stable: true,
            values_in_play: true,
            lines: 2,
        };
        assert_eq!(BoardView::read(Some(&view.text()), None), view);
        // A count of lines out of range keeps the default.
        assert_eq!(
            BoardView::read(Some("lines=9\n"), None).lines,
            DEFAULT_LINES
        );
        // A view kept before the values' line: hidden while playing, as by default.
        assert!(!BoardView::read(Some("orientation=0\nstable=1\n"), None).values_in_play);
        // Nothing kept under the one key: the orientation the older scheme kept.
        let code = super::orientation::code(Symmetry::Rotate90);
        assert_eq!(
            BoardView::read(None, Some(code)).orientation,
            Symmetry::Rotate90
        );
        // A line not understood (a later build's) keeps the default; the known ones are read.
        let text = format!("later=1\n{}", view.text());
        assert_eq!(BoardView::read(Some(&text), Some(code)), view);
        assert_eq!(
            BoardView::read(Some("nonsense"), None),
            BoardView::default()
        );
    }
}
