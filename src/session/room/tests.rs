//! The analysis room's state, tested natively.

use std::collections::HashSet;

use super::*;
use crate::protocol::{DataFile, Request, ScoreKind};
use crate::worker::Engine;
use reversi_engine::review::GRAPH_DEPTH;
use reversi_engine::{Color, Move, Square};

/// The room and the log of every command it returned (what the page's pool would be handed).
struct Tested {
    room: Room,
    channel: Outbox,
}

impl Default for Tested {
    fn default() -> Tested {
        Tested {
            room: Room::default(),
            // Far from 1, so that a test's reply to id 1 answers nothing asked.
            channel: Outbox::new(1 << 40),
        }
    }
}

impl std::ops::Deref for Tested {
    type Target = Room;
    fn deref(&self) -> &Room {
        &self.room
    }
}

impl Tested {
    fn apply(&mut self, action: RoomAction, game: &Game, shown: &Position) {
        self.room.apply(action, game, shown, &mut self.channel);
    }

    fn sync(&mut self, game: &Game, shown: Option<&Position>) {
        self.room.sync(game, shown, &mut self.channel);
    }

    fn set_workers(&mut self, workers: usize, game: &Game, shown: &Position) {
        self.room
            .set_workers(workers, game, shown, &mut self.channel);
    }

    /// A worker's reply, home to the part that asked it (as the pool hands it back).
    fn answer(&mut self, reply: Response, game: &Game, shown: &Position) {
        // A reply to an id never asked goes to the part whose kind of reply it is (which drops it).
        let ask = match (self.channel.asker_of(reply.id()), &reply) {
            (Some(crate::session::Asker::Room(ask)), _) => ask,
            (_, Response::Explored { .. }) => RoomAsk::Explorer,
            (_, Response::Games { .. }) => RoomAsk::Games,
            _ => RoomAsk::Valuation,
        };
        self.room
            .receive(ask, reply, game, shown, &mut self.channel);
    }
}

/// Answers every question the room asks with a native engine, as the workers would.
fn serve(room: &mut Tested, engine: &mut Engine, game: &Game, shown: &Position) -> usize {
    let mut answered = 0;
    let mut sent = 0;
    while room.channel.seq() > sent {
        let requests = room.channel.pending_since(sent);
        sent = room.channel.seq();
        for (request, _) in requests {
            let mut replies = Vec::new();
            engine.handle(request, &mut |r| replies.push(r));
            for reply in replies {
                answered += 1;
                room.answer(reply, game, shown);
            }
        }
    }
    answered
}

#[test]
fn the_graph_fills_in_and_the_review_finds_a_blunder() {
    let mut engine = Engine::new(reversi_engine::native_clock);
    // After f5f6e6f4 black plays g7, next to the empty h8 corner (the "X-square opening"): a known
    // blunder.
    let game = Game::from_transcript("f5f6e6f4g7").unwrap();
    let shown = game.position();
    let mut room = Tested::default();
    room.sync(&game, Some(&shown));
    serve(&mut room, &mut engine, &game, &shown);
    let graph = room.valuation.graph(&game);
    assert_eq!(
        graph.iter().map(|p| p.ply).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5]
    );
    assert!(graph.iter().all(|p| !p.exact));
    // Before a review, each side's losses added up come from the graph's values.
    let totals = room.valuation.running_losses(&game);
    assert_eq!(
        totals.iter().map(|p| p.ply).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5]
    );
    // g7, black's blunder, is where black's total jumps.
    let jump = totals[4].black - totals[3].black;
    assert!(jump >= 4.0, "g7 added {jump}");
    assert_eq!(totals[4].white, totals[3].white);
    room.apply(RoomAction::StartReview, &game, &shown);
    serve(&mut room, &mut engine, &game, &shown);
    let run = room.review().cloned().unwrap();
    assert!(run.finished);
    assert_eq!((run.done, run.total), (5, 5));
    let reviewed = room.valuation.reviewed(&game);
    assert_eq!(reviewed.len(), 5);
    let x_square = &reviewed[4];
    assert_eq!(
        (x_square.ply, x_square.played.to_string()),
        (4, "g7".to_string())
    );
    assert!(x_square.loss >= 6, "g7 lost {}", x_square.loss);
    assert!(x_square.mark.is_some());
    let (black, white) = Valuation::average_losses(&reviewed);
    assert!(black > white);
    // The running totals add up the review's losses, side by side.
    let totals = room.valuation.running_losses(&game);
    assert_eq!(totals.len(), 5);
    let last = totals.last().unwrap();
    let sum = |color| {
        reviewed
            .iter()
            .filter(|m| m.color == color)
            .map(|m| m.loss as f64)
            .sum::<f64>()
    };
    assert_eq!(
        (last.black, last.white),
        (sum(Color::Black), sum(Color::White))
    );
    assert!(totals
        .windows(2)
        .all(|w| w[1].black >= w[0].black && w[1].white >= w[0].white));
}

