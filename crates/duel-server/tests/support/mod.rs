//! What the server's tests share: a server on a free loopback port, raw HTTP/1.1 requests
//! over a socket, and a small WebDriver client for headless Chromium.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use serde_json::{json, Value};

/// Starts a server on a free loopback port in a thread of this process; its address.
pub fn start_server() -> SocketAddr {
    start_server_with(duel_server::Limits::default())
}

/// [`start_server`] under `limits`.
pub fn start_server_with(limits: duel_server::Limits) -> SocketAddr {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        duel_server::serve_with("127.0.0.1:0".parse().unwrap(), limits, |addr| {
            tx.send(addr).unwrap();
        })
        .unwrap();
    });
    rx.recv_timeout(Duration::from_secs(10)).unwrap()
}

/// One HTTP response.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: String,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }
}

/// Sends `raw` bytes to `addr` and reads one answer: its headers, then `Content-Length`
/// bytes, or chunks to the last one, or to the end of the connection.
pub fn raw_request(addr: SocketAddr, raw: &[u8]) -> std::io::Result<Reply> {
    let mut s = TcpStream::connect(addr)?;
    s.set_read_timeout(Some(Duration::from_secs(120)))?;
    s.write_all(raw)?;
    let mut out = Vec::new();
    let mut buf = [0u8; 8192];
    let mut header_end = None;
    loop {
        if let Some(end) = header_end {
            let headers = String::from_utf8_lossy(&out[..end]).to_ascii_lowercase();
            let length = headers
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .and_then(|v| v.trim().parse::<usize>().ok());
            if length.is_some_and(|n| out.len() >= end + 4 + n)
                || (headers.contains("transfer-encoding: chunked")
                    && out[end + 4..].ends_with(b"0\r\n\r\n"))
            {
                break;
            }
        }
        let got = s.read(&mut buf)?;
        if got == 0 {
            break;
        }
        out.extend_from_slice(&buf[..got]);
        if header_end.is_none() {
            header_end = out.windows(4).position(|w| w == b"\r\n\r\n");
        }
    }
    let split = header_end.ok_or_else(|| std::io::Error::other("no header end"))?;
    let headers = String::from_utf8_lossy(&out[..split]).to_string();
    let status = headers
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other("no status"))?;
    let mut body = out[split + 4..].to_vec();
    if headers
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        body = dechunk(&body);
    }
    Ok(Reply {
        status,
        headers,
        body,
    })
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(end) = data.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size =
            usize::from_str_radix(String::from_utf8_lossy(&data[..end]).trim(), 16).unwrap_or(0);
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&data[end + 2..end + 2 + size]);
        data = &data[end + 4 + size..];
    }
}

/// A request with `method`, `path` and a body, `Connection: close`.
pub fn request(addr: SocketAddr, method: &str, path: &str, body: &str) -> Reply {
    let raw = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    raw_request(addr, raw.as_bytes()).unwrap()
}

/// Decodes standard base64 (WebDriver's screenshots).
pub fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let digits: Vec<u8> = text.bytes().filter_map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let mut n = 0u32;
        for (i, &d) in chunk.iter().enumerate() {
            n |= u32::from(d) << (18 - 6 * i);
        }
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..chunk.len().saturating_sub(1)]);
    }
    out
}

/// One of the web app's modules and the names of its exports the tests read. The pages share
/// nothing through globals, so a test's script reaches a page's state through `import()` of
/// its module, which gives the page's own instance (one instance a URL).
#[derive(Clone, Copy)]
pub struct Module {
    pub path: &'static str,
    pub names: &'static str,
}

/// The Connect-K and tic-tac-toe page: its game, the turn that sends it, and the start of a
/// game of the controls from given moves.
pub const BOARD: Module = Module {
    path: "/board.js",
    names: "board, turn, start",
};
/// The Guess Who page's game.
pub const GUESS_WHO: Module = Module {
    path: "/guesswho.js",
    names: "gw",
};
/// The liar game's page: the person as Paul, and as Carole.
pub const LIAR: Module = Module {
    path: "/liar.js",
    names: "liar, carole",
};
/// The bidding page's game.
pub const BIDDING: Module = Module {
    path: "/bidding.js",
    names: "bidding",
};

impl Module {
    /// `script` (a function body) with the module's names in scope, as a script whose value
    /// is a promise: WebDriver waits for it and answers its value.
    fn wrap(self, script: &str) -> String {
        format!(
            "return import('{}').then(({{ {} }}) => {{ {script} }});",
            self.path, self.names
        )
    }
}

