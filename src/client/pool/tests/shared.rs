//! The pool of workers that share one memory: stops by flag, helpers lent to a search, a dead worker
//! taking the group with it, one analysis at a time.

use super::*;

#[test]
fn sharing_memory_an_analysis_asked_again_waits_for_the_one_stopping() {
    let (mut pool, g) = started_as(2, true);
    let analyse = |id| Request::Analyse {
        id,
        position: Position::START,
        limit: None,
    };
    assert_eq!(
        posts(&pool.submit(Owner::Game, analyse(20), 0, 0.0)),
        [(0, 20)]
    );
    // The page hidden and shown twenty times in a row: each analysis withdrawn, the next asked.
    let (mut all, mut t) = (Vec::new(), 0.0);
    for id in 21..41 {
        t += 0.01;
        all.extend(pool.cancel(id - 1, t));
        all.extend(pool.submit(Owner::Game, analyse(id), 0, t));
    }
    // None starts while the first is stopping, though a worker is idle: one analysis at a time.
    assert!(posts(&all).is_empty(), "{:?}", posts(&all));
    assert_eq!(stops(&all), [0]);
    assert_eq!(pool.running(), [(0, 20)]);
    // The stopped one ends: the last asked, and only it, starts.
    let effects = pool.reply(0, g[0], Response::Analysed { id: 20 }, t + 0.05);
    assert!(delivered(&effects).is_empty());
    assert_eq!(posts(&effects), [(0, 40)]);
    // What is more urgent does not wait: a room question takes the idle worker while one stops.
    pool.cancel(40, t + 0.1);
    assert_eq!(
        posts(&pool.submit(Owner::Room, review(50), 0, t + 0.1)),
        [(1, 50)]
    );
}

#[test]
fn sharing_memory_the_analysis_on_the_board_gives_way_to_a_room_question() {
    let (mut pool, generations) = started_as(2, true);
    let analyse = Request::Analyse {
        id: 20,
        position: Position::START,
        limit: None,
    };
    assert_eq!(posts(&pool.submit(Owner::Game, analyse, 0, 0.0)), [(0, 20)]);
    // The analysis takes the idle worker as its helper.
    let effects = pool.reply(
        0,
        generations[0],
        Response::Spawned { id: 20, ticket: 1 },
        0.1,
    );
    let (help, _) = help_posted(&effects, 1);
    // A room question stops the helper (the newest job below it) and gets its worker once it has stopped.
    let effects = pool.submit(Owner::Room, review(21), 0, 1.0);
    assert_eq!(stops(&effects), [1]);
    let effects = pool.reply(1, generations[1], Response::Helped { id: help }, 1.1);
    assert_eq!(posts(&effects), [(1, 21)]);
    // A second one stops the analysis itself, which is asked again when a worker is free.
    let effects = pool.submit(Owner::Room, review(22), 0, 2.0);
    assert_eq!(stops(&effects), [0]);
    let effects = pool.reply(0, generations[0], Response::Analysed { id: 20 }, 2.1);
    assert_eq!(
        delivered(&effects),
        Vec::<RequestId>::new(),
        "the stopped analysis's last reply is dropped"
    );
    assert_eq!(posts(&effects), [(0, 22)]);
    let effects = pool.reply(1, generations[1], best_review(21), 3.0);
    assert_eq!(posts(&effects), [(1, 20)]);
}

#[test]
fn sharing_memory_a_withdrawn_request_is_stopped_by_its_flag_and_its_last_reply_dropped() {
    let (mut pool, g) = started_as(1, true);
    assert_eq!(
        posts(&pool.submit(Owner::Game, search(1), 0, 0.0)),
        [(0, 1)]
    );
    pool.submit(Owner::Game, hint(2), 0, 0.0);
    let effects = pool.cancel(1, 10.0);
    assert_eq!(stops(&effects), [0]);
    assert!(generations(&effects).is_empty(), "no worker terminated");
    // Stopping twice sets the flag once; nothing goes to the worker until it has ended.
    assert!(pool.cancel(1, 11.0).is_empty());
    let effects = pool.reply(0, g[0], best(1), 20.0);
    assert!(
        delivered(&effects).is_empty(),
        "the stopped search's answer is dropped"
    );
    assert_eq!(
        posts(&effects),
        [(0, 2)],
        "the worker takes the next request"
    );
    // A worker that does not end its stopped request in time is taken for dead: the group starts again.
    pool.cancel(2, 30.0);
    let mut t = 30.0;
    while t + 250.0 < 30.0 + STOP_MS {
        t += 250.0;
        pool.reply(0, g[0], Response::Alive, t);
        assert!(pool.tick(t).is_empty(), "alive, and stopping ({t})");
    }
    assert_eq!(pool.next_wake(), Some(30.0 + STOP_MS));
    let effects = pool.tick(30.0 + STOP_MS);
    assert_eq!(effects[0], Effect::Reset);
    assert_eq!(generations(&effects).len(), 1);
    assert!(
        !effects.contains(&Effect::Restarted { owner: Owner::Game }),
        "the request was withdrawn"
    );
}