#[test]
fn a_cancelled_review_withdraws_its_questions_and_the_graph_goes_on() {
    let game = Game::from_transcript("f5d6c3d3c4f4").unwrap();
    let shown = game.position();
    let mut room = Tested::default();
    room.sync(&game, None);
    // With one worker the graph's question in flight takes the room's only place: the review waits.
    room.apply(RoomAction::StartReview, &game, &shown);
    assert!(room.reviewing());
    let seq = room.channel.seq();
    let asked = room.waiting();
    room.apply(RoomAction::CancelReview, &game, &shown);
    assert!(!room.reviewing());
    assert_eq!(room.channel.cancelled_since(seq), asked);
    // The graph goes on after the cancel.
    assert!(
        matches!(
            room.channel.pending_since(seq)[..],
            [(
                Request::Review {
                    depth: GRAPH_DEPTH,
                    ..
                },
                0
            )]
        ),
        "{:?}",
        room.channel
    );
}

#[test]
fn the_room_asks_as_many_questions_as_it_may_use_workers() {
    let game = Game::from_transcript("f5d6c3d3c4f4").unwrap();
    let shown = game.position();
    let mut room = Tested::default();
    room.sync(&game, Some(&shown));
    assert_eq!(room.waiting().len(), 1, "one worker by default");
    // Four workers: three for the room's graph, one kept for the AI.
    room.set_workers(4, &game, &shown);
    let asked = room.waiting();
    assert_eq!(asked.len(), 3);
    assert_eq!(room.parallel(), 3);
    let positions: HashSet<Position> = room
        .channel
        .pending_since(0)
        .iter()
        .map(|(r, _)| match r {
            Request::Review { position, .. } => *position,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(positions.len(), 3, "three different positions");
    let Some((
        Request::Review {
            position: first, ..
        },
        _,
    )) = room.channel.pending_since(0).first().cloned()
    else {
        panic!()
    };
    let reviewed = |id| Response::Reviewed {
        id,
        best: "c3".parse().unwrap(),
        score: 0,
        played_score: None,
        line: Vec::new(),
        kind: ScoreKind::Midgame { depth: 8 },
    };
    // An answer frees a place for the next question; a late answer to nothing asked is dropped.
    room.answer(reviewed(asked[0]), &game, &shown);
    assert_eq!(room.waiting().len(), 3);
    assert!(!room.waiting().contains(&asked[0]));
    room.answer(reviewed(1), &game, &shown);
    assert!(room.valuation.value(&first).is_some());
    assert_eq!(room.valuation.known(), 1);
    // A review asks on every worker.
    room.apply(RoomAction::StartReview, &game, &shown);
    assert_eq!(room.parallel(), 4);
    assert_eq!(room.waiting().len(), 4);
}

#[test]
fn the_explorer_follows_the_shown_position() {
    let mut engine = Engine::new(reversi_engine::native_clock);
    engine
        .load(
            DataFile::Explorer,
            &std::fs::read("assets/explorer.bin").unwrap(),
        )
        .unwrap();
    let game = Game::from_transcript("f5d6").unwrap();
    let shown = game.position();
    let mut room = Tested::default();
    room.apply(RoomAction::SetExplorer(true), &game, &shown);
    serve(&mut room, &mut engine, &game, &shown);
    let rows = room.explorer.rows(&shown).unwrap().to_vec();
    assert_eq!(
        rows[0].square.to_string(),
        "c3",
        "the tiger's c3 is the most played third move"
    );
    // A stale answer (for a position no longer shown) is kept only if it was the one asked for.
    room.answer(
        Response::Explored {
            id: 999,
            moves: Vec::new(),
        },
        &game,
        &shown,
    );
    assert_eq!(room.explorer.rows(&shown).unwrap(), rows);
}

#[test]
fn the_losses_scale_holds_the_larger_total() {
    let at = |black, white| LossPoint {
        ply: 1,
        black,
        white,
    };
    assert_eq!(LossPoint::scale(&[]), 4.0);
    assert_eq!(LossPoint::scale(&[at(30.5, 2.0)]), 32.0);
    assert_eq!(LossPoint::scale(&[at(1.0, 64.0)]), 64.0);
    // The totals of the game, 93 and 103: no longer clipped at 64.
    assert_eq!(LossPoint::scale(&[at(93.0, 40.0)]), 96.0);
    assert_eq!(LossPoint::scale(&[at(93.0, 103.0)]), 128.0);
}

#[test]
fn learn_from_your_mistakes_asks_the_blunder_judges_moves_tried_by_the_engine_and_goes_on() {
    use super::learn::{LearnAction, LearnOrder, Verdict};
    let mut engine = Engine::new(reversi_engine::native_clock);
    // g7 beside the empty h8 corner: black's blunder, to learn from.
    let game = Game::from_transcript("f5f6e6f4g7").unwrap();
    let before = game.plies()[4].before;
    let mut room = Tested::default();
    room.apply(RoomAction::StartReview, &game, &before);
    serve(&mut room, &mut engine, &game, &before);
    room.apply(
        RoomAction::Learn(LearnAction::Start(LearnOrder::Biggest, Some(Color::Black))),
        &game,
        &before,
    );
    let learn = room.learning().cloned().expect("a mistake to learn from");
    assert_eq!(
        learn.current().map(|m| (m.ply, m.played.to_string())),
        Some((4, "g7".into()))
    );
    assert_eq!(learn.position(&game), Some(before));
    // g7 again: judged (from what the review knows, no question) and wrong.
    let g7: Square = "g7".parse().unwrap();
    room.apply(RoomAction::Learn(LearnAction::Try(g7)), &game, &before);
    assert!(
        matches!(room.learning().unwrap().verdict, Some(Verdict::Wrong { square, .. }) if square == g7)
    );
    // The best move: found. Another legal move not valued yet is asked of the engine, then judged.
    let best = match learn.current().unwrap().best {
        Move::Place(square) => square,
        Move::Pass => unreachable!("a placement"),
    };
    let other = before
        .board
        .moves()
        .iter()
        .find(|&s| s != best && s != g7)
        .expect("a third move");
    let seq = room.channel.seq();
    room.apply(RoomAction::Learn(LearnAction::Try(other)), &game, &before);
    assert_eq!(room.learning().unwrap().judging(), Some(other));
    assert!(room
        .channel
        .pending_since(seq)
        .iter()
        .any(|(r, _)| matches!(r, Request::Review { played: Some(s), .. } if *s == other)));
    serve(&mut room, &mut engine, &game, &before);
    assert!(matches!(
        room.learning().unwrap().verdict,
        Some(Verdict::Found { .. } | Verdict::Wrong { .. })
    ));
    room.apply(RoomAction::Learn(LearnAction::Try(best)), &game, &before);
    assert!(
        matches!(room.learning().unwrap().verdict, Some(Verdict::Found { square, .. }) if square == best)
    );
    assert_eq!(room.learning().unwrap().found, vec![4]);
    // A move tried on another position is not judged; on to the next: the pass is over.
    room.apply(RoomAction::Learn(LearnAction::Next), &game, &before);
    assert!(room.learning().unwrap().is_over());
    room.apply(RoomAction::Learn(LearnAction::Stop), &game, &before);
    assert!(room.learning().is_none());
}
