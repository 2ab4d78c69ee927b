//! Rasterising the in-memory SVG figures to PNG, with text, on any machine.
//!
//! The text is drawn with DejaVu Sans, embedded in the library (`assets/fonts/`, with its
//! licence), and only that font is loaded: system fonts are never consulted, so a machine with
//! no fonts at all draws the labels, and every machine draws the same pixels. Every font
//! family the SVG names (`sans-serif`, `serif`, `Arial`, ...) resolves to that font.

use std::sync::{Arc, OnceLock};

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{fontdb, Options, Tree};

/// DejaVu Sans 2.37 (Bitstream Vera licence, see `assets/fonts/LICENSE-DejaVu.txt`).
const FONT: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");

/// The family name inside [`FONT`].
const FAMILY: &str = "DejaVu Sans";

/// The widest and tallest image drawn, in pixels (a 16384 × 16384 RGBA image needs 1 GiB).
pub const MAX_SIDE_PX: u32 = 16_384;

/// Why an SVG document could not be turned into a PNG.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    /// The SVG document could not be parsed.
    #[error("cannot read the SVG document: {0}")]
    Svg(String),
    /// The requested width is zero or too large, or the height it implies is.
    #[error(
        "a PNG of {width} × {height} pixels cannot be drawn: each side must be between 1 and \
         {MAX_SIDE_PX} pixels (this one would need {bytes} bytes of memory)"
    )]
    Size {
        /// The width asked for.
        width: u32,
        /// The height that keeps the document's aspect ratio.
        height: u64,
        /// The memory of the RGBA image.
        bytes: u128,
    },
    /// The PNG encoder failed.
    #[error("cannot encode the PNG: {0}")]
    Encode(String),
    /// Less memory is left than the drawing takes ([`memory_needed`]).
    #[error(transparent)]
    Memory(#[from] duel_core::limits::TooLarge),
}

/// The memory drawing an SVG of `svg_bytes` bytes `width_px` pixels wide takes: the parsed
/// tree about 16 bytes for each byte of SVG (measured on Nica's Figure 1: 1.4 MB of SVG
/// peaked at 36 MB, 5.6 MB at 109 MB), the canvas and its encoding 4 bytes a pixel each, for
/// a height of up to twice the width, and 8 MiB for the font and the rest.
pub fn memory_needed(svg_bytes: usize, width_px: u32) -> u128 {
    let pixels = 2 * u128::from(width_px) * u128::from(width_px);
    16 * svg_bytes as u128 + 8 * pixels + (8 << 20)
}

/// The font database: the embedded font only, standing for every generic family.
fn font_db() -> Arc<fontdb::Database> {
    static DB: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = fontdb::Database::new();
        db.load_font_data(FONT.to_vec());
        db.set_serif_family(FAMILY);
        db.set_sans_serif_family(FAMILY);
        db.set_monospace_family(FAMILY);
        db.set_cursive_family(FAMILY);
        db.set_fantasy_family(FAMILY);
        Arc::new(db)
    })
    .clone()
}

/// Draws `svg` on a transparent canvas `width_px` pixels wide (the height keeps the document's
/// aspect ratio).
fn render(svg: &str, width_px: u32) -> Result<Pixmap, PngError> {
    let options = Options {
        font_family: FAMILY.to_string(),
        fontdb: font_db(),
        ..Options::default()
    };
    let tree = Tree::from_str(svg, &options).map_err(|e| PngError::Svg(e.to_string()))?;
    let size = tree.size();
    let scale = f64::from(width_px) / f64::from(size.width());
    let height = (f64::from(size.height()) * scale).round().max(1.0);
    let height = if height.is_finite() && height < u64::MAX as f64 {
        height as u64
    } else {
        u64::MAX
    };
    let too_big = PngError::Size {
        width: width_px,
        height,
        bytes: 4 * u128::from(width_px) * u128::from(height),
    };
    if width_px == 0 || width_px > MAX_SIDE_PX || height > u64::from(MAX_SIDE_PX) {
        return Err(too_big);
    }
    let mut pixmap = Pixmap::new(width_px, height as u32).ok_or(too_big)?;
    let scale = scale as f32;
    resvg::render(
        &tree,
        Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// Rasterises the SVG document `svg` (text included) to a PNG file's bytes, `width_px` pixels
/// wide; the height keeps the document's aspect ratio. Areas the SVG leaves unpainted are
/// transparent.
pub fn svg_to_png(svg: &str, width_px: u32) -> Result<Vec<u8>, PngError> {
    if let Some(left) = duel_core::limits::available_memory() {
        let need = memory_needed(svg.len(), width_px);
        duel_core::limits::check_memory("drawing the PNG", need, left)?;
    }
    render(svg, width_px)?
        .encode_png()
        .map_err(|e| PngError::Encode(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];

    fn decode(png: &[u8]) -> Pixmap {
        assert_eq!(png[..8], SIGNATURE, "PNG signature");
        Pixmap::decode_png(png).expect("a valid PNG")
    }

    /// Pixels with some ink (alpha > 0) on the transparent canvas.
    fn inked(p: &Pixmap) -> usize {
        p.pixels().iter().filter(|c| c.alpha() > 0).count()
    }

    fn text_only(family: &str) -> String {
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50">
<text x="10" y="35" font-family="{family}" font-size="24" fill="black">P(n, m) ∞</text></svg>"#
        )
    }

    #[test]
    fn png_has_signature_and_requested_size() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">
<rect width="200" height="100" fill="white"/>
<text x="10" y="50" font-family="sans-serif" font-size="20">label</text></svg>"#;
        for (w, h) in [(200, 100), (400, 200), (101, 51)] {
            let p = decode(&svg_to_png(svg, w).unwrap());
            assert_eq!((p.width(), p.height()), (w, h));
            // The white rectangle covers everything.
            assert_eq!(inked(&p), (w * h) as usize);
        }
    }

    #[test]
    fn text_alone_draws_pixels_for_every_family() {
        let empty = r#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50"></svg>"#;
        assert_eq!(inked(&decode(&svg_to_png(empty, 200).unwrap())), 0);
        // Generic families, a named family that is not embedded, and the embedded one: all
        // resolve to the embedded font, so they draw the very same pixels.
        let reference = decode(&svg_to_png(&text_only("sans-serif"), 200).unwrap());
        let ink = inked(&reference);
        // 10 glyphs of 24 px: some hundreds of pixels, far from the 10 000 of the canvas.
        assert!((300..5_000).contains(&ink), "{ink} pixels inked");
        for family in ["serif", "monospace", "Arial", "DejaVu Sans"] {
            let p = decode(&svg_to_png(&text_only(family), 200).unwrap());
            assert_eq!(p.data(), reference.data(), "font-family {family}");
        }
    }

    #[test]
    fn bad_input_is_an_error() {
        let svg = text_only("sans-serif");
        assert!(matches!(svg_to_png(&svg, 0), Err(PngError::Size { .. })));
        assert!(matches!(
            svg_to_png(&svg, MAX_SIDE_PX + 1),
            Err(PngError::Size { .. })
        ));
        // A very tall document: the width is fine, the height it implies is not.
        let tall = r#"<svg xmlns="http://www.w3.org/2000/svg" width="1" height="100000"/>"#;
        let e = svg_to_png(tall, 1000).unwrap_err();
        assert!(e.to_string().contains("100000000"), "{e}");
        assert!(matches!(svg_to_png("not svg", 100), Err(PngError::Svg(_))));
    }
}
