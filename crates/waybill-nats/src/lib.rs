//! The event bus over NATS: what one instance publishes, the others hear, so an answer
//! started through one instance can be resumed and stopped through another, and a chat
//! renamed in one tab shows in every tab, whichever instance serves it.
//!
//! The connection is made in the background and kept up by the client: an instance
//! starts while NATS is down and joins when it comes back. Meanwhile requests to other
//! instances fail at once with [`BusError::Unavailable`] (the HTTP layer answers 503),
//! publishing drops the notice, and what runs on this instance carries on and is saved.

use std::time::Duration;

use async_nats::connection::State;
use async_nats::{Client, ConnectOptions, RequestErrorKind};
use futures::StreamExt;
use futures::future::BoxFuture;
use waybill_tools::bus::{BusError, EventBus, Message, SUBSCRIBER_BUFFER, Subscription};

pub struct NatsBus {
    client: Client,
}

impl NatsBus {
    /// Connects to `url` (`nats://host:4222`) in the background.
    pub async fn connect(url: &str) -> Result<Self, BusError> {
        let client = ConnectOptions::new()
            .name("waybill")
            .retry_on_initial_connect()
            .subscription_capacity(SUBSCRIBER_BUFFER)
            // Back within two seconds of NATS returning, whatever the outage's length.
            .reconnect_delay_callback(|attempts| Duration::from_millis((attempts as u64 * 100).min(2000)))
            .event_callback(|event| async move { tracing::info!(%event, "event bus") })
            .connect(url)
            .await
            .map_err(|e| BusError::Unavailable(e.to_string()))?;
        Ok(Self { client })
    }

    fn connected(&self) -> Result<(), BusError> {
        match self.client.connection_state() {
            State::Connected => Ok(()),
            state => Err(BusError::Unavailable(format!("NATS is {}", if state == State::Pending { "not reached yet" } else { "disconnected" }))),
        }
    }
}

impl EventBus for NatsBus {
    fn publish<'a>(&'a self, subject: &'a str, payload: Vec<u8>) -> BoxFuture<'a, Result<(), BusError>> {
        Box::pin(async move {
            self.connected()?;
            self.client.publish(subject.to_owned(), payload.into()).await.map_err(|e| BusError::Unavailable(e.to_string()))
        })
    }

    fn subscribe<'a>(&'a self, pattern: &'a str) -> BoxFuture<'a, Result<Subscription, BusError>> {
        Box::pin(async move {
            let subscriber = self.client.subscribe(pattern.to_owned()).await.map_err(|e| BusError::Unavailable(e.to_string()))?;
            let messages = subscriber.map(|m| Message { subject: m.subject.to_string(), payload: m.payload.to_vec(), reply: m.reply.map(|r| r.to_string()) });
            Ok(messages.boxed())
        })
    }

    fn request<'a>(&'a self, subject: &'a str, payload: Vec<u8>, timeout: Duration) -> BoxFuture<'a, Result<Vec<u8>, BusError>> {
        Box::pin(async move {
            self.connected()?;
            let request = async_nats::Request::new().payload(payload.into()).timeout(Some(timeout));
            match self.client.send_request(subject.to_owned(), request).await {
                Ok(answer) => Ok(answer.payload.to_vec()),
                Err(err) => Err(match err.kind() {
                    RequestErrorKind::NoResponders => BusError::NoResponders(subject.to_owned()),
                    RequestErrorKind::TimedOut => BusError::Timeout(subject.to_owned()),
                    _ => BusError::Unavailable(err.to_string()),
                }),
            }
        })
    }

    fn new_inbox(&self) -> String {
        self.client.new_inbox()
    }

    fn spans_instances(&self) -> bool {
        true
    }
}
