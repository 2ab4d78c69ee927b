//! The report's "Play it" part: the web app of `duel serve`, shown by the screenshots its
//! browser tests take (`DUEL_SCREENSHOTS=docs/img`, in `crates/duel-server/tests`). The images
//! are built into the library, written beside `index.md` and embedded in `index.html`.

use std::path::Path;

use crate::html;

/// A screenshot: its file name in the report folder, its PNG bytes and what it shows.
pub struct Screenshot {
    /// The file name, e.g. `play-guesswho.png`.
    pub file_name: &'static str,
    /// The PNG image.
    pub png: &'static [u8],
    /// One sentence on what the page shows.
    pub caption: &'static str,
}

/// The pages of the web app, one screenshot each.
pub const SCREENSHOTS: &[Screenshot] = &[
    Screenshot {
        file_name: "play-guesswho.png",
        png: include_bytes!("../../../docs/img/guesswho.png"),
        caption: "Guess Who against the optimal player on a board of generated faces, with your exact probability of winning before and after each move.",
    },
    Screenshot {
        file_name: "play-bidding.png",
        png: include_bytes!("../../../docs/img/bidding.png"),
        caption: "Bidding tic-tac-toe against the optimal bidder: your threshold against your chips, the critical bid and the best move (Develin & Payne, section 1.1).",
    },
    Screenshot {
        file_name: "play-liar.png",
        png: include_bytes!("../../../docs/img/liar.png"),
        caption: "The liar game as Paul against the worst adversary, with the Berlekamp volume against 2^q after each answer.",
    },
    Screenshot {
        file_name: "play-liar-carole.png",
        png: include_bytes!("../../../docs/img/liar-carole.png"),
        caption: "The liar game as Carole: 100 numbers, two lies told, and duel finds the number within the fewest questions.",
    },
    Screenshot {
        file_name: "play-tictactoe.png",
        png: include_bytes!("../../../docs/img/board-tictactoe.png"),
        caption: "Tic-tac-toe against a chosen agent, the last move and the winning line marked.",
    },
    Screenshot {
        file_name: "play-connect4.png",
        png: include_bytes!("../../../docs/img/board-connect4-scores.png"),
        caption: "Connect Four against the solver, with its exact score of every column (as Pons's online solver shows them) once the position can be solved within the server's time cap, and win, draw or loss before.",
    },
    Screenshot {
        file_name: "play-explorer.png",
        png: include_bytes!("../../../docs/img/explorer.png"),
        caption: "The explorer: the Guess Who heatmaps of P(n, m), with each square's value and optimal moves on hover.",
    },
];

/// The heading's anchor, for the contents.
const ANCHOR: &str = "play-it";

/// Where the part goes in `index.md`: before the references.
const BEFORE: &str = "## <a id=\"references\"></a>References";

/// The part's Markdown: the command, then each screenshot with its sentence.
pub fn markdown() -> String {
    let mut md = format!("## <a id=\"{ANCHOR}\"></a>Play it\n\n");
    md.push_str(
        "Every game of the papers can be played against a perfect opponent in a local web app: \
         run `duel serve` and open the address it prints (`duel serve --open` opens it in the \
         browser of `$BROWSER`). The screenshots are taken by the app's tests in headless \
         Chromium.\n\n",
    );
    for s in SCREENSHOTS {
        md.push_str(&format!(
            "{}\n\n![{}]({})\n\n",
            s.caption, s.caption, s.file_name
        ));
    }
    md
}

/// `index` (the report's `index.md`) with the part before the references and in the contents.
pub fn with_play_section(index: String) -> String {
    let contents = "- [References](#references)\n";
    let index = index.replacen(contents, &format!("- [Play it](#{ANCHOR})\n{contents}"), 1);
    match index.find(BEFORE) {
        Some(at) => format!("{}{}{}", &index[..at], markdown(), &index[at..]),
        None => index + "\n" + &markdown(),
    }
}

/// `page` (the report's `index.html`) with the screenshots embedded as `data:` URIs.
pub fn embed_screenshots(page: String) -> String {
    SCREENSHOTS.iter().fold(page, |page, s| {
        page.replace(
            &format!("src=\"{}\"", s.file_name),
            &format!("src=\"data:image/png;base64,{}\"", html::base64(s.png)),
        )
    })
}

/// Writes the screenshots into the report folder `dir`.
pub fn write_screenshots(dir: &Path) -> std::io::Result<()> {
    for s in SCREENSHOTS {
        std::fs::write(dir.join(s.file_name), s.png)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_screenshots_are_pngs_shown_and_embedded() {
        for s in SCREENSHOTS {
            assert!(s.png.starts_with(b"\x89PNG\r\n\x1a\n"), "{}", s.file_name);
        }
        let index = with_play_section(format!(
            "# r\n\n- [Summary](#summary)\n- [References](#references)\n\n{BEFORE}\n\nrefs\n"
        ));
        assert!(index.contains("- [Play it](#play-it)\n- [References](#references)"));
        let play = index.find("Play it\n\n").unwrap();
        assert!(play < index.find(BEFORE).unwrap());
        assert!(index.contains("`duel serve`"));
        let page = embed_screenshots(html::page("t", &index, &[]));
        for s in SCREENSHOTS {
            assert!(index.contains(&format!("]({})", s.file_name)));
            assert!(!page.contains(&format!("src=\"{}\"", s.file_name)));
        }
        assert_eq!(
            page.matches("src=\"data:image/png;base64,").count(),
            SCREENSHOTS.len()
        );
    }
}
