//! Answers being generated right now, one per chat at most.
//!
//! A run outlives the request that started it: the client may disconnect and the
//! answer still completes and is saved. Every SSE frame is kept until the run ends, so
//! the starting request and any resuming one read the same frames from the beginning.
//!
//! With several instances (the event bus spans them), a run also listens on the bus
//! for its chat: another instance may ask to attach (it then receives the frames from
//! the beginning, relayed through an inbox of its own) or to stop it. An instance that
//! does not hold a chat's run asks the others ([`Runs::find_remote`], [`Runs::stop`]).

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use futures::{Stream, StreamExt};
use serde::{Deserialize, Serialize};
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;
use waybill_tools::bus::{BusError, EventBus, Message};

/// How long an instance waits for another to answer about a run.
const ASK_TIMEOUT: Duration = Duration::from_secs(2);
/// Relayed frames are cut to this size (NATS refuses messages over its payload limit).
const RELAY_PIECE: usize = 256 * 1024;
/// A relayed stream that hears nothing this long is given up (the other instance is gone).
const RELAY_IDLE: Duration = Duration::from_secs(300);
/// Once the answer's first words are out, a reader is sent what came at most this often:
/// a write per token would cost a system call (and on loopback, the reader's network
/// stack) for every few bytes, and the page repaints at most every 50 ms anyway.
const STREAM_PACE: Duration = Duration::from_millis(20);

pub struct Run {
    pub tenant_id: String,
    pub user_id: String,
    /// The id of the message this run answers (the last message of the request).
    pub trigger_id: String,
    /// What that message says: a request naming the same id joins this run only when it
    /// says the same.
    pub trigger: MessageContent,
    pub cancel: CancellationToken,
    frames: Mutex<Vec<Bytes>>,
    /// The index of the first frame with words of the answer (text, reasoning or a tool's
    /// input): everything up to it goes out at once, what follows at [`STREAM_PACE`].
    first_words: std::sync::OnceLock<usize>,
    /// Frame count; closed (sender dropped) when the run ends.
    count: Mutex<Option<watch::Sender<usize>>>,
    watcher: watch::Receiver<usize>,
}

impl Run {
    pub fn new(tenant_id: &str, user_id: &str, trigger_id: &str, trigger: MessageContent) -> Self {
        let (tx, rx) = watch::channel(0);
        Self {
            tenant_id: tenant_id.into(),
            user_id: user_id.into(),
            trigger_id: trigger_id.into(),
            trigger,
            cancel: CancellationToken::new(),
            frames: Mutex::new(Vec::with_capacity(256)),
            first_words: std::sync::OnceLock::new(),
            count: Mutex::new(Some(tx)),
            watcher: rx,
        }
    }

    pub fn push(&self, frame: Bytes) {
        let len = {
            let mut frames = self.frames.lock().expect("frames lock");
            frames.push(frame);
            frames.len()
        };
        if let Some(tx) = self.count.lock().expect("count lock").as_ref() {
            tx.send_replace(len);
        }
    }

    /// As [`Run::push`], for a frame that carries words of the answer.
    pub fn push_words(&self, frame: Bytes) {
        let index = self.frames.lock().expect("frames lock").len();
        let _ = self.first_words.set(index);
        self.push(frame);
    }

    pub fn close(&self) {
        self.count.lock().expect("count lock").take();
    }

    /// Resolves when the run has ended.
    pub async fn closed(&self) {
        let mut rx = self.watcher.clone();
        while rx.changed().await.is_ok() {}
    }

    fn owned_by(&self, tenant_id: &str, user_id: &str) -> bool {
        self.tenant_id == tenant_id && self.user_id == user_id
    }

    /// All frames from the first, then new ones as they come, until the run ends. Up to
    /// the first words of the answer each frame goes out as soon as it is pushed; after
    /// them, what arrived is sent together at most every [`STREAM_PACE`].
    pub fn subscribe(self: Arc<Self>) -> impl Stream<Item = Result<Bytes, Infallible>> + Send + 'static {
        let rx = self.watcher.clone();
        futures::stream::unfold((self, rx, 0usize, None::<tokio::time::Instant>), |(run, mut rx, next, last_sent)| async move {
            loop {
                let ready = next < run.frames.lock().expect("frames lock").len();
                if ready {
                    let paced = run.first_words.get().is_some_and(|first| next > *first);
                    if let Some(last_sent) = last_sent.filter(|_| paced) {
                        tokio::time::sleep_until(last_sent + STREAM_PACE).await;
                    }
                    let (bytes, len) = {
                        let frames = run.frames.lock().expect("frames lock");
                        (frames[next..].concat(), frames.len())
                    };
                    return Some((Ok(Bytes::from(bytes)), (run, rx, len, Some(tokio::time::Instant::now()))));
                }
                // Nothing new: wait for more, or end once the run is closed and drained.
                if rx.changed().await.is_err() {
                    let frames = run.frames.lock().expect("frames lock");
                    if next >= frames.len() {
                        return None;
                    }
                }
            }
        })
    }
}

