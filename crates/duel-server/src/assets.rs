//! The web app's files, embedded in the binary.

use axum::http::header;
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("../web/index.html");
const SCRIPT: &str = include_str!("../web/app.js");
const STYLE: &str = include_str!("../web/app.css");
const CAROLE: &str = include_str!("../web/carole.js");
const BIDDING: &str = include_str!("../web/bidding.js");

fn file(kind: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// `/`: the page.
pub async fn index() -> Response {
    file("text/html; charset=utf-8", INDEX)
}

/// `/app.js`: the script.
pub async fn script() -> Response {
    file("text/javascript; charset=utf-8", SCRIPT)
}

/// `/app.css`: the style sheet.
pub async fn style() -> Response {
    file("text/css; charset=utf-8", STYLE)
}

/// `/carole.js`: the liar game's page for the person as Carole.
pub async fn carole() -> Response {
    file("text/javascript; charset=utf-8", CAROLE)
}

/// `/bidding.js`: the bidding page's script.
pub async fn bidding_script() -> Response {
    file("text/javascript; charset=utf-8", BIDDING)
}
