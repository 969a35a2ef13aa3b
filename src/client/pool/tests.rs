//! The pool's state machine, tested natively: priorities, cancellation, watchdogs, with workers apart and
//! with workers sharing one memory (helpers lent to a search, stops by flag, the group started again).

use super::*;

/// The tag the tests submit requests with (the page's is the session's asker).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Owner {
    Game,
    Room,
}

type Pool = super::Pool<Owner>;
type Effect = super::Effect<Owner>;
use crate::protocol::GRACE_MS;
use reversi_engine::Position;

/// The AI's search at a fixed-depth level.
fn search(id: RequestId) -> Request {
    Request::Search {
        id,
        position: Position::START,
        level: 8,
        seed: 0,
        max_millis: None,
        mistakes: None,
    }
}

fn review(id: RequestId) -> Request {
    Request::Review {
        id,
        position: Position::START,
        played: None,
        depth: 8,
    }
}

fn hint(id: RequestId) -> Request {
    Request::Search {
        id,
        position: Position::START,
        level: 8,
        seed: 0,
        max_millis: Some(3000),
        mistakes: None,
    }
}

fn best_review(id: RequestId) -> Response {
    Response::Reviewed {
        id,
        best: reversi_engine::Move::Pass,
        score: 0,
        played_score: None,
        line: Vec::new(),
        kind: reversi_engine::ScoreKind::Exact,
    }
}

fn best(id: RequestId) -> Response {
    Response::BestMove {
        id,
        report: crate::protocol::SearchReport {
            best: reversi_engine::Move::Place("f5".parse().unwrap()),
            score: 0,
            kind: reversi_engine::ScoreKind::Book,
            line: Vec::new(),
            nodes: 0,
            millis: 0,
        },
    }
}

fn generations(effects: &[Effect]) -> Vec<(usize, u64)> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Start { slot, generation } => Some((*slot, *generation)),
            _ => None,
        })
        .collect()
}

fn posts(effects: &[Effect]) -> Vec<(usize, RequestId)> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Post { slot, request } => Some((*slot, request.id())),
            _ => None,
        })
        .collect()
}

/// A pool of `size` workers apart, all started.
fn started(size: usize) -> (Pool, Vec<u64>) {
    started_as(size, false)
}

/// A pool of `size` workers, sharing one memory if `shared`, all started.
fn started_as(size: usize, shared: bool) -> (Pool, Vec<u64>) {
    let (mut pool, effects) = Pool::new(size, shared, 0.0);
    let generations: Vec<u64> = generations(&effects).into_iter().map(|(_, g)| g).collect();
    for (slot, g) in generations.iter().enumerate() {
        assert!(pool.ready(slot, *g, 0.0).is_empty());
    }
    (pool, generations)
}

#[test]
fn requests_wait_for_a_started_worker_and_replies_go_to_their_owner() {
    let (mut pool, effects) = Pool::new(1, false, 0.0);
    let [(0, g)] = generations(&effects)[..] else {
        panic!("{effects:?}")
    };
    assert!(posts(&pool.submit(Owner::Game, search(1), 0, 1.0)).is_empty());
    // The worker's greeting (a pong with id 0) makes it ready, and the waiting request goes.
    let effects = pool.reply(
        0,
        g,
        Response::Pong {
            id: 0,
            version: String::new(),
            stop_flag: None,
        },
        2.0,
    );
    assert_eq!(posts(&effects), [(0, 1)]);
    let effects = pool.reply(0, g, best(1), 3.0);
    assert_eq!(
        effects,
        [Effect::Deliver {
            owner: Owner::Game,
            response: best(1)
        }]
    );
    // A reply from a replaced worker (an older generation) is dropped.
    assert!(pool.reply(0, g - 1, best(1), 4.0).is_empty());
}

#[test]
fn a_withdrawn_request_stops_its_worker_at_once_and_a_waiting_one_is_dropped() {
    let (mut pool, _) = started(1);
    assert_eq!(
        posts(&pool.submit(Owner::Game, search(1), 0, 0.0)),
        [(0, 1)]
    );
    pool.submit(Owner::Room, review(2), 0, 0.0);
    // The waiting review is dropped without touching the worker.
    assert!(pool.cancel(2, 1.0).is_empty());
    // The running search: its worker is replaced.
    let effects = pool.cancel(1, 2.0);
    let [(0, g)] = generations(&effects)[..] else {
        panic!("{effects:?}")
    };
    assert!(pool.running().is_empty());
    pool.ready(0, g, 3.0);
    // Nothing was left to run.
    assert!(pool.running().is_empty());
}

