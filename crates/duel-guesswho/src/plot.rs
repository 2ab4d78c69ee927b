//! Heatmaps: Nica's Figure 1 (the exact `p*(n, m)`) for any rule set, and Figure 2
//! (the continuous `p∞` on the L-shaped fundamental region).

use plotters::prelude::*;

use super::continuous::p_infinity;
pub use super::rules::PlotError;
use super::rules::{GuessWhoError, Questions, Rules};
use super::table::Table;

/// The most cells per side drawn; larger tables are sampled.
pub const MAX_CELLS: u64 = 256;

/// A viridis-like colour for `v ∈ [0, 1]`.
fn colour(v: f64) -> RGBColor {
    const STOPS: [(f64, [f64; 3]); 5] = [
        (0.0, [68.0, 1.0, 84.0]),
        (0.25, [59.0, 82.0, 139.0]),
        (0.5, [33.0, 145.0, 140.0]),
        (0.75, [94.0, 201.0, 98.0]),
        (1.0, [253.0, 231.0, 37.0]),
    ];
    let v = if v.is_finite() {
        v.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let i = STOPS
        .windows(2)
        .position(|w| v <= w[1].0)
        .unwrap_or(STOPS.len() - 2);
    let (a, b) = (STOPS[i], STOPS[i + 1]);
    let t = (v - a.0) / (b.0 - a.0);
    let c = |j: usize| (a.1[j] + t * (b.1[j] - a.1[j])).round() as u8;
    RGBColor(c(0), c(1), c(2))
}

fn err<E: std::fmt::Display>(e: E) -> PlotError {
    PlotError::new(e)
}

/// A heatmap over the cells `[x0, x1) × [y0, y1)` of the unit grid given by `cells`
/// (`(x, y, value)`), with axes `x_label`, `y_label`, and a colour bar from 0 to 1 with its
/// ticks numbered and `bar_label` as its title.
fn heatmap(
    title: &str,
    x_label: &str,
    y_label: &str,
    bar_label: &str,
    range: (f64, f64, f64, f64),
    cells: &[(f64, f64, f64, f64, f64)],
    integer_axes: bool,
) -> Result<String, PlotError> {
    let fmt = |v: &f64| {
        if integer_axes {
            format!("{v:.0}")
        } else {
            format!("{v:.1}")
        }
    };
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (760, 640)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let (main, bar) = root.split_horizontally(660);
        let (x0, x1, y0, y1) = range;
        let mut chart = ChartBuilder::on(&main)
            .caption(title, ("sans-serif", 18))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(x0..x1, y0..y1)
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc(x_label)
            .y_desc(y_label)
            .x_label_formatter(&fmt)
            .y_label_formatter(&fmt)
            .draw()
            .map_err(err)?;
        chart
            .draw_series(
                cells
                    .iter()
                    .map(|&(a, b, c, d, v)| Rectangle::new([(a, b), (c, d)], colour(v).filled())),
            )
            .map_err(err)?;
        let mut legend = ChartBuilder::on(&bar)
            .margin_top(40)
            .margin_bottom(50)
            .margin_right(10)
            .y_label_area_size(58)
            .build_cartesian_2d(0.0..1.0, 0.0..1.0)
            .map_err(err)?;
        legend
            .configure_mesh()
            .disable_mesh()
            .disable_x_axis()
            .y_labels(6)
            .y_label_formatter(&|v: &f64| format!("{v:.1}"))
            .y_desc(bar_label)
            // plotters scales the default label size with the (narrow) area: set it, or the
            // colour bar's numbers and title come out 5 px tall.
            .y_label_style(("sans-serif", 12))
            .axis_desc_style(("sans-serif", 14))
            .draw()
            .map_err(err)?;
        legend
            .draw_series((0..100).map(|i| {
                let v = i as f64 / 100.0;
                Rectangle::new([(0.0, v), (1.0, v + 0.01)], colour(v + 0.005).filled())
            }))
            .map_err(err)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}

/// Nica's Figure 1 for any table: `P(n, m)` for `1 ≤ n, m ≤ max` (sampled to at most
/// [`MAX_CELLS`] per side). Player 1's pool `n` on the horizontal axis.
pub fn figure_1(table: &Table, max: u64) -> Result<String, PlotError> {
    let max = max.min(table.max());
    let step = max.div_ceil(MAX_CELLS).max(1);
    let mut cells = Vec::new();
    let mut n = 1;
    while n <= max {
        let mut m = 1;
        while m <= max {
            let v = table
                .probability(n, m)
                .map(|p| p.to_f64())
                .unwrap_or(f64::NAN);
            let (a, b) = (n as f64 - 0.5, m as f64 - 0.5);
            cells.push((a, b, a + step as f64, b + step as f64, v));
            m += step;
        }
        n += step;
    }
    let title = format!(
        "P(n, m), {} rules, {}-way questions",
        table.rules(),
        table.questions().parts()
    );
    let hi = max as f64 + 0.5;
    heatmap(
        &title,
        "n (player to move)",
        "m (opponent)",
        "P(n, m): the player to move wins",
        (0.5, hi, 0.5, hi),
        &cells,
        true,
    )
}

/// Nica's Figure 2: `p∞(α, β)` on the L-shaped region `(2, extent] × (1, 2] ∪
/// (1, 2] × (1, extent]` (by Lemma 3.5 this tiles the whole quadrant), `cells` per unit.
pub fn figure_2(extent: f64, cells_per_unit: usize) -> Result<String, PlotError> {
    let extent = extent.max(2.5);
    let h = 1.0 / cells_per_unit.max(1) as f64;
    let mut cells = Vec::new();
    let steps = ((extent - 1.0) / h).round() as usize;
    for i in 0..steps {
        for j in 0..steps {
            let (a, b) = (1.0 + i as f64 * h, 1.0 + j as f64 * h);
            let (ca, cb) = (a + h / 2.0, b + h / 2.0);
            if ca > 2.0 && cb > 2.0 {
                continue;
            }
            cells.push((a, b, a + h, b + h, p_infinity(ca, cb)));
        }
    }
    heatmap(
        "p∞(2^k α, 2^k β), continuous Guess Who (Nica, Figure 2)",
        "α",
        "β",
        "p∞(α, β)",
        (1.0, extent, 1.0, extent),
        &cells,
        false,
    )
}

/// The heatmap of `guess-who plot` as SVG: Figure 1 for `rules` and `questions` over
/// `1 ≤ n, m ≤ max` (the table solved first, `progress(done, total)` following it), or with
/// `continuous` Figure 2 over the L-shaped region of extent `max` (at least 3, drawn up to 16,
/// 24 cells per unit).
pub fn figure(
    max: u64,
    rules: Rules,
    questions: Questions,
    continuous: bool,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<String, GuessWhoError> {
    if continuous {
        if max < 3 {
            return Err(GuessWhoError::ContinuousExtent { max });
        }
        return Ok(figure_2(max.min(16) as f64, 24)?);
    }
    let table = Table::solve_with_progress(max, rules, questions, progress)?;
    // The drawing's own vectors and text grow infallibly: checked once the table has taken
    // its part of the memory.
    if let Some(left) = duel_core::limits::available_memory() {
        duel_core::limits::check_memory("drawing the figure", DRAWING_BYTES, left)
            .map_err(GuessWhoError::Memory)?;
    }
    Ok(figure_1(&table, max)?)
}

/// The memory drawing Figure 1 takes beside its table, for [`MAX_CELLS`] per side (the cells
/// and the SVG text, whose last doubling holds 4 and 8 MiB at once): `plot --max 1024` aborted
/// with 10.1 MiB of address space left after its table and drew with 11.1 MiB.
const DRAWING_BYTES: u128 = 12 << 20;

#[cfg(test)]
mod tests {
    use super::*;

    /// The texts an SVG document draws, trimmed.
    fn texts(svg: &str) -> Vec<&str> {
        svg.split("</text>")
            .filter_map(|part| part.rsplit_once('>').map(|(_, text)| text.trim()))
            .collect()
    }

    #[test]
    fn figure_draws_either_figure_and_refuses_a_small_region() {
        let svg = figure(8, Rules::Official, Questions::Two, false, &mut |_, _| {}).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("official rules"));
        // The colour bar: its title and its ticks from 0 to 1, numbered.
        let words = texts(&svg);
        assert!(words.contains(&"P(n, m): the player to move wins"));
        for tick in ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"] {
            assert!(words.contains(&tick), "tick {tick}: {words:?}");
        }
        let svg = figure(3, Rules::Race, Questions::Two, true, &mut |_, _| {}).unwrap();
        assert!(svg.contains("Figure 2") && texts(&svg).contains(&"p∞(α, β)"));
        assert_eq!(
            figure(2, Rules::Race, Questions::Two, true, &mut |_, _| {}),
            Err(GuessWhoError::ContinuousExtent { max: 2 })
        );
    }
}
