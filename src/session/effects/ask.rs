//! One question to the engine workers, as one value: what was asked (the request's id and the key it was
//! for), and what came back for which key, an answer or the reason it failed. Written once and used by every
//! ask of the page (the hint, the analysis, the explorer, the expert games list, the training room's
//! puzzle), so that no part keeps parallel `x_request` / `x` / `x_error` fields that can disagree.
//!
//! A reply is taken only for the id asked last; a reply to a question withdrawn or asked again is not this
//! ask's and is left to the caller (dropped).

use crate::protocol::{Request, RequestId, WorkerError};
use crate::session::effects::outbox::Outbox;
use crate::session::Asker;

/// A question in flight and the last outcome, each with the key it is for.
#[derive(Clone, Debug, PartialEq)]
pub struct Ask<K, A> {
    asked: Option<(RequestId, K)>,
    last: Option<(K, Result<A, WorkerError>)>,
}

impl<K, A> Default for Ask<K, A> {
    fn default() -> Ask<K, A> {
        Ask {
            asked: None,
            last: None,
        }
    }
}

impl<K: PartialEq, A> Ask<K, A> {
    /// Asks for `key` as `asker`: a new id from `out`, the request `request` makes of it sent at once. A
    /// question still in flight is left to run (its reply will not be taken): withdraw it first when it
    /// should stop.
    pub fn ask(
        &mut self,
        out: &mut Outbox,
        asker: impl Into<Asker>,
        key: K,
        request: impl FnOnce(RequestId) -> Request,
    ) {
        self.ask_after(out, asker, key, 0, request);
    }

    /// [`Ask::ask`], the request to start no sooner than `delay_ms` from now (the pacing of AI-vs-AI
    /// games).
    pub fn ask_after(
        &mut self,
        out: &mut Outbox,
        asker: impl Into<Asker>,
        key: K,
        delay_ms: u32,
        request: impl FnOnce(RequestId) -> Request,
    ) {
        let id = out.new_id();
        out.send(asker, request(id), delay_ms);
        self.asked = Some((id, key));
    }

    /// Withdraws the question in flight, if any (the worker running it stops at once).
    pub fn withdraw(&mut self, out: &mut Outbox) {
        if let Some((id, _)) = self.asked.take() {
            out.cancel(id);
        }
    }

    /// Forgets the question in flight without withdrawing it (its reply will not be taken).
    pub fn let_go(&mut self) {
        self.asked = None;
    }

    /// Forgets the last outcome.
    pub fn clear(&mut self) {
        self.last = None;
    }

    /// Withdraws the question in flight and forgets the last outcome.
    pub fn reset(&mut self, out: &mut Outbox) {
        self.withdraw(out);
        self.clear();
    }

    /// True when `id` is the question in flight.
    pub fn waits_for(&self, id: RequestId) -> bool {
        self.asked.as_ref().is_some_and(|(asked, _)| *asked == id)
    }

    /// True while a question is in flight.
    pub fn is_asking(&self) -> bool {
        self.asked.is_some()
    }

    /// True while a question for `key` is in flight.
    pub fn is_asking_for(&self, key: &K) -> bool {
        self.asked.as_ref().is_some_and(|(_, k)| k == key)
    }

    /// The id of the question in flight.
    pub fn asked_id(&self) -> Option<RequestId> {
        self.asked.as_ref().map(|(id, _)| *id)
    }

    /// The key of the question in flight.
    pub fn asked_key(&self) -> Option<&K> {
        self.asked.as_ref().map(|(_, key)| key)
    }

    /// Takes the outcome of request `id`: true when it was the question in flight (which is then over),
    /// false when it is not this ask's (nothing changes).
    pub fn settle(&mut self, id: RequestId, outcome: Result<A, WorkerError>) -> bool {
        match self.asked.take() {
            Some((asked, key)) if asked == id => {
                self.last = Some((key, outcome));
                true
            }
            other => {
                self.asked = other;
                false
            }
        }
    }

    /// Takes a progress report of request `id` as the answer so far, the question staying in flight: true
    /// when it was the question in flight.
    pub fn progress(&mut self, id: RequestId, answer: A) -> bool
    where
        K: Clone,
    {
        match &self.asked {
            Some((asked, key)) if *asked == id => {
                self.last = Some((key.clone(), Ok(answer)));
                true
            }
            _ => false,
        }
    }

