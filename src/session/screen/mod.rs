//! The page's screens (play, analyse, train, online, settings) and the address that names each: `#/analyse`
//! and so on, in the fragment, so that a static host and a sub-path serve every screen, and back, forward and
//! reload keep it. The links of old (`#t=`, `?online=`, `?watch=`) are read before any screen is.

/// A screen: the board and its own panel beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// The game being played: the seats, the controls, the move list and the engine's line.
    #[default]
    Play,
    /// The analysis board: the values, the graph, the review, the explorer and the expert games.
    Analyse,
    /// The training room: endgame puzzles and opening drills (the game waits).
    Train,
    /// Online play: the lobby, the games being played, the tournaments (only when served by `reversi serve`).
    Online,
    /// The preferences, the saved games, the imports and exports, the editor, the help.
    Settings,
}

impl Screen {
    /// Every screen, in the order of the bar.
    pub const ALL: [Screen; 5] = [
        Screen::Play,
        Screen::Analyse,
        Screen::Train,
        Screen::Online,
        Screen::Settings,
    ];

    /// The screen's name in the address.
    pub fn route(self) -> &'static str {
        match self {
            Screen::Play => "play",
            Screen::Analyse => "analyse",
            Screen::Train => "train",
            Screen::Online => "online",
            Screen::Settings => "settings",
        }
    }

    /// The address's fragment for this screen.
    ///
    /// ```
    /// use reversi_web::session::screen::Screen;
    /// assert_eq!(Screen::Analyse.fragment(), "#/analyse");
    /// ```
    pub fn fragment(self) -> String {
        format!("#/{}", self.route())
    }

    /// The screen a fragment names (`#/train`, with or without the `#`; `None` for anything else, such as a
    /// shared game's `#t=…`, which is not a screen).
    ///
    /// ```
    /// use reversi_web::session::screen::Screen;
    /// assert_eq!(Screen::from_fragment("#/train"), Some(Screen::Train));
    /// assert_eq!(Screen::from_fragment("#t=f5d6"), None);
    /// ```
    pub fn from_fragment(fragment: &str) -> Option<Screen> {
        let name = fragment.strip_prefix('#').unwrap_or(fragment);
        let name = name.strip_prefix('/')?;
        // A trailing slash or a query after the name is forgiven: `#/analyse/`.
        let name = name.split(['/', '?']).next().unwrap_or_default();
        Screen::ALL
            .into_iter()
            .find(|s| s.route().eq_ignore_ascii_case(name))
    }
}

#[cfg(test)]
mod tests {
    use super::Screen;

    #[test]
    fn every_screen_reads_back_from_its_own_fragment() {
        for screen in Screen::ALL {
            assert_eq!(Screen::from_fragment(&screen.fragment()), Some(screen));
        }
    }

    #[test]
    fn fragments_that_name_no_screen_are_none() {
        for fragment in [
            "",
            "#",
            "#/",
            "#t=f5d6",
            "#/nowhere",
            "analyse",
            "#analyse",
            "#//play",
        ] {
            assert_eq!(Screen::from_fragment(fragment), None, "{fragment}");
        }
        assert_eq!(Screen::from_fragment("#/Analyse/"), Some(Screen::Analyse));
        assert_eq!(Screen::from_fragment("/settings"), Some(Screen::Settings));
    }
}
