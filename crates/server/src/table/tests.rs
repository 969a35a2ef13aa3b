//! A game's task natively, on a store in a temporary file: a move answered is a move committed, a rematch is
//! asked of the hub through the channel (never by calling it), and the shutdown stops the task and tells the
//! hub it ended.

use super::*;
use crate::game::{Clock, Seat};
use crate::store::stored_moves;

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

struct Setup {
    handle: GameHandle,
    events: mpsc::UnboundedReceiver<TableEvent>,
    closing: watch::Sender<bool>,
    db: std::path::PathBuf,
}

/// A game between two people already seated (`tb` black, `tw` white), on a fresh store.
async fn started(tag: &str) -> Setup {
    let dir = std::env::temp_dir().join(format!("reversi-table-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db = dir.join("s.db");
    let (store, _) = Store::open(&db).unwrap();
    let record = GameRecord {
        id: "g1".into(),
        created_ms: 0,
        black: Seat::Human {
            name: Some("ann".into()),
            token: "tb".into(),
        },
        white: Seat::Human {
            name: Some("bob".into()),
            token: "tw".into(),
        },
        invite: None,
        clock: Some(Clock {
            initial_ms: 600_000,
            increment_ms: 0,
        }),
        started_ms: Some(now_ms()),
        moves: vec![],
        finish: None,
        rematch_of: None,
        rematch: None,
        tournament: None,
        ranked: None,
    };
    store
        .write(Write::Game(Box::new(record.clone())))
        .await
        .unwrap();
    let (events_tx, events) = mpsc::unbounded_channel();
    let closing = watch::channel(false).0;
    let env = TableEnv {
        bots: Bots::new(store.clone(), Vec::new()),
        store,
        closing: closing.subscribe(),
        events: events_tx,
    };
    let handle = spawn(env, LiveGame::new(record, now_ms()));
    Setup {
        handle,
        events,
        closing,
        db,
    }
}

async fn play(handle: &GameHandle, token: &str, square: &str) -> Result<GameView, ApiError> {
    handle
        .ask(|reply| Command::Move {
            token: token.into(),
            square: sq(square),
            ply: None,
            reply,
        })
        .await
}

#[tokio::test]
async fn a_move_answered_is_a_move_committed_and_a_refused_one_writes_nothing() {
    let setup = started("commit").await;
    let view = play(&setup.handle, "tb", "f5").await.unwrap();
    assert_eq!(view.moves, "f5");
    // Answered: in the file already.
    let stored = stored_moves(&setup.db).unwrap();
    assert_eq!(stored, vec![("g1".to_string(), 0, sq("f5").index())]);
    assert_eq!(
        play(&setup.handle, "tb", "d6").await,
        Err(ApiError::NotYourTurn)
    );
    assert_eq!(
        play(&setup.handle, "tx", "d6").await,
        Err(ApiError::NotASeat)
    );
    assert_eq!(stored_moves(&setup.db).unwrap().len(), 1);
    assert_eq!(setup.handle.latest.lock().unwrap().moves, "f5");
}

#[tokio::test]
async fn a_rematch_is_asked_of_the_hub_through_the_channel() {
    let mut setup = started("rematch").await;
    setup
        .handle
        .ask(|reply| Command::Resign {
            token: "tw".into(),
            reply,
        })
        .await
        .unwrap();
    // Black asks: an offer, nothing asked of the hub yet.
    let offered = setup
        .handle
        .ask(|reply| Command::Rematch {
            token: "tb".into(),
            reply,
        })
        .await
        .unwrap();
    assert_eq!(offered.rematch_offer, Some(reversi_protocol::Side::Black));
    assert!(setup.events.try_recv().is_err());
    // White agrees: the table asks the hub, which answers the rematch's id.
    let handle = setup.handle.clone();
    let agreed = tokio::spawn(async move {
        handle
            .ask(|reply| Command::Rematch {
                token: "tw".into(),
                reply,
            })
            .await
    });
    match setup.events.recv().await {
        Some(TableEvent::Rematch { game, reply }) => {
            assert_eq!(game.id, "g1");
            reply.send(Ok("g2".into())).unwrap();
        }
        other => panic!("asked {other:?}"),
    }
    let view = agreed.await.unwrap().unwrap();
    assert_eq!(view.rematch.as_deref(), Some("g2"));
}

#[tokio::test]
async fn the_shutdown_stops_the_task_and_the_hub_is_told_it_ended() {
    let mut setup = started("closing").await;
    play(&setup.handle, "tb", "f5").await.unwrap();
    setup.closing.send_replace(true);
    match setup.events.recv().await {
        Some(TableEvent::Ended { id }) => assert_eq!(id, "g1"),
        other => panic!("told {other:?}"),
    }
    // The task is gone: a command finds no one, and nothing more was written.
    assert!(setup.handle.view().await.is_none());
    assert_eq!(stored_moves(&setup.db).unwrap().len(), 1);
}
