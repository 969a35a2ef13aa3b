//! The pool's state machine, tested natively: priorities, cancellation, watchdogs, and the AI's search
//! spread over the workers (driven by real engines).

use super::*;
use reversi_engine::Position;

/// The AI's search at a fixed-depth level (levels 9 and 10 are spread over the pool: see
/// `spread_tests`).
fn search(id: RequestId) -> Request {
    Request::Search {
        id,
        position: Position::START,
        level: 8,
        seed: 0,
        max_millis: None,
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
    }
}

fn best(id: RequestId) -> Response {
    Response::BestMove {
        id,
        best: reversi_engine::Move::Place("f5".parse().unwrap()),
        score: 0,
        kind: reversi_engine::ScoreKind::Book,
        nodes: 0,
        millis: 0,
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

/// A pool of `size` workers, all started.
fn started(size: usize) -> (Pool, Vec<u64>) {
    let (mut pool, effects) = Pool::new(size, 0.0);
    let generations: Vec<u64> = generations(&effects).into_iter().map(|(_, g)| g).collect();
    for (slot, g) in generations.iter().enumerate() {
        assert!(pool.ready(slot, *g, 0.0).is_empty());
    }
    (pool, generations)
}

#[test]
fn requests_wait_for_a_started_worker_and_replies_go_to_their_owner() {
    let (mut pool, effects) = Pool::new(1, 0.0);
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
    assert!(effects.contains(&Effect::Restarted));
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
    assert!(effects.contains(&Effect::Restarted));
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
    let (mut pool, effects) = Pool::new(1, 0.0);
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

mod spread {
    use super::*;
    use crate::worker::Engine;
    use reversi_engine::{native_clock, Move, Position, ScoreKind};

    /// A level-10 search of `position` on a pool of two workers, each a real `worker::Engine` run natively:
    /// the owner's answers (the last being the move), its progress reports, and how many tasks each worker
    /// ran.
    fn spread_search(
        position: Position,
        max_millis: u32,
    ) -> (Vec<Response>, Vec<ScoreKind>, [u32; 2]) {
        let (mut pool, effects) = Pool::new(2, native_clock());
        let mut engines: Vec<Engine> = (0..2)
            .map(|_| Engine::with_hash_mb(native_clock, 4))
            .collect();
        for effect in &effects {
            if let Effect::Start { slot, generation } = effect {
                pool.ready(*slot, *generation, native_clock());
            }
        }
        let generations: Vec<u64> = (0..2).map(|slot| pool.slots[slot].1).collect();
        let request = Request::Search {
            id: 7,
            position,
            level: 10,
            seed: 0,
            max_millis: Some(max_millis),
        };
        let mut pending: VecDeque<Effect> =
            pool.submit(Owner::Game, request, 0, native_clock()).into();
        let (mut tasks_by_slot, mut thinking, mut answers) = ([0; 2], Vec::new(), Vec::new());
        while let Some(effect) = pending.pop_front() {
            match effect {
                Effect::Post { slot, request } => {
                    assert!(matches!(request, Request::Task { .. }), "{request:?}");
                    tasks_by_slot[slot] += 1;
                    let mut replies = Vec::new();
                    engines[slot].handle(request, &mut |r| replies.push(r));
                    for reply in replies {
                        pending.extend(pool.reply(slot, generations[slot], reply, native_clock()));
                    }
                }
                Effect::Deliver { owner, response } => {
                    assert_eq!(owner, Owner::Game);
                    match response {
                        Response::Thinking { id: 7, kind, .. } => thinking.push(kind),
                        other => answers.push(other),
                    }
                }
                other => panic!("{other:?}"),
            }
        }
        assert!(pool.spread.is_none(), "forgotten once it has answered");
        (answers, thinking, tasks_by_slot)
    }

    #[test]
    fn a_top_level_search_is_spread_over_every_worker_and_answers_its_owner_once() {
        let position: Position =
            "--XXXX----XOOX--OOXOXOO-OOOXOX--OOXXXXO-O-OXXO----OOX----------- X"
                .parse()
                .unwrap();
        let (answers, thinking, tasks_by_slot) = spread_search(position, 400);
        let [Response::BestMove {
            id: 7,
            best: Move::Place(square),
            kind: ScoreKind::Midgame { depth },
            ..
        }] = answers[..]
        else {
            panic!("{answers:?}")
        };
        assert!(position.board.is_legal(square));
        assert!(depth > reversi_engine::SPLIT_FROM_DEPTH, "{depth}");
        assert!(tasks_by_slot.iter().all(|&n| n > 0), "{tasks_by_slot:?}");
        assert!(thinking.len() >= 2, "{thinking:?}");
    }

    #[test]
    fn where_the_level_solves_the_solve_is_spread_too_and_exact() {
        // FFO #26: 20 empties, black to move; d8 is the only move that draws.
        let position: Position =
            "-OOOOO----OXXO---OOOOXXO-OOOXOXX-OOXOOXX-XOXXOXX--O-XXXX--O----O X"
                .parse()
                .unwrap();
        let (answers, _, tasks_by_slot) = spread_search(position, 3000);
        let [Response::BestMove {
            id: 7,
            best: Move::Place(square),
            score,
            kind: ScoreKind::Exact,
            ..
        }] = answers[..]
        else {
            panic!("{answers:?}")
        };
        assert_eq!((square.to_string().as_str(), score), ("d8", 0));
        // The plan and the probes went to both workers (each also ran a mid-game or probe task).
        assert!(tasks_by_slot.iter().all(|&n| n > 1), "{tasks_by_slot:?}");
    }

    #[test]
    fn a_spread_search_stops_a_room_question_when_every_worker_is_busy_and_holds_the_room_back() {
        let (mut pool, _) = Pool::new(2, 0.0);
        for slot in 0..2 {
            let g = pool.slots[slot].1;
            pool.ready(slot, g, 0.0);
        }
        let review = |id| Request::Review {
            id,
            position: Position::START,
            played: None,
            depth: 8,
        };
        pool.submit(Owner::Room, review(10), 0, 0.0);
        pool.submit(Owner::Room, review(11), 0, 0.5);
        let search = Request::Search {
            id: 1,
            position: Position::START,
            level: 10,
            seed: 0,
            max_millis: None,
        };
        let effects = pool.submit(Owner::Game, search, 0, 1.0);
        let [Effect::Start {
            slot: 1,
            generation,
        }] = effects[..]
        else {
            panic!("{effects:?}")
        };
        let effects = pool.ready(1, generation, 2.0);
        assert!(
            matches!(
                &effects[..],
                [Effect::Post {
                    slot: 1,
                    request: Request::Task { .. }
                }]
            ),
            "{effects:?}"
        );
        // The first review ends: its worker joins the search (filling its tables while the first worker
        // searches the first plies); the stopped review waits.
        let g0 = pool.slots[0].1;
        let effects = pool.reply(
            0,
            g0,
            Response::Reviewed {
                id: 10,
                best: Move::Pass,
                score: 0,
                played_score: None,
                kind: ScoreKind::Exact,
            },
            3.0,
        );
        assert!(
            effects.iter().any(|e| matches!(
                e,
                Effect::Post {
                    slot: 0,
                    request: Request::Task { .. }
                }
            )),
            "{effects:?}"
        );
        assert!(
            !effects.iter().any(|e| matches!(
                e,
                Effect::Post {
                    request: Request::Review { .. },
                    ..
                }
            )),
            "{effects:?}"
        );
        // Withdrawn, the search stops both its workers, and the review goes on.
        let effects = pool.cancel(1, 4.0);
        let starts: Vec<usize> = effects
            .iter()
            .filter_map(|e| match e {
                Effect::Start { slot, .. } => Some(*slot),
                _ => None,
            })
            .collect();
        assert_eq!(starts, [0, 1], "{effects:?}");
        let g = pool.slots[0].1;
        assert!(matches!(
            &pool.ready(0, g, 5.0)[..],
            [Effect::Post {
                slot: 0,
                request: Request::Review { id: 11, .. }
            }]
        ));
    }
}