#[test]
fn the_ai_move_stops_a_room_question_when_every_worker_is_busy() {
    let (mut pool, first_generations) = started(2);
    assert_eq!(
        posts(&pool.submit(Owner::Room, review(10), 0, 0.0)),
        [(0, 10)]
    );
    assert_eq!(
        posts(&pool.submit(Owner::Room, review(11), 0, 0.5)),
        [(1, 11)]
    );
    let effects = pool.submit(Owner::Game, search(1), 0, 1.0);
    // The newest room question's worker is replaced; the search goes there once it has started.
    let [(1, g)] = generations(&effects)[..] else {
        panic!("{effects:?}")
    };
    assert_eq!(posts(&pool.ready(1, g, 2.0)), [(1, 1)]);
    // The stopped question is asked again when a worker is free.
    let effects = pool.reply(
        0,
        first_generations[0],
        Response::Reviewed {
            id: 10,
            best: reversi_engine::Move::Pass,
            score: 0,
            played_score: None,
            line: Vec::new(),
            kind: reversi_engine::ScoreKind::Exact,
        },
        3.0,
    );
    assert_eq!(posts(&effects), [(0, 11)]);
}

#[test]
fn a_hint_whose_worker_dies_is_asked_again_then_reported_after_three_tries() {
    let (mut pool, generations) = started(1);
    pool.submit(Owner::Game, hint(5), 0, 0.0);
    let effects = pool.died(0, generations[0], 1.0);
    assert!(effects.contains(&Effect::Restarted { owner: Owner::Game }));
    let g = self::generations(&effects)[0].1;
    assert_eq!(posts(&pool.ready(0, g, 2.0)), [(0, 5)], "asked again");
    // A worker that sits on it past its watchdog is taken for dead too, however alive it says it is.
    let mut t = 2.0;
    let g = loop {
        t += 250.0;
        assert!(pool.reply(0, g, Response::Alive, t).is_empty());
        assert_eq!(
            pool.next_wake(),
            Some((t + SILENCE_MS).min(2.0 + 3000.0 + GRACE_MS))
        );
        if let Some(&(_, g)) = self::generations(&pool.tick(t)).first() {
            assert!(
                t >= 2.0 + 3000.0 + GRACE_MS,
                "not before its watchdog ({t})"
            );
            break g;
        }
    };
    pool.ready(0, g, 20_000.0);
    let effects = pool.died(0, g, 20_001.0);
    assert!(effects.iter().any(|e| matches!(
        e,
        Effect::Deliver {
            owner: Owner::Game,
            response: Response::Error { id: 5, .. }
        }
    )));
}

/// A worker killed without a word (terminated, or by the browser) stops its heartbeats: the pool takes it
/// for dead a second after the last one, starts another and asks it the request again.
#[test]
fn a_busy_worker_that_falls_silent_is_replaced_a_second_after_its_last_heartbeat() {
    let (mut pool, generations) = started(2);
    assert_eq!(posts(&pool.submit(Owner::Game, hint(5), 0, 0.0)), [(0, 5)]);
    for t in [250.0, 500.0] {
        assert!(pool.reply(0, generations[0], Response::Alive, t).is_empty());
        assert!(pool.tick(t).is_empty());
    }
    // Silent from 500 ms on; an idle worker is not watched.
    assert_eq!(pool.next_wake(), Some(500.0 + SILENCE_MS));
    assert!(pool.tick(500.0 + SILENCE_MS - 1.0).is_empty());
    let effects = pool.tick(500.0 + SILENCE_MS);
    assert!(effects.contains(&Effect::Restarted { owner: Owner::Game }));
    let restarted = self::generations(&effects);
    assert_eq!(restarted.len(), 1);
    let (slot, g) = restarted[0];
    assert_eq!(slot, 0);
    // The request went to the other worker at once, or waits for the new one.
    let asked: Vec<_> = posts(&effects)
        .into_iter()
        .chain(posts(&pool.ready(0, g, 1_600.0)))
        .collect();
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].1, 5, "asked again");
    // A perft says nothing while it counts: only its watchdog watches it.
    let (mut pool, _) = started(1);
    let perft = Request::Perft {
        id: 9,
        position: Position::START,
        depth: 9,
    };
    pool.submit(Owner::Game, perft, 0, 0.0);
    assert_eq!(pool.next_wake(), Some(GRACE_MS));
}

