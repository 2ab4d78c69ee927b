//! End-to-end, headless Chromium at a phone's 390×844 and a laptop's 1280×800: no page
//! scrolls sideways (the boards scale, the faces wrap) and the header stays within two lines.
//! Screenshots at 390 px go to `DUEL_SCREENSHOTS` (docs/img/), else a temporary folder.
//! Skipped where chromium or chromedriver is absent, unless `DUEL_REQUIRE_BROWSER=1`.

mod support;

use std::path::PathBuf;

use serde_json::json;

fn image(name: &str) -> PathBuf {
    std::env::var_os("DUEL_SCREENSHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("duel-screenshots"))
        .join(name)
}

const PAGES: [&str; 5] = ["board", "guesswho", "liar", "bidding", "explorer"];

/// For each page, what scrolls sideways at the window's width ([`support::Browser::sideways`]).
fn overflows(b: &support::Browser) -> Vec<String> {
    let mut found = Vec::new();
    for page in PAGES {
        b.click(&format!("#tab-{page}"));
        if let Some(why) = b.sideways() {
            found.push(format!("{page}: {why}"));
        }
    }
    found
}

/// The tabs not wholly in the window and in their bar, each as its label and its left and
/// right edges (a clipped label, or one the bar must scroll to).
fn clipped_tabs(b: &support::Browser) -> serde_json::Value {
    b.run(
        "const nav = document.querySelector('nav').getBoundingClientRect();\
         return [...document.querySelectorAll('nav button.tab')].map(t => [t.textContent, t.getBoundingClientRect()])\
           .filter(([_, r]) => r.left < Math.max(0, nav.left) - 0.5 || r.right > Math.min(window.innerWidth, nav.right) + 0.5)\
           .map(([name, r]) => [name, Math.round(r.left), Math.round(r.right)]);",
        json!([]),
    )
}

#[test]
fn no_page_scrolls_sideways_on_a_phone_or_a_laptop() {
    let Some(b) = support::browser() else { return };
    let addr = support::start_server();
    b.goto(&format!("http://{addr}/#board"));
    b.wait(
        "return document.body.dataset.ready === '1' && document.body.dataset.caroleReady === '1' \
         && document.body.dataset.biddingReady === '1';",
    );
    // Connect Four 7×6, the widest board of the page.
    b.run(
        "document.getElementById('board-game').value = 'connect:7x6:4';",
        json!([]),
    );
    b.click("#board-new");
    b.wait_in(
        support::BOARD,
        "return !board.busy && board.answer.game === 'connect:7x6:4';",
    );
    for (width, height) in [(390, 844), (1280, 800)] {
        b.resize(width, height);
        let inner = b.run("return window.innerWidth;", json!([]));
        assert!(
            inner.as_u64().unwrap() <= u64::from(width),
            "{inner} at {width}"
        );
        let found = overflows(&b);
        assert!(found.is_empty(), "at {width} px: {}", found.join("\n"));
        // Every tab's whole label is on screen, whichever tab was chosen last.
        assert_eq!(clipped_tabs(&b), json!([]), "at {width} px");
        // The header: the title and the tabs in at most two lines of tabs' height.
        let lines = b.run(
            "return document.querySelector('header').getBoundingClientRect().height \
             / document.querySelector('nav button.tab').getBoundingClientRect().height;",
            json!([]),
        );
        assert!(
            lines.as_f64().unwrap() < 2.5,
            "header of {lines} tabs' height at {width} px"
        );
        // Every column of the board is on screen.
        b.click("#tab-board");
        let right = b.run(
            "return document.querySelector('#board-svg rect.click[data-move=\"7\"]')\
             .getBoundingClientRect().right <= window.innerWidth;",
            json!([]),
        );
        assert_eq!(right, true, "column 7 at {width} px");
        if width == 390 {
            // A whole game of Connect 3 on 4×4 with the phone's taps.
            b.run(
                "document.getElementById('board-game').value = 'connect:4x4:3';",
                json!([]),
            );
            b.click("#board-new");
            loop {
                b.wait_in(
                    support::BOARD,
                    "return !board.busy && board.answer.game === 'connect:4x4:3';",
                );
                let a = b.run_in(support::BOARD, "return board.answer;", json!([]));
                if !a["outcome"].is_null() {
                    break;
                }
                let mv = a["legal"][0].as_str().unwrap().to_string();
                b.click(&format!("#board-svg rect.click[data-move='{mv}']"));
            }
            assert!(overflows(&b).is_empty());
            b.click("#tab-board");
            b.run(
                "document.getElementById('board-game').value = 'connect:7x6:4';",
                json!([]),
            );
            b.click("#board-new");
            b.wait_in(
                support::BOARD,
                "return !board.busy && board.answer.game === 'connect:7x6:4';",
            );
            b.screenshot(&image("phone-board.png"));
            b.click("#tab-guesswho");
            b.screenshot(&image("phone-guesswho.png"));
        }
    }
}
