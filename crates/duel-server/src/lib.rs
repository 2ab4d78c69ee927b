//! `duel serve`: a JSON API under `/api/` and a web app embedded in the binary (HTML, CSS and
//! plain JavaScript; no build step) to play duel's games against the optimal player. The
//! server only calls the library: each endpoint parses its request, runs one library function
//! off the async threads, and returns the library's answer as JSON (docs/api.md).
//!
//! It keeps no state between requests: a page sends the whole game (its setup and every move)
//! each time, and the answer says what to show.
//!
//! ```
//! use axum::body::{to_bytes, Body};
//! use axum::http::Request;
//! use duel_server::{router, Limits};
//! use tower::ServiceExt;
//!
//! let runtime = tokio::runtime::Runtime::new().unwrap();
//! let body = runtime.block_on(async {
//!     let request = Request::post("/api/play/values")
//!         .header("content-type", "application/json")
//!         .body(Body::from(r#"{"game":"tictactoe","moves":"12"}"#))
//!         .unwrap();
//!     let response = router(Limits::default()).oneshot(request).await.unwrap();
//!     assert_eq!(response.status(), 200);
//!     to_bytes(response.into_body(), 1 << 20).await.unwrap()
//! });
//! let answer: serde_json::Value = serde_json::from_slice(&body).unwrap();
//! // After X on 1 and O on 2 the first player wins: the centre keeps the win.
//! let centre = answer["moves"].as_array().unwrap().iter().find(|m| m["move"] == "5");
//! assert_eq!(centre.unwrap()["value"], "win");
//! ```

#![warn(missing_docs)]

mod api;
mod assets;
mod bidding;
mod body;
mod connect;
mod error;
mod work;

use std::net::SocketAddr;

pub use api::router;
pub use error::ApiError;
pub use work::Limits;

/// Serves the app on `addr` until the process ends; `ready` is called with the address bound
/// (the port chosen by the system when `addr` has port 0) before the first request is taken.
pub fn serve(addr: SocketAddr, ready: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        ready(listener.local_addr()?);
        axum::serve(listener, router(Limits::default())).await
    })
}
