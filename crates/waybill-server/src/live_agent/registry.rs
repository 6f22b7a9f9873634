//! The sockets this instance holds — customers' and agents' — and the one bus
//! subscription that feeds them: whatever any instance publishes on a live-agent subject
//! reaches the sockets here it is for.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use futures::StreamExt;
use tokio::sync::mpsc;
use waybill_liveagent::events::{self, AgentEvent, QueueEvent, RevokedEvent, SessionEvent};
use waybill_liveagent::model::DeskEvent;
use waybill_tools::bus::{EventBus, Message};

/// What a socket's task is told to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outgoing {
    /// Send this text.
    Text(String),
    /// Read the queue again and send it (desks).
    Queue,
    /// Close with this code and reason.
    Close(u16, &'static str),
}

/// Close code: the account was suspended or removed.
pub const REVOKED: u16 = 4403;
/// Messages waiting for one socket before it is dropped as too slow.
const SOCKET_BUFFER: usize = 256;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Customer,
    Desk,
}

struct Entry {
    tenant: String,
    user: String,
    kind: Kind,
    tx: mpsc::Sender<Outgoing>,
    /// A [`Outgoing::Queue`] waits in `tx` that the socket has not taken yet.
    queue_pending: Arc<AtomicBool>,
}

/// What is for one socket, in order. Queue changes coalesce: while one "read the queue
/// again" waits, more changes add nothing, since the one read sees them all. A busy
/// queue thus costs each desk at most one read at a time, instead of one read per change
/// piling up until the desk is dropped as too slow.
pub struct Inbox {
    rx: mpsc::Receiver<Outgoing>,
    queue_pending: Arc<AtomicBool>,
}

impl Inbox {
    /// The next thing to do; `None` when the registry dropped the socket.
    pub async fn recv(&mut self) -> Option<Outgoing> {
        let next = self.rx.recv().await;
        self.taken(next.as_ref());
        next
    }

    /// The next thing to do if there is one already.
    pub fn try_recv(&mut self) -> Result<Outgoing, mpsc::error::TryRecvError> {
        let next = self.rx.try_recv();
        self.taken(next.as_ref().ok());
        next
    }

    /// A queue read taken now sees every change so far; later changes ask for another.
    fn taken(&self, next: Option<&Outgoing>) {
        if next == Some(&Outgoing::Queue) {
            self.queue_pending.store(false, Ordering::Release);
        }
    }
}

#[derive(Default)]
pub struct Registry {
    next: AtomicU64,
    sockets: Mutex<HashMap<u64, Entry>>,
}

/// A socket's place in the registry; it leaves when dropped.
pub struct Registration {
    id: u64,
    registry: Arc<Registry>,
}

impl Drop for Registration {
    fn drop(&mut self) {
        if let Ok(mut sockets) = self.registry.sockets.lock() {
            sockets.remove(&self.id);
        }
    }
}

impl Registry {
    /// Adds a socket; what is for it arrives on the receiver.
    pub fn add(self: &Arc<Self>, tenant: &str, user: &str, kind: Kind) -> (Registration, Inbox) {
        let (tx, rx) = mpsc::channel(SOCKET_BUFFER);
        let queue_pending = Arc::new(AtomicBool::new(false));
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let entry = Entry { tenant: tenant.to_owned(), user: user.to_owned(), kind, tx, queue_pending: queue_pending.clone() };
        self.sockets.lock().expect("registry lock").insert(id, entry);
        (Registration { id, registry: self.clone() }, Inbox { rx, queue_pending })
    }

    /// How many sockets of `user` in `tenant` this instance holds.
    pub fn count(&self, tenant: &str, user: &str) -> usize {
        self.sockets.lock().expect("registry lock").values().filter(|e| e.tenant == tenant && e.user == user).count()
    }

