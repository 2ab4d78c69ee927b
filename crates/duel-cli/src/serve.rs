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
    /// Open the app in a browser: the command in $BROWSER (its first entry before a `:`;
    /// `%s` in it stands for the address, else the address is its last argument), else the
    /// system's default (xdg-open, open or explorer).
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

/// The command that opens `url`: from `browser` (the value of $BROWSER) where it names one,
/// else the system's opener.
fn opener(browser: Option<&str>, url: &str) -> (String, Vec<String>) {
    let first = browser
        .and_then(|b| b.split(':').next())
        .map(str::trim)
        .filter(|b| !b.is_empty());
    if let Some(command) = first {
        let mut words = command.split_whitespace().map(str::to_string);
        if let Some(program) = words.next() {
            let mut args: Vec<String> = words.collect();
            if args.iter().any(|a| a.contains("%s")) {
                for a in &mut args {
                    *a = a.replace("%s", url);
                }
            } else {
                args.push(url.to_string());
            }
            return (program, args);
        }
    }
    let program = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    (program.to_string(), vec![url.to_string()])
}

/// Asks a browser to open `url`; a failure only means the address must be opened by hand.
fn open_browser(url: &str) {
    let browser = std::env::var("BROWSER").ok();
    let (program, args) = opener(browser.as_deref(), url);
    if std::process::Command::new(&program)
        .args(&args)
        .spawn()
        .is_err()
    {
        let _ = writeln!(
            std::io::stderr(),
            "duel: could not start {program}; open {url} by hand"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::opener;

    #[test]
    fn browser_names_the_command_and_where_the_address_goes() {
        let url = "http://127.0.0.1:8080/";
        let words = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            opener(Some("firefox"), url),
            ("firefox".into(), words(&[url]))
        );
        assert_eq!(
            opener(Some("chromium --new-window %s:lynx"), url),
            ("chromium".into(), words(&["--new-window", url]))
        );
        let (system, args) = opener(Some(""), url);
        assert_eq!(args, words(&[url]));
        assert_eq!(opener(None, url).0, system);
    }
}