/// The role and parts of a UI message, compared as JSON values (so key order and
/// spacing do not matter, and metadata the client adds later does not either).
#[derive(Debug, Clone, PartialEq)]
pub struct MessageContent(pub serde_json::Value);

impl MessageContent {
    pub fn of(message_json: &str) -> Self {
        let value: serde_json::Value = serde_json::from_str(message_json).unwrap_or_default();
        Self(serde_json::json!([value["role"], value["parts"]]))
    }
}

/// A run held by another instance, found through the bus.
pub struct RemoteRun {
    pub trigger_id: String,
    pub trigger: MessageContent,
    /// The run's frames from the beginning, relayed.
    pub frames: futures::stream::BoxStream<'static, Result<Bytes, Infallible>>,
}

/// What instances say to each other about runs.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Ask {
    tenant_id: String,
    user_id: String,
    /// Where to relay frames (attach only).
    #[serde(default)]
    inbox: Option<String>,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Answer {
    /// The run exists and is the asker's.
    ok: bool,
    #[serde(default)]
    trigger_id: String,
    #[serde(default)]
    trigger: serde_json::Value,
}

pub struct Runs {
    runs: Mutex<HashMap<String, Arc<Run>>>,
    bus: Arc<dyn EventBus>,
}

impl Default for Runs {
    fn default() -> Self {
        Self::new(Arc::new(waybill_tools::bus::InProcessBus::new()))
    }
}

/// The bus subject of a chat's run (chat ids may hold dots, which separate NATS tokens).
fn subject(chat_id: &str, verb: &str) -> String {
    format!("waybill.runs.{}.{verb}", chat_id.replace('.', "%2E"))
}

impl Runs {
    pub fn new(bus: Arc<dyn EventBus>) -> Self {
        Self { runs: Mutex::default(), bus }
    }

    /// Registers a run for the chat, or answers the one already in flight here.
    pub fn start(&self, chat_id: &str, run: Run) -> Result<Arc<Run>, Arc<Run>> {
        let run = {
            let mut runs = self.runs.lock().expect("runs lock");
            if let Some(existing) = runs.get(chat_id) {
                return Err(existing.clone());
            }
            let run = Arc::new(run);
            runs.insert(chat_id.into(), run.clone());
            run
        };
        if self.bus.spans_instances() {
            tokio::spawn(listen(self.bus.clone(), chat_id.to_owned(), run.clone()));
        }
        Ok(run)
    }

    pub fn get(&self, chat_id: &str) -> Option<Arc<Run>> {
        self.runs.lock().expect("runs lock").get(chat_id).cloned()
    }

    pub fn finish(&self, chat_id: &str) {
        self.runs.lock().expect("runs lock").remove(chat_id);
    }