#[test]
fn sharing_memory_a_search_gets_idle_workers_as_helpers_and_takes_back_those_not_started() {
    let (mut pool, g) = started_as(3, true);
    assert_eq!(
        posts(&pool.submit(Owner::Game, search(1), 0, 0.0)),
        [(0, 1)]
    );
    // The search leaves three jobs; two workers are idle.
    let mut effects = Vec::new();
    for ticket in [7, 8, 9] {
        effects.extend(pool.reply(0, g[0], Response::Spawned { id: 1, ticket }, 1.0));
    }
    let (help1, ticket1) = help_posted(&effects, 1);
    let (help2, ticket2) = help_posted(&effects, 2);
    assert_eq!((ticket1, ticket2), (7, 8));
    assert!(help1 >= FIRST_HELP_ID && help2 >= FIRST_HELP_ID);
    assert!(
        delivered(&effects).is_empty(),
        "the owner never sees its helpers"
    );
    // A helper that ends frees its worker for the third job.
    let effects = pool.reply(1, g[1], Response::Helped { id: help1 }, 5.0);
    assert_eq!(help_posted(&effects, 1).1, 9);
    // The search ends: its answer goes to its owner, and the helpers end with it.
    let effects = pool.reply(0, g[0], best(1), 10.0);
    assert_eq!(delivered(&effects), [1]);
    let effects = pool.reply(2, g[2], Response::Helped { id: help2 }, 11.0);
    assert!(effects.is_empty());
    // A search that ends before a worker is free for its job drops the job's helper.
    let (mut pool, g) = started_as(1, true);
    pool.submit(Owner::Game, search(1), 0, 0.0);
    pool.submit(Owner::Game, hint(2), 0, 0.0);
    assert!(posts(&pool.reply(0, g[0], Response::Spawned { id: 1, ticket: 3 }, 1.0)).is_empty());
    let effects = pool.reply(0, g[0], best(1), 2.0);
    assert_eq!(
        posts(&effects),
        [(0, 2)],
        "the hint goes; the helper of search 1 is gone"
    );
    assert!(pool.next_wake() < Some(10_000_000.0) && pool.queue.is_empty());
}

#[test]
fn sharing_memory_a_search_helper_stops_a_room_question_and_the_question_comes_back() {
    let (mut pool, g) = started_as(2, true);
    assert_eq!(
        posts(&pool.submit(Owner::Room, review(10), 0, 0.0)),
        [(0, 10)]
    );
    assert_eq!(
        posts(&pool.submit(Owner::Game, search(1), 0, 0.0)),
        [(1, 1)]
    );
    let effects = pool.reply(1, g[1], Response::Spawned { id: 1, ticket: 4 }, 1.0);
    assert_eq!(
        stops(&effects),
        [0],
        "the room's question is stopped by its flag"
    );
    // Its worker ends the question; the helper goes there, and the question waits its turn.
    let reviewed = Response::Reviewed {
        id: 10,
        best: reversi_engine::Move::Pass,
        score: 0,
        played_score: None,
        line: Vec::new(),
        kind: reversi_engine::ScoreKind::Exact,
    };
    let effects = pool.reply(0, g[0], reviewed, 2.0);
    assert!(delivered(&effects).is_empty());
    let (help, _) = help_posted(&effects, 0);
    let effects = pool.reply(1, g[1], best(1), 3.0);
    assert_eq!(
        posts(&effects),
        [(1, 10)],
        "asked again once the search is over"
    );
    assert!(pool
        .reply(0, g[0], Response::Helped { id: help }, 4.0)
        .is_empty());
}

#[test]
fn sharing_memory_a_dead_worker_takes_the_group_with_it_and_every_request_is_asked_again() {
    let (mut pool, g) = started_as(2, true);
    pool.submit(Owner::Room, review(10), 0, 0.0);
    pool.submit(Owner::Game, search(1), 0, 0.0);
    assert_eq!(pool.running(), [(0, 10), (1, 1)]);
    let effects = pool.died(0, g[0], 5.0);
    assert_eq!(
        effects[0],
        Effect::Reset,
        "a new memory before the new workers"
    );
    let started = generations(&effects);
    assert_eq!(started.iter().map(|s| s.0).collect::<Vec<_>>(), [0, 1]);
    assert!(
        !effects.contains(&Effect::Restarted { owner: Owner::Game }),
        "the AI's search was not the one that died"
    );
    for (slot, generation) in started {
        pool.ready(slot, generation, 6.0);
    }
    let mut running = pool.running();
    running.sort();
    assert_eq!(
        running,
        [(0, 1), (1, 10)],
        "both asked again, the AI's first"
    );
}
