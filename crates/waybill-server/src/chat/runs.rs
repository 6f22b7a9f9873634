//! Answers being generated right now, one per chat at most.
//!
//! A run outlives the request that started it: the client may disconnect and the
//! answer still completes and is saved. Every SSE frame is kept until the run ends, so
//! the starting request and any resuming one read the same frames from the beginning.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use futures::Stream;
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;

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

    pub fn close(&self) {
        self.count.lock().expect("count lock").take();
    }

    /// All frames from the first, then new ones as they come, until the run ends.
    pub fn subscribe(self: Arc<Self>) -> impl Stream<Item = Result<Bytes, Infallible>> + Send + 'static {
        let rx = self.watcher.clone();
        futures::stream::unfold((self, rx, 0usize), |(run, mut rx, next)| async move {
            loop {
                let batch = {
                    let frames = run.frames.lock().expect("frames lock");
                    (next < frames.len()).then(|| (frames[next..].concat(), frames.len()))
                };
                if let Some((bytes, len)) = batch {
                    return Some((Ok(Bytes::from(bytes)), (run, rx, len)));
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
pub struct MessageContent(serde_json::Value);

impl MessageContent {
    pub fn of(message_json: &str) -> Self {
        let value: serde_json::Value = serde_json::from_str(message_json).unwrap_or_default();
        Self(serde_json::json!([value["role"], value["parts"]]))
    }
}

#[derive(Default)]
pub struct Runs {
    runs: Mutex<HashMap<String, Arc<Run>>>,
}

impl Runs {
    /// Registers a run for the chat, or answers the one already in flight.
    pub fn start(&self, chat_id: &str, run: Run) -> Result<Arc<Run>, Arc<Run>> {
        let mut runs = self.runs.lock().expect("runs lock");
        if let Some(existing) = runs.get(chat_id) {
            return Err(existing.clone());
        }
        let run = Arc::new(run);
        runs.insert(chat_id.into(), run.clone());
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
}
