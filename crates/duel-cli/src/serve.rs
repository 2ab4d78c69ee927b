//! `duel serve`: starts the web app and its JSON API (crate duel-server) and prints the
//! address to open.

use std::io::Write;
use std::net::SocketAddr;
use std::process::ExitCode;

use anyhow::Context;

use crate::Ctx;

/// Arguments of `duel serve`.
#[derive(clap::Args)]
pub struct Args {
    /// The address to listen on; loopback unless another is given (port 0: any free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Open the app in the default browser (xdg-open, open or start).
    #[arg(long)]
    open: bool,
}

pub fn run(args: Args, _ctx: &Ctx) -> anyhow::Result<ExitCode> {
    let open = args.open;
    duel_server::serve(args.addr, |bound| {
        let url = format!("http://{bound}/");
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "duel: serving the web app on {url} (Ctrl-C stops)");
        let _ = out.flush();
        if open {
            open_browser(&url);
        }
    })
    .with_context(|| format!("cannot serve on {}", args.addr))?;
    Ok(ExitCode::SUCCESS)
}

/// Asks the system to open `url`; a failure only means the address must be opened by hand.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if std::process::Command::new(opener).arg(url).spawn().is_err() {
        let _ = writeln!(
            std::io::stderr(),
            "duel: could not start {opener}; open {url} by hand"
        );
    }
}
