//! The web app's files, embedded in the binary: one table of where each is served, its content
//! type and its bytes, and the routes made from it.

use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::work::Jobs;

const HTML: &str = "text/html; charset=utf-8";
/// The type a browser requires of a module script (`<script type="module">`).
const JAVASCRIPT: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";

/// One file of the app.
pub struct Asset {
    /// Where it is served.
    pub path: &'static str,
    /// Its content type.
    pub kind: &'static str,
    /// Its bytes.
    pub body: &'static [u8],
}

/// The app: the page, its style sheet, and its modules (web/app.js says what each holds).
pub const ASSETS: &[Asset] = &[
    Asset {
        path: "/",
        kind: HTML,
        body: include_bytes!("../web/index.html"),
    },
    Asset {
        path: "/app.css",
        kind: CSS,
        body: include_bytes!("../web/app.css"),
    },
    Asset {
        path: "/app.js",
        kind: JAVASCRIPT,
        body: include_bytes!("../web/app.js"),
    },
    Asset {
        path: "/shared.js",
        kind: JAVASCRIPT,
        body: include_bytes!("../web/shared.js"),
    },
    Asset {
        path: "/movelist.js",
        kind: JAVASCRIPT,
        body: include_bytes!("../web/movelist.js"),
    },
    Asset {
        path: "/keys.js",
        kind: JAVASCRIPT,
        body: include_bytes!("../web/keys.js"),
    },
    Asset {
        path: "/board.js",
        kind: JAVASCRIPT,
        body: include_bytes!("../web/board.js"),
    },
    Asset {
        path: "/guesswho.js",
        kind: JAVASCRIPT,
        body: include_bytes!("../web/guesswho.js"),
    },
    Asset {
        path: "/liar.js",
        kind: JAVASCRIPT,
        body: include_bytes!("../web/liar.js"),
    },
    Asset {
        path: "/bidding.js",
        kind: JAVASCRIPT,
        body: include_bytes!("../web/bidding.js"),
    },
    Asset {
        path: "/explorer.js",
        kind: JAVASCRIPT,
        body: include_bytes!("../web/explorer.js"),
    },
];

impl Asset {
    fn response(&'static self) -> Response {
        (
            [
                (header::CONTENT_TYPE, self.kind),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            self.body,
        )
            .into_response()
    }
}

/// A GET route for each file of [`ASSETS`], merged into the app's router.
pub fn routes() -> Router<Jobs> {
    ASSETS.iter().fold(Router::new(), |router, asset| {
        router.route(asset.path, get(move || async move { asset.response() }))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every file of web/ is in the table, at its name (the page at `/`), with the type of
    /// its extension and its bytes.
    #[test]
    fn the_table_serves_every_file_of_the_app() {
        let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("web");
        let mut files = 0;
        for entry in std::fs::read_dir(web).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap();
            let served = if name == "index.html" {
                "/".to_string()
            } else {
                format!("/{name}")
            };
            let asset = ASSETS
                .iter()
                .find(|a| a.path == served)
                .unwrap_or_else(|| panic!("web/{name} is not in ASSETS"));
            let kind = match path.extension().and_then(|e| e.to_str()) {
                Some("html") => HTML,
                Some("js") => JAVASCRIPT,
                Some("css") => CSS,
                other => panic!("web/{name}: no content type for {other:?}"),
            };
            assert_eq!(asset.kind, kind, "{name}");
            assert_eq!(asset.body, std::fs::read(&path).unwrap(), "{name}");
            files += 1;
        }
        assert_eq!(files, ASSETS.len());
    }
}