    /// Ends the question `id` with the answer it reported last: true when it was the question in flight.
    pub fn end(&mut self, id: RequestId) -> bool {
        if self.waits_for(id) {
            self.asked = None;
            true
        } else {
            false
        }
    }

    /// Shows `answer` for `key`, worked out without asking (the question in flight, if any, goes on).
    pub fn show(&mut self, key: K, answer: A) {
        self.last = Some((key, Ok(answer)));
    }

    /// The last answer, with the key it is for.
    pub fn answer(&self) -> Option<(&K, &A)> {
        match &self.last {
            Some((key, Ok(answer))) => Some((key, answer)),
            _ => None,
        }
    }

    /// The last answer if it is for `key`.
    pub fn answer_for(&self, key: &K) -> Option<&A> {
        self.answer().filter(|(k, _)| *k == key).map(|(_, a)| a)
    }

    /// Why the last question failed, if it did.
    pub fn error(&self) -> Option<&WorkerError> {
        match &self.last {
            Some((_, Err(why))) => Some(why),
            _ => None,
        }
    }

    /// Forgets the last failure (a person asking again after an error), keeping an answer.
    pub fn forget_error(&mut self) {
        if self.error().is_some() {
            self.last = None;
        }
    }

    /// True when there is an outcome for `key` or a question for it in flight: nothing to ask.
    pub fn has(&self, key: &K) -> bool {
        self.is_asking_for(key) || self.last.as_ref().is_some_and(|(k, _)| k == key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::GameAsk;

    const ASKER: Asker = Asker::Game(GameAsk::Hint);

    fn ping(id: RequestId) -> Request {
        Request::Ping { id }
    }

    #[test]
    fn an_answer_is_taken_for_the_question_in_flight_only() {
        let mut channel = Outbox::new(1);
        let mut ask: Ask<u8, &str> = Ask::default();
        ask.ask(&mut channel, ASKER, 7, ping);
        assert!(ask.is_asking_for(&7) && ask.has(&7) && !ask.has(&8));
        let first = channel.last_request().unwrap().0.id();
        // Asked again before the answer: the first reply is not this ask's any more.
        ask.ask(&mut channel, ASKER, 8, ping);
        let second = channel.last_request().unwrap().0.id();
        assert!(!ask.settle(first, Ok("late")));
        assert!(ask.answer().is_none());
        assert!(ask.settle(second, Ok("eight")));
        assert_eq!(ask.answer(), Some((&8, &"eight")));
        assert_eq!(ask.answer_for(&8), Some(&"eight"));
        assert_eq!(ask.answer_for(&7), None);
        assert!(!ask.is_asking());
        // A second reply to the same id is not taken.
        assert!(!ask.settle(second, Ok("again")));
    }

    #[test]
    fn progress_is_the_answer_so_far_until_the_question_ends() {
        let mut channel = Outbox::new(1);
        let mut ask: Ask<u8, u32> = Ask::default();
        ask.ask(&mut channel, ASKER, 5, ping);
        let id = channel.last_request().unwrap().0.id();
        assert!(ask.progress(id, 2) && ask.progress(id, 4));
        assert_eq!(ask.answer_for(&5), Some(&4));
        assert!(ask.is_asking_for(&5), "still in flight");
        assert!(!ask.progress(id + 1, 9), "not this ask's");
        assert!(ask.end(id) && !ask.is_asking() && !ask.end(id));
        assert_eq!(ask.answer_for(&5), Some(&4));
        ask.show(6, 1);
        assert_eq!(ask.answer(), Some((&6, &1)));
    }

    #[test]
    fn a_failure_is_kept_with_its_key_and_a_withdrawal_cancels() {
        let mut channel = Outbox::new(1);
        let mut ask: Ask<u8, u32> = Ask::default();
        ask.ask(&mut channel, ASKER, 1, ping);
        let id = channel.last_request().unwrap().0.id();
        assert!(ask.settle(id, Err(WorkerError::NoPuzzle)));
        assert_eq!(ask.error(), Some(&WorkerError::NoPuzzle));
        assert!(ask.answer().is_none() && ask.has(&1));
        ask.forget_error();
        assert!(ask.error().is_none() && !ask.has(&1));
        ask.ask(&mut channel, ASKER, 2, ping);
        let id = channel.last_request().unwrap().0.id();
        ask.withdraw(&mut channel);
        assert_eq!(channel.cancelled_since(0), [id]);
        assert!(!ask.waits_for(id) && !ask.settle(id, Ok(3)));
    }
}