    pub fn len(&self) -> usize {
        self.runs.lock().expect("runs lock").len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The chat's run on another instance, if one holds it for this user.
    pub async fn find_remote(&self, chat_id: &str, tenant_id: &str, user_id: &str) -> Result<Option<RemoteRun>, BusError> {
        if !self.bus.spans_instances() {
            return Ok(None);
        }
        let inbox = self.bus.new_inbox();
        // Listening before asking: the first frames may come right after the answer.
        let relayed = self.bus.subscribe(&inbox).await?;
        let ask = Ask { tenant_id: tenant_id.into(), user_id: user_id.into(), inbox: Some(inbox) };
        let answer = match self.bus.request(&subject(chat_id, "attach"), serde_json::to_vec(&ask).unwrap_or_default(), ASK_TIMEOUT).await {
            Ok(answer) => answer,
            Err(BusError::NoResponders(_)) => return Ok(None),
            Err(err) => return Err(err),
        };
        let Ok(Answer { ok: true, trigger_id, trigger }) = serde_json::from_slice::<Answer>(&answer) else { return Ok(None) };
        let frames = futures::stream::unfold(relayed, |mut relayed| async move {
            match tokio::time::timeout(RELAY_IDLE, relayed.next()).await {
                // An empty message ends the relay.
                Ok(Some(message)) if !message.payload.is_empty() => Some((Ok(Bytes::from(message.payload)), relayed)),
                _ => None,
            }
        })
        .boxed();
        Ok(Some(RemoteRun { trigger_id, trigger: MessageContent(trigger), frames }))
    }

    /// Stops the chat's run here or on another instance; answers whether one was running.
    pub async fn stop(&self, chat_id: &str, tenant_id: &str, user_id: &str) -> Result<bool, BusError> {
        if let Some(run) = self.get(chat_id).filter(|r| r.owned_by(tenant_id, user_id)) {
            run.cancel.cancel();
            return Ok(true);
        }
        if !self.bus.spans_instances() {
            return Ok(false);
        }
        let ask = Ask { tenant_id: tenant_id.into(), user_id: user_id.into(), inbox: None };
        match self.bus.request(&subject(chat_id, "stop"), serde_json::to_vec(&ask).unwrap_or_default(), ASK_TIMEOUT).await {
            Ok(answer) => Ok(serde_json::from_slice::<Answer>(&answer).is_ok_and(|a| a.ok)),
            Err(BusError::NoResponders(_)) => Ok(false),
            Err(err) => Err(err),
        }
    }
}

/// Answers the other instances about this run until it ends.
async fn listen(bus: Arc<dyn EventBus>, chat_id: String, run: Arc<Run>) {
    let pattern = subject(&chat_id, "*");
    let mut asked = match bus.subscribe(&pattern).await {
        Ok(asked) => asked,
        Err(err) => {
            tracing::warn!(error = %err, chat = %chat_id, "this answer cannot be reached from other instances");
            return;
        }
    };
    loop {
        tokio::select! {
            () = run.closed() => break,
            message = asked.next() => match message {
                Some(message) => answer(&bus, &run, message).await,
                None => break,
            },
        }
    }
}

async fn answer(bus: &Arc<dyn EventBus>, run: &Arc<Run>, message: Message) {
    let Some(reply) = message.reply else { return };
    let Ok(ask) = serde_json::from_slice::<Ask>(&message.payload) else { return };
    let ok = run.owned_by(&ask.tenant_id, &ask.user_id);
    let verb = message.subject.rsplit('.').next().unwrap_or_default();
    let answer = Answer { ok, trigger_id: run.trigger_id.clone(), trigger: run.trigger.0.clone() };
    if ok && verb == "stop" {
        run.cancel.cancel();
    }
    if bus.publish(&reply, serde_json::to_vec(&answer).unwrap_or_default()).await.is_err() || !ok || verb != "attach" {
        return;
    }
    let Some(inbox) = ask.inbox else { return };
    let (bus, run) = (bus.clone(), run.clone());
    tokio::spawn(async move {
        let mut frames = Box::pin(run.subscribe());
        while let Some(Ok(bytes)) = frames.next().await {
            for piece in bytes.chunks(RELAY_PIECE) {
                if bus.publish(&inbox, piece.to_vec()).await.is_err() {
                    return;
                }
            }
        }
        let _ = bus.publish(&inbox, Vec::new()).await;
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures::StreamExt;

    #[test]
    fn message_content_ignores_key_order_spacing_and_metadata() {
        let a = MessageContent::of(r#"{"id":"m","role":"user","parts":[{"type":"text","text":"hi"}]}"#);
        let b = MessageContent::of(r#"{ "parts": [ {"text": "hi", "type": "text"} ], "role": "user", "id": "m", "metadata": {"x": 1} }"#);
        let c = MessageContent::of(r#"{"id":"m","role":"user","parts":[{"type":"text","text":"bye"}]}"#);
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[tokio::test]
    async fn late_subscribers_replay_from_the_start_and_end_with_the_run() {
        let run = Arc::new(Run::new("t", "u", "m", MessageContent::of("{}")));
        run.push(Bytes::from_static(b"a"));
        let early = tokio::spawn(run.clone().subscribe().map(|b| b.unwrap().to_vec()).concat());
        run.push(Bytes::from_static(b"b"));
        tokio::task::yield_now().await;
        run.push(Bytes::from_static(b"c"));
        let late = run.clone().subscribe();
        run.close();
        assert_eq!(early.await.unwrap(), b"abc".to_vec());
        assert_eq!(late.map(|b| b.unwrap().to_vec()).concat().await, b"abc".to_vec());
        assert_eq!(run.subscribe().map(|b| b.unwrap().to_vec()).concat().await, b"abc".to_vec(), "after the end, a replay still ends");
    }

    #[tokio::test(start_paused = true)]
    async fn frames_go_out_at_once_until_the_first_words_then_at_a_pace() {
        let run = Arc::new(Run::new("t", "u", "m", MessageContent::of("{}")));
        let mut reader = Box::pin(run.clone().subscribe());
        let mut next = async || String::from_utf8(reader.next().await.expect("a frame").unwrap().to_vec()).unwrap();
        let started = tokio::time::Instant::now();
        run.push(Bytes::from_static(b"start "));
        assert_eq!(next().await, "start ");
        run.push(Bytes::from_static(b"text-start "));
        assert_eq!(next().await, "text-start ");
        run.push_words(Bytes::from_static(b"hello "));
        assert_eq!(next().await, "hello ", "the first words are not held back");
        assert_eq!(started.elapsed(), Duration::ZERO);
        // Words that follow within the pace are sent together, once.
        run.push_words(Bytes::from_static(b"wide "));
        run.push_words(Bytes::from_static(b"world"));
        assert_eq!(next().await, "wide world");
        assert_eq!(started.elapsed(), STREAM_PACE);
        // After a pause longer than the pace, the next words go out at once.
        tokio::time::sleep(STREAM_PACE * 3).await;
        let paused = tokio::time::Instant::now();
        run.push_words(Bytes::from_static(b"!"));
        assert_eq!(next().await, "!");
        assert_eq!(paused.elapsed(), Duration::ZERO);
        run.close();
        assert!(reader.next().await.is_none());
    }
}
