//! Serving connections within limits: at most [`Limits::connections`] open at once (the
//! next ones wait in the system's accept queue), each closed when a request's headers do not
//! arrive within [`Limits::header_time`] (counted from the connection's start, and from the end
//! of the previous answer on a kept-alive connection: its idle timeout). hyper's HTTP/1
//! connection does both reads; the body's time is bounded where it is read
//! ([`crate::body::json_body`]).

use std::sync::Arc;
use std::time::Duration;

use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use crate::api::router;
use crate::work::Limits;

/// How long accepting pauses after the system refuses a connection (e.g. out of file
/// descriptors), before trying again.
const ACCEPT_PAUSE: Duration = Duration::from_millis(50);

/// Serves the app under `limits` on the connections of `listener`, until the process ends.
pub async fn listen(listener: TcpListener, limits: Limits) {
    let app = router(limits);
    let open = Arc::new(Semaphore::new(limits.connections.max(1)));
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_time)
        .keep_alive(true);
    loop {
        let Ok(permit) = open.clone().acquire_owned().await else {
            return;
        };
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(_) => {
                tokio::time::sleep(ACCEPT_PAUSE).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(app.clone());
        let connection = builder.serve_connection(TokioIo::new(stream), service);
        tokio::spawn(async move {
            // A connection's error (a timeout, a reset, bad bytes) ends only that connection.
            let _ = connection.await;
            drop(permit);
        });
    }
}
