//! The report as one self-contained web page: the Markdown rendered by pulldown-cmark, each
//! figure embedded as a `data:` URI (so the file works alone, without the folder and without a
//! network), links between the report's pages pointing at their `.html` twins, inline CSS.

use pulldown_cmark::{html, CowStr, Event, Options, Parser, Tag, TagEnd};

use crate::Figure;

/// The page's style: readable text width, wide tables scroll sideways.
const CSS: &str = "body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;line-height:1.45;margin:0;color:#1b1b1b;background:#fff}main{max-width:72rem;margin:0 auto;padding:1rem 1.5rem 4rem}table{border-collapse:collapse;display:block;overflow-x:auto;margin:0.8rem 0;font-size:0.9rem}th,td{border:1px solid #ccc;padding:0.25rem 0.5rem;vertical-align:top}th{background:#f2f2f2}tr:nth-child(even) td{background:#fafafa}code{font-size:0.9em;background:#f4f4f4;padding:0 0.2em}img{max-width:100%;height:auto}h2{border-bottom:2px solid #ddd;padding-bottom:0.2rem;margin-top:2.5rem}a{color:#0645ad}";

/// `markdown` as a whole HTML page titled `title`; images naming one of `figures` by file name
/// are embedded.
pub fn page(title: &str, markdown: &str, figures: &[&Figure]) -> String {
    let mut body = String::new();
    html::push_html(&mut body, embed(markdown, figures).into_iter());
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<style>{CSS}</style>\n</head>\n<body>\n<main>\n{body}</main>\n</body>\n</html>\n",
        escape(title)
    )
}

/// The events of `markdown`, with figures replaced by embedded images and `.md` links by
/// `.html` ones.
fn embed<'a>(markdown: &'a str, figures: &[&Figure]) -> Vec<Event<'a>> {
    let mut out = Vec::new();
    // An image being read: its figure and its alt text so far.
    let mut image: Option<(&Figure, String)> = None;
    for event in Parser::new_ext(markdown, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::Image { ref dest_url, .. }) => {
                match figures.iter().find(|f| f.file_name == dest_url.as_ref()) {
                    Some(f) => image = Some((f, String::new())),
                    None => out.push(event),
                }
            }
            Event::End(TagEnd::Image) if image.is_some() => {
                if let Some((f, alt)) = image.take() {
                    out.push(Event::InlineHtml(CowStr::from(format!(
                        "<img src=\"data:image/svg+xml;base64,{}\" alt=\"{}\">",
                        base64(f.svg.as_bytes()),
                        escape(&alt)
                    ))));
                }
            }
            Event::Text(ref t) | Event::Code(ref t) if image.is_some() => {
                if let Some((_, alt)) = image.as_mut() {
                    alt.push_str(t);
                }
            }
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => out.push(Event::Start(Tag::Link {
                link_type,
                dest_url: html_twin(dest_url),
                title,
                id,
            })),
            other => {
                if image.is_none() {
                    out.push(other);
                }
            }
        }
    }
    out
}

/// `index.md#x` → `index.html#x`, for the report's own pages; other links unchanged.
fn html_twin(url: CowStr<'_>) -> CowStr<'_> {
    for page in ["index", "differences"] {
        let md = format!("{page}.md");
        if url.as_ref() == md || url.starts_with(&format!("{md}#")) {
            return CowStr::from(url.replacen(&md, &format!("{page}.html"), 1));
        }
    }
    url
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Standard base64 with padding (RFC 4648).
pub(crate) fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> shift) as usize & 63] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_pads() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }

    #[test]
    fn figures_are_embedded_and_pages_linked() {
        let f = Figure {
            file_name: "a.svg".into(),
            caption: "c".into(),
            svg: "<svg/>".into(),
        };
        let html = page(
            "t",
            "![the *alt*](a.svg) [d](differences.md#x) [i](index.md) [o](other.md)\n\n| a |\n| --- |\n| 1 |\n",
            &[&f],
        );
        assert!(html.contains(&format!(
            "<img src=\"data:image/svg+xml;base64,{}\" alt=\"the alt\">",
            base64(b"<svg/>")
        )));
        assert!(html.contains("href=\"differences.html#x\""));
        assert!(html.contains("href=\"index.html\""));
        assert!(html.contains("href=\"other.md\""));
        assert!(html.contains("<table>"));
        assert!(!html.contains("a.svg"));
    }
}