/// WebDriver's key for Enter, for [`Browser::type_keys`] and [`Browser::keys`].
pub const ENTER: &str = "\u{E007}";
/// WebDriver's Tab key.
pub const TAB: &str = "\u{E004}";
/// WebDriver's arrow keys.
pub const LEFT: &str = "\u{E012}";
pub const UP: &str = "\u{E013}";
pub const RIGHT: &str = "\u{E014}";
pub const DOWN: &str = "\u{E015}";

/// Headless Chromium driven through chromedriver.
pub struct Browser {
    driver: std::process::Child,
    addr: SocketAddr,
    session: String,
    _profile: TempDir,
}

/// A folder removed when dropped.
pub struct TempDir(pub std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The browser, or `None` (and a line on stderr saying why) when chromium or chromedriver is
/// absent; with `DUEL_REQUIRE_BROWSER=1` their absence fails the test.
pub fn browser() -> Option<Browser> {
    let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists());
    let driver = "/usr/bin/chromedriver";
    let (Some(chromium), true) = (chromium, std::path::Path::new(driver).exists()) else {
        let why = "chromium or /usr/bin/chromedriver is absent (apt-get install chromium chromium-driver)";
        if std::env::var("DUEL_REQUIRE_BROWSER").as_deref() == Ok("1") {
            panic!("DUEL_REQUIRE_BROWSER=1 but {why}");
        }
        eprintln!("skipped: {why}");
        return None;
    };
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = std::process::Command::new(driver)
        .arg(format!("--port={port}"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let profile =
        TempDir(std::env::temp_dir().join(format!("duel-chromium-{}-{port}", std::process::id())));
    let mut b = Browser {
        driver: child,
        addr,
        session: String::new(),
        _profile: profile,
    };
    for _ in 0..100 {
        if raw_request(
            addr,
            b"GET /status HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        )
        .is_ok()
        {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let caps = json!({"capabilities": {"alwaysMatch": {
        "browserName": "chrome",
        "goog:loggingPrefs": {"browser": "SEVERE"},
        "goog:chromeOptions": {
            "binary": chromium,
            "args": ["--headless", "--no-sandbox", "--disable-gpu",
                     "--disable-background-networking", "--disable-component-update",
                     "--disable-sync", "--no-first-run", "--window-size=1400,1100",
                     format!("--user-data-dir={}", b._profile.0.display())],
        }
    }}});
    let v = b.call("POST", "/session", &caps);
    b.session = v["sessionId"].as_str().expect("a session").to_string();
    Some(b)
}

impl Browser {
    fn call(&self, method: &str, path: &str, body: &Value) -> Value {
        let text = if method == "GET" {
            String::new()
        } else {
            body.to_string()
        };
        let r = request(self.addr, method, path, &text);
        let v = r.json();
        assert!(r.status < 300, "webdriver {method} {path}: {v}");
        v["value"].clone()
    }

    fn at(&self, rest: &str) -> String {
        format!("/session/{}{rest}", self.session)
    }

    pub fn goto(&self, url: &str) {
        self.call("POST", &self.at("/url"), &json!({ "url": url }));
    }

    /// Runs `script` (a function body; `arguments` holds `args`) and returns its value.
    pub fn run(&self, script: &str, args: Value) -> Value {
        self.call(
            "POST",
            &self.at("/execute/sync"),
            &json!({ "script": script, "args": args }),
        )
    }

    /// Runs `script` with the names of `module` in scope ([`Module`]) and returns its value.
    pub fn run_in(&self, module: Module, script: &str, args: Value) -> Value {
        self.run(&module.wrap(script), args)
    }

    /// Waits until `script`, with the names of `module` in scope, returns true (at most 60 s).
    pub fn wait_in(&self, module: Module, script: &str) {
        self.wait(&module.wrap(script));
    }

    /// Waits until `script` returns true (at most 60 s).
    pub fn wait(&self, script: &str) {
        for _ in 0..600 {
            if self.run(script, json!([])) == json!(true) {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("timed out waiting for {script}");
    }

    fn element(&self, css: &str) -> String {
        let v = self.call(
            "POST",
            &self.at("/element"),
            &json!({ "using": "css selector", "value": css }),
        );
        v.as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .expect("an element")
            .to_string()
    }

    /// Clicks the element `css` selects, as a person would.
    pub fn click(&self, css: &str) {
        let id = self.element(css);
        self.call(
            "POST",
            &self.at(&format!("/element/{id}/click")),
            &json!({}),
        );
    }

    /// Types `text` into the element `css` selects, as a person would (WebDriver's keys:
    /// [`ENTER`] for Enter).
    pub fn type_keys(&self, css: &str, text: &str) {
        let id = self.element(css);
        self.call(
            "POST",
            &self.at(&format!("/element/{id}/value")),
            &json!({ "text": text }),
        );
    }

    /// The visible text of `css`.
    pub fn text(&self, css: &str) -> String {
        let id = self.element(css);
        self.call("GET", &self.at(&format!("/element/{id}/text")), &json!({}))
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// The serious and critical violations axe-core (vendored in `support/axe/`) finds in the
    /// page as shown, each as "rule: what (the first elements' selectors)".
    pub fn axe_violations(&self) -> Vec<String> {
        let engine = include_str!("axe/axe.min.js");
        let script = format!(
            "{engine}\n;return axe.run(document).then(r => r.violations\
             .filter(v => v.impact === 'serious' || v.impact === 'critical')\
             .map(v => v.id + ': ' + v.help + ' (' + v.nodes.slice(0, 4)\
                .map(n => n.target.join(' ')).join(', ') + ')'));"
        );
        let v = self.run(&script, json!([]));
        v.as_array()
            .expect("axe's violations")
            .iter()
            .map(|x| x.as_str().unwrap_or_default().to_string())
            .collect()
    }

    /// Presses `keys` one after the other on the element that has the focus, as a person at
    /// the keyboard does (WebDriver's key codes: [`ENTER`], [`TAB`], the arrows).
    pub fn keys(&self, keys: &str) {
        let mut actions = Vec::new();
        for k in keys.chars() {
            actions.push(json!({"type": "keyDown", "value": k.to_string()}));
            actions.push(json!({"type": "keyUp", "value": k.to_string()}));
        }
        self.call(
            "POST",
            &self.at("/actions"),
            &json!({"actions": [{"type": "key", "id": "keyboard", "actions": actions}]}),
        );
    }

    /// The page's console errors since the last call (chromedriver's browser log, entries
    /// of level SEVERE), each as its message.
    pub fn console_errors(&self) -> Vec<String> {
        let v = self.call("POST", &self.at("/se/log"), &json!({ "type": "browser" }));
        v.as_array()
            .map(|entries| {
                entries
                    .iter()
                    .filter(|e| e["level"] == "SEVERE")
                    .map(|e| e["message"].as_str().unwrap_or_default().to_string())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Sets the window to `width`×`height` CSS pixels.
    pub fn resize(&self, width: u32, height: u32) {
        self.call(
            "POST",
            &self.at("/window/rect"),
            &json!({ "width": width, "height": height }),
        );
    }

    /// What scrolls the page sideways at the window's width: `None` where nothing does, else
    /// the page's width, the window's and the first element past the window's right edge.
    pub fn sideways(&self) -> Option<String> {
        let v = self.run(
            "const w = window.innerWidth, d = document.documentElement.scrollWidth;\
             if (d <= w) return null;\
             let worst = '';\
             for (const e of document.querySelectorAll('body *')) {\
               const r = e.getBoundingClientRect();\
               if (r.right > w + 0.5 && r.width > 0) { worst = (e.id || e.tagName) + ' to ' + Math.round(r.right); break; }\
             }\
             return 'the page is ' + d + ' px wide in a window of ' + w + ': ' + worst;",
            json!([]),
        );
        v.as_str().map(str::to_string)
    }

    /// The board page's game played to its end, the person always taking the first legal
    /// move with a click on it; the last answer.
    pub fn play_board(&self) -> Value {
        loop {
            self.wait_in(BOARD, "return !board.busy && board.answer !== null;");
            let a = self.run_in(BOARD, "return board.answer;", json!([]));
            if !a["outcome"].is_null() {
                return a;
            }
            let mv = a["legal"][0].as_str().unwrap().to_string();
            self.click(&format!("#board-svg rect.click[data-move='{mv}']"));
        }
    }

    /// Paul's question of the liar page after `asked` questions: every other number of
    /// each class of charged lies (from `answer`, the page's answer now), asked; waits for
    /// the page to take it.
    pub fn ask_every_other(&self, answer: &Value, asked: usize) {
        let charged: Vec<u64> = answer["charged"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .collect();
        for class in 0..=1 {
            let members: Vec<usize> = (0..charged.len())
                .filter(|&i| charged[i] == class)
                .collect();
            for i in members.iter().step_by(2) {
                self.click(&format!("#num-{}", i + 1));
            }
        }
        self.click("#liar-ask");
        self.wait_in(
            LIAR,
            &format!("return liar.answer.rounds.length === {};", asked + 1),
        );
    }

    /// Saves a PNG of the page to `path`.
    pub fn screenshot(&self, path: &std::path::Path) {
        let v = self.call("GET", &self.at("/screenshot"), &json!({}));
        let png = base64_decode(v.as_str().unwrap());
        assert_eq!(&png[1..4], b"PNG");
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, png).unwrap();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = request(self.addr, "DELETE", &self.at(""), "");
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}
