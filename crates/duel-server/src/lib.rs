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
    return_large_blocks();
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

/// Makes glibc give every block of 1 MiB or more its own mapping, returned to the system when
/// freed. By default glibc raises that threshold each time such a block is freed, up to
/// 32 MiB, so the tables of a flood of requests, once freed, were kept in its heaps: the
/// resident memory stayed at the flood's peak.
fn return_large_blocks() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a parameter of the allocator.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
    }
}

/// Gives the system back the free pages of every glibc heap, after a computation freed its
/// tables (small blocks are kept in per-thread heaps, which glibc does not shrink by itself).
pub(crate) fn return_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases memory the allocator holds free.
    unsafe {
        libc::malloc_trim(0);
    }
}
