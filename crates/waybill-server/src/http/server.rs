//! The HTTP/1.1 server loop, with the limits that keep slow or greedy clients from
//! holding connections forever:
//!
//! - **headers**: a request's headers must arrive within `header_timeout_secs` of the
//!   connection starting to wait for them. The same timer closes an idle keep-alive
//!   connection, since waiting for the next request is waiting for its headers.
//! - **request bodies**: a body that sends nothing for `body_idle_timeout_secs` ends the
//!   request with 408 and the connection is closed.
//! - **responses**: a client that reads nothing for `write_idle_timeout_secs` while a
//!   response waits to be written loses the connection (a running answer goes on and is
//!   saved; it can be resumed).
//! - **connections per address**: past `max_connections_per_address`, a new connection
//!   is answered 429 and closed at once, so one client cannot take every socket.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, ready};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{HeaderValue, Request, StatusCode, header};
use axum::response::{IntoResponse, Response};
use hyper::body::{Body as HttpBody, Frame, Incoming, SizeHint};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinSet;
use tokio::time::Sleep;
use tokio_util::sync::CancellationToken;
use tower::ServiceExt;

use crate::config::HttpConfig;
use crate::error::ApiError;

/// How long open connections may take to finish once shutdown begins.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(30);

/// Serves `app` on `listener` until `shutdown` resolves.
pub async fn run(listener: TcpListener, app: Router, limits: &HttpConfig, shutdown: impl Future<Output = ()> + Send + 'static) -> io::Result<()> {
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.timer(TokioTimer::new()).keep_alive(true);
    if limits.header_timeout_secs > 0 {
        builder.header_read_timeout(Duration::from_secs(limits.header_timeout_secs));
    }
    let body_idle = (limits.body_idle_timeout_secs > 0).then(|| Duration::from_secs(limits.body_idle_timeout_secs));
    let write_idle = (limits.write_idle_timeout_secs > 0).then(|| Duration::from_secs(limits.write_idle_timeout_secs));
    let counts = Arc::new(PerAddress::new(limits.max_connections_per_address));
    let closing = CancellationToken::new();
    let mut connections = JoinSet::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(err) => {
                    // Out of file descriptors or a connection reset before accept: breathe, go on.
                    tracing::warn!(error = %err, "accepting a connection failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // Streamed answers are many small writes: without TCP_NODELAY each one after the
        // first waits for the client's delayed ACK (about 40 ms).
        if let Err(err) = stream.set_nodelay(true) {
            tracing::warn!(error = %err, "could not set TCP_NODELAY");
        }
        let Some(slot) = counts.claim(peer.ip()) else {
            tracing::warn!(peer = %peer.ip(), "too many connections from one address");
            tokio::spawn(refuse(stream));
            continue;
        };
        let app = app.clone();
        let service = tower::service_fn(move |mut req: Request<Incoming>| {
            req.extensions_mut().insert(ConnectInfo(peer));
            let stalled = Arc::new(AtomicBool::new(false));
            let req = req.map(|body| match body_idle {
                Some(idle) => Body::new(IdleBody::new(body, idle, stalled.clone())),
                None => Body::new(body),
            });
            let app = app.clone();
            async move {
                let response = app.oneshot(req).await?;
                Ok::<_, std::convert::Infallible>(if stalled.load(Ordering::Relaxed) { request_timeout() } else { response })
            }
        });
        let io = TokioIo::new(WriteIdle::new(stream, write_idle));
        let connection = builder.serve_connection(io, TowerToHyperService::new(service)).with_upgrades();
        let closing = closing.clone();
        while connections.try_join_next().is_some() {}
        connections.spawn(async move {
            let _slot = slot;
            let mut connection = std::pin::pin!(connection);
            let result = tokio::select! {
                result = connection.as_mut() => result,
                () = closing.cancelled() => {
                    connection.as_mut().graceful_shutdown();
                    connection.await
                }
            };
            if let Err(err) = result {
                tracing::debug!(error = %err, peer = %peer, "connection ended with an error");
            }
        });
    }
    drop(listener);
    closing.cancel();
    let drained = tokio::time::timeout(SHUTDOWN_GRACE, async { while connections.join_next().await.is_some() {} }).await;
    if drained.is_err() {
        tracing::warn!(open = connections.len(), "closing connections still open after the shutdown grace period");
        connections.shutdown().await;
    }
    Ok(())
}

fn request_timeout() -> Response {
    let body = ApiError { code: "request_timeout".into(), message: "The request body stopped arriving; send it again".into(), retry_after: None };
    let mut response = (StatusCode::REQUEST_TIMEOUT, axum::Json(body)).into_response();
    response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// Answers a connection over the per-address limit and closes it.
async fn refuse(mut stream: TcpStream) {
    use tokio::io::AsyncWriteExt;
    let body = r#"{"code":"too_many_connections","message":"Too many open connections from your address; close some and try again"}"#;
    let response = format!(
        "HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\ncontent-length: {}\r\nretry-after: 1\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(1), stream.write_all(response.as_bytes())).await;
    let _ = stream.shutdown().await;
}

/// Open connections per client address.
struct PerAddress {
    max: usize,
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One claimed connection; dropping it gives the place back.
struct Slot {
    counts: Arc<PerAddress>,
    ip: IpAddr,
}

impl PerAddress {
    fn new(max: usize) -> Self {
        Self { max, open: Mutex::default() }
    }

    fn claim(self: &Arc<Self>, ip: IpAddr) -> Option<Slot> {
        let mut open = self.open.lock().expect("connection counts");
        let n = open.entry(ip).or_default();
        if self.max > 0 && *n >= self.max {
            return None;
        }
        *n += 1;
        Some(Slot { counts: self.clone(), ip })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.counts.open.lock().expect("connection counts");
        if let Some(n) = open.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

/// A request body that fails once it has sent nothing for `idle`, and says so in `stalled`.
struct IdleBody<B> {
    inner: B,
    idle: Duration,
    timer: Option<Pin<Box<Sleep>>>,
    stalled: Arc<AtomicBool>,
}

impl<B> IdleBody<B> {
    fn new(inner: B, idle: Duration, stalled: Arc<AtomicBool>) -> Self {
        Self { inner, idle, timer: None, stalled }
    }
}

#[derive(Debug, thiserror::Error)]
#[error("the request body sent nothing for too long")]
struct BodyStalled;

impl<B> HttpBody for IdleBody<B>
where
    B: HttpBody + Unpin,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    type Data = B::Data;
    type Error = Box<dyn std::error::Error + Send + Sync>;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        let this = &mut *self;
        if let Poll::Ready(frame) = Pin::new(&mut this.inner).poll_frame(cx) {
            this.timer = None;
            return Poll::Ready(frame.map(|f| f.map_err(Into::into)));
        }
        let idle = this.idle;
        let timer = this.timer.get_or_insert_with(|| Box::pin(tokio::time::sleep(idle)));
        ready!(timer.as_mut().poll(cx));
        this.stalled.store(true, Ordering::Relaxed);
        Poll::Ready(Some(Err(Box::new(BodyStalled))))
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// A connection whose writes fail once the client has taken nothing for `idle`.
struct WriteIdle {
    stream: TcpStream,
    idle: Option<Duration>,
    timer: Option<Pin<Box<Sleep>>>,
}

impl WriteIdle {
    fn new(stream: TcpStream, idle: Option<Duration>) -> Self {
        Self { stream, idle, timer: None }
    }

    /// Polls a write-side operation; while it stays pending, the idle timer runs.
    fn guard<T>(&mut self, cx: &mut Context<'_>, poll: impl FnOnce(Pin<&mut TcpStream>, &mut Context<'_>) -> Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        match poll(Pin::new(&mut self.stream), cx) {
            Poll::Ready(result) => {
                self.timer = None;
                Poll::Ready(result)
            }
            Poll::Pending => {
                let Some(idle) = self.idle else { return Poll::Pending };
                let timer = self.timer.get_or_insert_with(|| Box::pin(tokio::time::sleep(idle)));
                ready!(timer.as_mut().poll(cx));
                Poll::Ready(Err(io::Error::new(io::ErrorKind::TimedOut, "the client stopped reading")))
            }
        }
    }
}

impl AsyncRead for WriteIdle {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for WriteIdle {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        self.guard(cx, |stream, cx| stream.poll_write(cx, buf))
    }

    fn poll_write_vectored(mut self: Pin<&mut Self>, cx: &mut Context<'_>, bufs: &[io::IoSlice<'_>]) -> Poll<io::Result<usize>> {
        self.guard(cx, |stream, cx| stream.poll_write_vectored(cx, bufs))
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.guard(cx, |stream, cx| stream.poll_flush(cx))
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_per_address_are_counted_and_given_back() {
        let counts = Arc::new(PerAddress::new(2));
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let first = counts.claim(a).unwrap();
        let _second = counts.claim(a).unwrap();
        assert!(counts.claim(a).is_none());
        assert!(counts.claim(b).is_some(), "another address has its own places");
        drop(first);
        assert!(counts.claim(a).is_some());
        let unlimited = Arc::new(PerAddress::new(0));
        let held: Vec<_> = (0..1000).map(|_| unlimited.claim(a).unwrap()).collect();
        assert_eq!(held.len(), 1000);
    }
}
