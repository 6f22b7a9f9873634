//! The event bus: subjects as NATS names them (`waybill.runs.<chat>.stop`, with `*` for
//! one token and `>` for the rest in subscriptions), publish, subscribe, and request with
//! a reply. [`InProcessBus`] is the default, for one instance; with several instances a
//! NATS implementation carries the same calls between them.
//!
//! Delivery is at most once and a subscriber that falls behind loses messages rather
//! than growing memory: events are notices (a run stopped, a chat renamed), and whoever
//! needs the state reads it from the store.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::future::BoxFuture;
use futures::stream::BoxStream;
use futures::{Stream, StreamExt};
use tokio::sync::mpsc;

/// Messages a subscriber may have waiting before newer ones are dropped.
pub const SUBSCRIBER_BUFFER: usize = 1024;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub subject: String,
    pub payload: Vec<u8>,
    /// Where a request wants its answer.
    pub reply: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BusError {
    /// A request nobody listens for: no instance holds what it asks about.
    #[error("no one answers on {0}")]
    NoResponders(String),
    #[error("no answer on {0} in time")]
    Timeout(String),
    /// The bus is configured but cannot be reached now.
    #[error("the event bus is unavailable: {0}")]
    Unavailable(String),
}

pub type Subscription = BoxStream<'static, Message>;

pub trait EventBus: Send + Sync {
    fn publish<'a>(&'a self, subject: &'a str, payload: Vec<u8>) -> BoxFuture<'a, Result<(), BusError>>;
    /// Messages on subjects matching `pattern` until the stream is dropped.
    fn subscribe<'a>(&'a self, pattern: &'a str) -> BoxFuture<'a, Result<Subscription, BusError>>;
    /// Publishes and waits for the first answer.
    fn request<'a>(&'a self, subject: &'a str, payload: Vec<u8>, timeout: Duration) -> BoxFuture<'a, Result<Vec<u8>, BusError>>;
    /// A subject nobody else uses, to receive on.
    fn new_inbox(&self) -> String;
    /// Whether other instances hear what this one publishes.
    fn spans_instances(&self) -> bool;
}

/// Whether a subject matches a subscription pattern (`*` one token, `>` one or more).
pub fn matches(pattern: &str, subject: &str) -> bool {
    let mut subject_tokens = subject.split('.');
    for token in pattern.split('.') {
        match (token, subject_tokens.next()) {
            (">", Some(_)) => return true,
            ("*", Some(_)) => {}
            (token, Some(s)) if token == s => {}
            _ => return false,
        }
    }
    subject_tokens.next().is_none()
}

struct Subscriber {
    id: u64,
    pattern: String,
    tx: mpsc::Sender<Message>,
}

/// The bus inside one process.
#[derive(Default)]
pub struct InProcessBus {
    subscribers: Arc<Mutex<Vec<Subscriber>>>,
    next_id: AtomicU64,
}

impl InProcessBus {
    pub fn new() -> Self {
        Self::default()
    }

    /// Delivers to every matching subscriber; answers how many there were.
    fn deliver(&self, message: Message) -> usize {
        let subscribers = self.subscribers.lock().expect("bus lock");
        let mut delivered = 0;
        for s in subscribers.iter().filter(|s| matches(&s.pattern, &message.subject)) {
            delivered += 1;
            if s.tx.try_send(message.clone()).is_err() {
                tracing::warn!(subject = %message.subject, "a bus subscriber is behind; a message was dropped");
            }
        }
        delivered
    }

    fn add(&self, pattern: &str) -> Subscription {
        let (tx, rx) = mpsc::channel(SUBSCRIBER_BUFFER);
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        self.subscribers.lock().expect("bus lock").push(Subscriber { id, pattern: pattern.to_owned(), tx });
        Box::pin(Unsubscribing { rx, id, subscribers: self.subscribers.clone() })
    }
}

/// A subscription that leaves the bus when dropped.
struct Unsubscribing {
    rx: mpsc::Receiver<Message>,
    id: u64,
    subscribers: Arc<Mutex<Vec<Subscriber>>>,
}