    /// Sends `what` to the matching sockets; a socket that is behind is dropped (its task
    /// sees its queue end and closes it). A queue change is not sent to a socket that has
    /// one waiting already.
    fn send(&self, matches: impl Fn(&Entry) -> bool, what: &Outgoing) {
        let mut sockets = self.sockets.lock().expect("registry lock");
        let coalesced = |e: &Entry| *what == Outgoing::Queue && e.queue_pending.swap(true, Ordering::AcqRel);
        let behind: Vec<u64> =
            sockets.iter().filter(|(_, e)| matches(e) && !coalesced(e)).filter(|(_, e)| e.tx.try_send(what.clone()).is_err()).map(|(id, _)| *id).collect();
        for id in behind {
            sockets.remove(&id);
        }
    }

    /// Hands a bus message to the sockets it is for.
    pub fn dispatch(&self, message: &Message) {
        let tokens: Vec<&str> = message.subject.split('.').collect();
        match tokens.as_slice() {
            ["waybill", "live", "user", _, "revoked"] => {
                if let Ok(event) = serde_json::from_slice::<RevokedEvent>(&message.payload) {
                    self.send(|e| e.tenant == event.tenant_id && e.user == event.user_id, &Outgoing::Close(REVOKED, "access revoked"));
                }
            }
            ["waybill", "live", _, "queue"] => {
                if let Ok(event) = serde_json::from_slice::<QueueEvent>(&message.payload) {
                    self.send(|e| e.kind == Kind::Desk && e.tenant == event.tenant_id, &Outgoing::Queue);
                }
            }
            ["waybill", "live", _, "session", _] => {
                let Ok(event) = serde_json::from_slice::<SessionEvent>(&message.payload) else { return };
                if let Ok(text) = serde_json::to_string(&event.frame) {
                    self.send(|e| e.kind == Kind::Customer && e.tenant == event.tenant_id && e.user == event.customer_id, &Outgoing::Text(text));
                }
                if let (Some(agent), Some(live)) = (&event.agent_id, event.message) {
                    let desk = DeskEvent::Message { session_id: event.session_id.clone(), message: live };
                    if let Ok(text) = serde_json::to_string(&desk) {
                        self.send(|e| e.kind == Kind::Desk && e.tenant == event.tenant_id && &e.user == agent, &Outgoing::Text(text));
                    }
                }
            }
            ["waybill", "live", _, "agent", _] => {
                let Ok(event) = serde_json::from_slice::<AgentEvent>(&message.payload) else { return };
                if let Ok(text) = serde_json::to_string(&DeskEvent::Session { session: event.session }) {
                    self.send(|e| e.kind == Kind::Desk && e.tenant == event.tenant_id && e.user == event.agent_id, &Outgoing::Text(text));
                }
            }
            _ => {}
        }
    }