#[test]
fn a_worker_that_cannot_load_is_tried_three_times_then_every_request_gets_an_error() {
    let (mut pool, effects) = Pool::new(1, false, 0.0);
    let mut generation = generations(&effects)[0].1;
    pool.submit(Owner::Game, search(1), 0, 0.0);
    for attempt in 1..MAX_TRIES {
        let effects = pool.died(0, generation, attempt as f64);
        assert!(!effects.iter().any(|e| matches!(e, Effect::Deliver { .. })));
        generation = generations(&effects)[0].1;
    }
    let effects = pool.died(0, generation, 10.0);
    assert!(generations(&effects).is_empty(), "not started again");
    assert!(effects.iter().any(|e| matches!(
        e,
        Effect::Deliver {
            owner: Owner::Game,
            response: Response::Error { id: 1, .. }
        }
    )));
    // A later request is answered at once.
    let effects = pool.submit(Owner::Room, review(2), 0, 11.0);
    assert!(matches!(
        effects[..],
        [Effect::Deliver {
            owner: Owner::Room,
            response: Response::Error { id: 2, .. }
        }]
    ));
    assert_eq!(pool.next_wake(), None);
}

#[test]
fn a_delayed_request_starts_at_its_time_and_the_most_urgent_goes_first() {
    let (mut pool, _) = started(1);
    assert!(posts(&pool.submit(Owner::Game, search(1), 500, 0.0)).is_empty());
    assert!(posts(&pool.submit(Owner::Room, review(2), 0, 0.0)) == [(0, 2)]);
    assert_eq!(pool.next_wake(), Some(500.0));
    // At its time the search stops the room's question.
    let effects = pool.tick(500.0);
    let g = generations(&effects)[0].1;
    assert_eq!(posts(&pool.ready(0, g, 501.0)), [(0, 1)]);
    assert_eq!(pool.running(), [(0, 1)]);
}

fn stops(effects: &[Effect]) -> Vec<usize> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Stop { slot } => Some(*slot),
            _ => None,
        })
        .collect()
}

fn delivered(effects: &[Effect]) -> Vec<RequestId> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Deliver { response, .. } => Some(response.id()),
            _ => None,
        })
        .collect()
}

/// The helper request posted to `slot`, with its ticket.
fn help_posted(effects: &[Effect], slot: usize) -> (RequestId, u32) {
    effects
        .iter()
        .find_map(|e| match e {
            Effect::Post {
                slot: s,
                request: Request::Help { id, ticket },
            } if *s == slot => Some((*id, *ticket)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no helper posted to {slot}: {effects:?}"))
}

#[test]
fn a_request_for_a_data_file_goes_back_to_the_idle_worker_that_loaded_it() {
    let (mut pool, generations) = started(2);
    let games = |id| Request::Games {
        id,
        position: Position::START,
        player: String::new(),
        offset: 0,
        limit: 10,
    };
    let answer = |id| Response::Games {
        id,
        total: 0,
        games: Vec::new(),
    };
    // Slot 1 takes the first list (slot 0 is busy with a review) and loads the file.
    assert_eq!(
        posts(&pool.submit(Owner::Room, review(1), 0, 1.0)),
        [(0, 1)]
    );
    assert_eq!(posts(&pool.submit(Owner::Room, games(2), 0, 2.0)), [(1, 2)]);
    pool.reply(
        0,
        generations[0],
        Response::Error {
            id: 1,
            error: WorkerError::NoPuzzle,
        },
        3.0,
    );
    pool.reply(1, generations[1], answer(2), 4.0);
    // Both idle: the next page goes to slot 1, not to the first idle slot.
    assert_eq!(posts(&pool.submit(Owner::Room, games(3), 0, 5.0)), [(1, 3)]);
    pool.reply(1, generations[1], answer(3), 6.0);
    // Another request goes to the first idle slot as before.
    assert_eq!(
        posts(&pool.submit(Owner::Room, review(4), 0, 7.0)),
        [(0, 4)]
    );
    // While slot 1 is busy, a page goes to an idle one (which loads its own copy) rather than wait.
    assert_eq!(
        posts(&pool.submit(Owner::Room, review(5), 0, 8.0)),
        [(1, 5)]
    );
    pool.reply(
        0,
        generations[0],
        Response::Error {
            id: 4,
            error: WorkerError::NoPuzzle,
        },
        9.0,
    );
    assert_eq!(
        posts(&pool.submit(Owner::Room, games(6), 0, 10.0)),
        [(0, 6)]
    );
}

mod shared;