impl Stream for Unsubscribing {
    type Item = Message;
    fn poll_next(mut self: std::pin::Pin<&mut Self>, cx: &mut std::task::Context<'_>) -> std::task::Poll<Option<Message>> {
        self.rx.poll_recv(cx)
    }
}

impl Drop for Unsubscribing {
    fn drop(&mut self) {
        if let Ok(mut subscribers) = self.subscribers.lock() {
            subscribers.retain(|s| s.id != self.id);
        }
    }
}

impl EventBus for InProcessBus {
    fn publish<'a>(&'a self, subject: &'a str, payload: Vec<u8>) -> BoxFuture<'a, Result<(), BusError>> {
        self.deliver(Message { subject: subject.to_owned(), payload, reply: None });
        Box::pin(std::future::ready(Ok(())))
    }

    fn subscribe<'a>(&'a self, pattern: &'a str) -> BoxFuture<'a, Result<Subscription, BusError>> {
        Box::pin(std::future::ready(Ok(self.add(pattern))))
    }

    fn request<'a>(&'a self, subject: &'a str, payload: Vec<u8>, timeout: Duration) -> BoxFuture<'a, Result<Vec<u8>, BusError>> {
        Box::pin(async move {
            let inbox = self.new_inbox();
            let mut answers = self.add(&inbox);
            if self.deliver(Message { subject: subject.to_owned(), payload, reply: Some(inbox) }) == 0 {
                return Err(BusError::NoResponders(subject.to_owned()));
            }
            match tokio::time::timeout(timeout, answers.next()).await {
                Ok(Some(answer)) => Ok(answer.payload),
                Ok(None) | Err(_) => Err(BusError::Timeout(subject.to_owned())),
            }
        })
    }

    fn new_inbox(&self) -> String {
        format!("_INBOX.local.{}", self.next_id.fetch_add(1, Ordering::Relaxed))
    }

    fn spans_instances(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subjects_match_like_nats() {
        assert!(matches("a.b.c", "a.b.c"));
        assert!(matches("a.*.c", "a.x.c"));
        assert!(!matches("a.*.c", "a.x.y.c"));
        assert!(matches("a.>", "a.x.y"));
        assert!(!matches("a.>", "a"));
        assert!(!matches("a.b", "a.b.c"));
        assert!(!matches("a.b.c", "a.b"));
    }

    #[tokio::test]
    async fn published_messages_reach_matching_subscribers_until_they_leave() {
        let bus = InProcessBus::new();
        let mut chats = bus.subscribe("users.u1.>").await.unwrap();
        let other = bus.subscribe("users.u2.>").await.unwrap();
        bus.publish("users.u1.chats", b"renamed".to_vec()).await.unwrap();
        assert_eq!(chats.next().await.unwrap().payload, b"renamed");
        drop(other);
        drop(chats);
        assert!(bus.subscribers.lock().unwrap().is_empty(), "dropped subscriptions leave");
    }

    #[tokio::test]
    async fn requests_are_answered_or_say_nobody_listens() {
        let bus = Arc::new(InProcessBus::new());
        assert_eq!(bus.request("runs.c1.stop", vec![], Duration::from_millis(50)).await, Err(BusError::NoResponders("runs.c1.stop".into())));
        let mut listener = bus.subscribe("runs.*.stop").await.unwrap();
        let responder = bus.clone();
        tokio::spawn(async move {
            let message = listener.next().await.unwrap();
            responder.publish(&message.reply.unwrap(), b"stopped".to_vec()).await.unwrap();
        });
        assert_eq!(bus.request("runs.c1.stop", vec![], Duration::from_secs(5)).await.unwrap(), b"stopped");
    }

    #[tokio::test]
    async fn a_subscriber_that_falls_behind_loses_messages_not_memory() {
        let bus = InProcessBus::new();
        let mut slow = bus.subscribe("x").await.unwrap();
        for i in 0..SUBSCRIBER_BUFFER + 10 {
            bus.publish("x", i.to_string().into_bytes()).await.unwrap();
        }
        let mut received = 0;
        while tokio::time::timeout(Duration::from_millis(10), slow.next()).await.ok().flatten().is_some() {
            received += 1;
        }
        assert_eq!(received, SUBSCRIBER_BUFFER);
    }
}
