//! Saves written before the save format became its own type ([`Kept`]) still load: the autosave, a slot
//! and the games aside, as that build wrote them.

use crate::session::kept::persist::{restore, save, VERSION};
use crate::session::kept::slots::{read_replaced, read_slot};
use crate::session::testing::Program;
use crate::session::{ClockSettings, Kept, Mode, Scoring, Start};
use reversi_engine::Color;

const AUTOSAVE: &str = include_str!("../kept/fixtures/autosave-v1.json");
const SLOT: &str = include_str!("../kept/fixtures/slot-v1.json");
const REPLACED: &str = include_str!("../kept/fixtures/replaced-v1.json");

fn check(kept: &Kept) {
    assert_eq!(kept.game.transcript(), "f5d6c3d3c4f4c5");
    assert_eq!(kept.game.redo_transcript(), "b3c2");
    assert_eq!(
        kept.settings.mode,
        Mode::HumanVsAi {
            human: Color::Black
        }
    );
    assert_eq!(
        (kept.settings.black_level, kept.settings.white_level),
        (4, 7)
    );
    assert_eq!(
        kept.settings.clock,
        // Written with a 3-second increment, which the form never offered: read as the nearest it
        // offers, the time left as saved.
        Some(ClockSettings {
            minutes: 5,
            increment_s: 2
        })
    );
    assert_eq!(
        kept.clock.as_ref().map(|c| c.remaining_ms()),
        Some([241_500.0, 287_250.0])
    );
    assert_eq!(
        kept.settings.mistakes.map(|m| (m.max_loss, m.one_in)),
        Some((4, 5))
    );
    // Written as a 12-move start, which the form never offered: read as the nearest it offers, 10.
    assert_eq!(
        kept.settings.start,
        Start::Random {
            moves: 10,
            low: -2,
            high: 2
        }
    );
    assert!(kept.analyse);
    // Its depth was the one depth of an analysis that did not deepen: today's deepens without a limit.
    assert_eq!(kept.analyse_depth, 0);
    assert_eq!(kept.scoring, Scoring::Split);
}

#[test]
fn an_earlier_builds_saves_still_load() {
    let autosave = restore(AUTOSAVE.trim()).unwrap();
    check(&autosave);
    // Written again, it is today's version, which reads back the same.
    let again = save(&autosave);
    assert!(again.contains(&format!("\"version\":{VERSION}")), "{again}");
    check(&restore(&again).unwrap());
    let (info, slot) = read_slot(SLOT.trim()).unwrap();
    check(&slot);
    assert_eq!((info.saved_at, info.move_count), (1_795_000_000_000.0, 7));
    let aside = read_replaced(REPLACED.trim());
    assert_eq!(aside.len(), 2);
    check(&aside[0]);
    assert_eq!(aside[1].game.transcript(), "e6f4c3c4d3");
    // The session resumed from it has the AI (white) think again, within white's time left.
    let session = Program::resume(autosave);
    assert!(session.ai_to_move());
    let Some((crate::protocol::Request::Search { max_millis, .. }, _)) =
        session.channel.last_request()
    else {
        panic!("the AI thinks again")
    };
    assert!(max_millis.is_some_and(|ms| ms > 0 && ms < 287_250));
    assert_eq!(
        session.play().clock().map(|c| c.remaining_ms()),
        Some([241_500.0, 287_250.0])
    );
}
