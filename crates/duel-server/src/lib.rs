#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

mod api;
mod assets;
mod bidding;
mod body;
mod connect;
mod error;
mod listen;
mod work;

use std::net::SocketAddr;

pub use api::router;
pub use error::ApiError;
pub use work::Limits;

/// Serves the app on `addr` under the default [`Limits`] until the process ends; `ready` is
/// called with the address bound (the port chosen by the system when `addr` has port 0)
/// before the first request is taken.
pub fn serve(addr: SocketAddr, ready: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    serve_with(addr, Limits::default(), ready)
}

/// [`serve`] under `limits`: of each request, each connection and the work running at once.
pub fn serve_with(
    addr: SocketAddr,
    limits: Limits,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        ready(listener.local_addr()?);
        listen::listen(listener, limits).await;
        Ok(())
    })
}