    /// Feeds the registry from the bus for as long as the process runs, subscribing again
    /// when the bus drops the subscription.
    pub fn feed(self: Arc<Self>, bus: Arc<dyn EventBus>) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            loop {
                match bus.subscribe(events::ALL).await {
                    Ok(mut messages) => {
                        while let Some(message) = messages.next().await {
                            self.dispatch(&message);
                        }
                    }
                    Err(err) => tracing::debug!(error = %err, "the live-agent subscription is not available yet"),
                }
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use waybill_liveagent::model::{Frame, LiveMessage, SenderKind};

    use super::*;

    fn message(subject: String, payload: &impl serde::Serialize) -> Message {
        Message { subject, payload: serde_json::to_vec(payload).unwrap(), reply: None }
    }

    fn live(content: &str) -> LiveMessage {
        LiveMessage {
            id: "m1".into(),
            content: content.into(),
            sender: "ann".into(),
            sender_kind: SenderKind::Customer,
            send_id: "ann".into(),
            timestamp: 1,
            msg_type: 0,
            group_id: "g1".into(),
            send_nick_name: "Ann".into(),
            user_avatar: String::new(),
        }
    }

    #[test]
    fn each_event_reaches_the_sockets_it_is_for_and_no_other() {
        let registry = Arc::new(Registry::default());
        let (_a, mut ann) = registry.add("t1", "ann", Kind::Customer);
        let (_b, mut ann_elsewhere) = registry.add("t2", "ann", Kind::Customer);
        let (_c, mut desk) = registry.add("t1", "erin", Kind::Desk);
        let (_d, mut other_desk) = registry.add("t1", "frank", Kind::Desk);
        let (_e, mut foreign_desk) = registry.add("t2", "erin", Kind::Desk);

        let frame = Frame { cmd: 3, data: json!({"content": "<b>hi</b>"}) };
        let event = SessionEvent {
            tenant_id: "t1".into(),
            session_id: "s1".into(),
            customer_id: "ann".into(),
            agent_id: Some("erin".into()),
            frame: frame.clone(),
            message: Some(live("<b>hi</b>")),
        };
        registry.dispatch(&message(events::session_subject("t1", "s1"), &event));
        assert_eq!(ann.try_recv().unwrap(), Outgoing::Text(serde_json::to_string(&frame).unwrap()), "the frame alone, as sent");
        let Outgoing::Text(text) = desk.try_recv().unwrap() else { panic!("text for the desk") };
        assert_eq!(serde_json::from_str::<serde_json::Value>(&text).unwrap()["message"]["content"], "<b>hi</b>");
        assert!(ann_elsewhere.try_recv().is_err() && other_desk.try_recv().is_err() && foreign_desk.try_recv().is_err());

        registry.dispatch(&message(events::queue_subject("t1"), &QueueEvent { tenant_id: "t1".into() }));
        assert_eq!((desk.try_recv().unwrap(), other_desk.try_recv().unwrap()), (Outgoing::Queue, Outgoing::Queue));
        assert!(ann.try_recv().is_err() && foreign_desk.try_recv().is_err(), "customers and other tenants' desks are not told");

        registry.dispatch(&message(events::revoked_subject("ann"), &RevokedEvent { tenant_id: "t1".into(), user_id: "ann".into() }));
        assert_eq!(ann.try_recv().unwrap(), Outgoing::Close(REVOKED, "access revoked"));
        assert!(ann_elsewhere.try_recv().is_err(), "only the tenant that revoked");

        registry.dispatch(&Message { subject: events::queue_subject("t1"), payload: b"not json".to_vec(), reply: None });
        assert!(desk.try_recv().is_err(), "garbage is ignored");
    }

    #[test]
    fn queue_changes_coalesce_while_one_read_waits() {
        let registry = Arc::new(Registry::default());
        let (_registration, mut desk) = registry.add("t1", "erin", Kind::Desk);
        let changed = || registry.dispatch(&message(events::queue_subject("t1"), &QueueEvent { tenant_id: "t1".into() }));
        for _ in 0..SOCKET_BUFFER * 2 {
            changed();
        }
        assert_eq!(desk.try_recv().unwrap(), Outgoing::Queue);
        assert!(desk.try_recv().is_err(), "one read covers every change before it");
        assert_eq!(registry.count("t1", "erin"), 1, "a busy queue does not drop the desk");
        changed();
        assert_eq!(desk.try_recv().unwrap(), Outgoing::Queue, "a change after the read asks for another");
    }

    #[test]
    fn a_socket_that_falls_behind_is_dropped_and_one_that_left_is_forgotten() {
        let registry = Arc::new(Registry::default());
        let (registration, mut slow) = registry.add("t1", "erin", Kind::Desk);
        let said = SessionEvent {
            tenant_id: "t1".into(),
            session_id: "s1".into(),
            customer_id: "ann".into(),
            agent_id: Some("erin".into()),
            frame: Frame { cmd: 3, data: json!({"content": "hi"}) },
            message: Some(live("hi")),
        };
        for _ in 0..SOCKET_BUFFER + 1 {
            registry.dispatch(&message(events::session_subject("t1", "s1"), &said));
        }
        assert_eq!(registry.count("t1", "erin"), 0, "dropped once its queue is full");
        let mut received = 0;
        while slow.try_recv().is_ok() {
            received += 1;
        }
        assert_eq!(received, SOCKET_BUFFER);
        assert!(slow.try_recv().is_err(), "its queue ended: the task closes the socket");
        drop(registration);
        let (left, _rx) = registry.add("t1", "erin", Kind::Desk);
        assert_eq!(registry.count("t1", "erin"), 1);
        drop(left);
        assert_eq!(registry.count("t1", "erin"), 0);
    }
}
