//! The screens: the train screen is the training room (the game waits while it is shown), the others keep the
//! game as it is; the online screen is there only when the page is served.

use super::*;
use crate::session::screen::Screen;

#[test]
fn the_train_screen_opens_the_training_room_and_another_screen_closes_it() {
    let mut s = Program::new(Settings {
        mode: Mode::HumanVsAi {
            human: Color::Black,
        },
        ..Settings::default()
    });
    assert_eq!(s.screen(), Screen::Play);
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    let search = search_id(&s);
    s.apply(Action::Screen(Screen::Train));
    assert_eq!(s.screen(), Screen::Train);
    assert!(s.training().is_open());
    // The game waits: its search withdrawn, as when the room opened from its link.
    assert!(s.channel.cancelled_since(0).contains(&search));
    s.apply(Action::Screen(Screen::Analyse));
    assert_eq!(s.screen(), Screen::Analyse);
    assert!(!s.training().is_open());
    // The AI thinks again for the game.
    assert!(search_id(&s) > search);
    assert_eq!(s.play().game().transcript(), "f5");
}

#[test]
fn leaving_the_training_room_by_its_own_button_shows_the_game_on_the_play_screen() {
    let mut s = hvh();
    s.apply(Action::Screen(Screen::Settings));
    s.apply(Action::Screen(Screen::Train));
    assert_eq!(s.screen(), Screen::Train);
    // Back (the bar, the history) to the screen before.
    s.apply(Action::Screen(Screen::Settings));
    assert_eq!(s.screen(), Screen::Settings);
    s.apply(Action::Screen(Screen::Train));
    // "Back to the game": the play screen.
    s.apply(Action::Training(TrainingAction::Close));
    assert_eq!(s.screen(), Screen::Play);
    // The room opened from elsewhere is the train screen too.
    s.apply(Action::Training(TrainingAction::Open));
    assert_eq!(s.screen(), Screen::Train);
}

#[test]
fn the_online_screen_needs_the_server_and_the_other_screens_change_nothing_of_the_game() {
    let mut s = hvh();
    for m in ["f5", "d6"] {
        s.apply(Action::Game(GameAction::Square(sq(m))));
    }
    let before = s.play().clone();
    s.apply(Action::Screen(Screen::Online));
    // Not served (the server never answered): the play screen is shown.
    assert_eq!(s.screen(), Screen::Play);
    for screen in [Screen::Analyse, Screen::Settings, Screen::Play] {
        s.apply(Action::Screen(screen));
        assert_eq!(s.screen(), screen);
        assert_eq!(s.play(), &before);
    }
}

#[test]
fn a_game_imported_from_the_settings_screen_is_shown_on_the_play_screen() {
    let mut s = hvh();
    s.apply(Action::Screen(Screen::Settings));
    // A bad import keeps the screen (its error is said beside the button).
    s.apply(Action::Import("f5z9".into()));
    assert_eq!(s.screen(), Screen::Settings);
    s.apply(Action::Import("f5d6c3".into()));
    assert_eq!(s.play().game().transcript(), "f5d6c3");
    assert_eq!(s.screen(), Screen::Play);
    // From the analysis screen, an expert game or a link stays there.
    s.apply(Action::Screen(Screen::Analyse));
    s.apply(Action::Import("f5d6".into()));
    assert_eq!(s.screen(), Screen::Analyse);
}
