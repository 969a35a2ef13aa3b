//! The hub natively, on a store in a temporary file: games created and found, a game's task ending lets the
//! hub forget it, a rematch agreed at a table is started by the hub, and the lists show the games played.

use super::*;

async fn hub(tag: &str) -> Arc<Hub> {
    let dir = std::env::temp_dir().join(format!("reversi-hub-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (store, loaded) = Store::open(&dir.join("s.db")).unwrap();
    Hub::start(store, loaded, 8)
}

#[tokio::test]
async fn a_game_created_is_found_listed_and_viewed() {
    let hub = hub("create").await;
    let (id, token, invite) = hub
        .create_game("ann", reversi_engine::Color::Black, None, None)
        .await
        .unwrap();
    assert!(!token.is_empty() && invite.is_some());
    assert!(hub.game(&id).is_some());
    let view = hub.view(&id).await.unwrap();
    assert_eq!(view.status, Status::Waiting);
    assert_eq!(view.black.name, "ann");
    assert!(view.white.open);
    // Waiting is not playing: the lobby's list leaves it out.
    assert!(hub.playing(10).is_empty());
    assert_eq!(hub.view("nothing").await, Err(ApiError::NotFound("game")));
    assert_eq!(
        hub.create_game("a b", reversi_engine::Color::Black, None, None)
            .await
            .err(),
        Some(ApiError::BadName)
    );
}

#[tokio::test]
async fn a_rematch_agreed_at_a_table_is_started_by_the_hub_and_an_ended_task_forgotten() {
    let hub = hub("rematch").await;
    let (id, black, invite) = hub
        .create_game("ann", reversi_engine::Color::Black, None, None)
        .await
        .unwrap();
    let handle = hub.game(&id).unwrap();
    let (_, white, view) = handle
        .ask(|reply| crate::table::Command::Join {
            invite: invite.unwrap(),
            name: "bob".into(),
            reply,
        })
        .await
        .unwrap();
    assert_eq!(view.status, Status::Playing);
    assert_eq!(hub.playing(10).len(), 1);
    let ask = |token: &str, resign: bool| {
        let token = token.to_string();
        let handle = handle.clone();
        async move {
            handle
                .ask(|reply| {
                    if resign {
                        crate::table::Command::Resign { token, reply }
                    } else {
                        crate::table::Command::Rematch { token, reply }
                    }
                })
                .await
        }
    };
    ask(&white, true).await.unwrap();
    ask(&black, false).await.unwrap();
    let agreed = ask(&white, false).await.unwrap();
    let rematch = agreed.rematch.expect("the hub started it");
    let view = hub.view(&rematch).await.unwrap();
    assert_eq!(
        (view.black.name.as_str(), view.white.name.as_str()),
        ("bob", "ann")
    );
    assert_eq!(view.status, Status::Playing);
    // A task that ends tells the hub, which forgets it (the game is read from the store from then on).
    hub.events
        .send(TableEvent::Ended { id: id.clone() })
        .unwrap();
    for _ in 0..100 {
        if hub.game(&id).is_none() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(hub.game(&id).is_none());
    assert_eq!(hub.view(&id).await.unwrap().status, Status::Finished);
}
