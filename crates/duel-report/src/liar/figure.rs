//! The figure of the exhaustive tables: the fewest questions against n, one curve per number
//! of lies.

use duel_liar::tables::TableRow;
use plotters::drawing::DrawingAreaErrorKind;
use plotters::prelude::*;

/// Why the figure could not be drawn (plotters' own message).
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct FigureError(#[from] DrawingAreaErrorKind<std::io::Error>);

/// The fewest-questions curves, one per number of lies, as an SVG document; a cross marks
/// each `n` where the volume bound is not enough.
pub(super) fn min_questions_figure(cols: &[Vec<TableRow>]) -> Result<String, FigureError> {
    let max_n = cols.first().map_or(1, |c| c.len()) as u64;
    let max_q = cols
        .iter()
        .flatten()
        .map(|r| r.questions)
        .max()
        .unwrap_or(1);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (720, 440)).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption("Rényi–Ulam: fewest questions", ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(40)
            .build_cartesian_2d(1u64..max_n, 0u32..max_q + 1)?;
        chart
            .configure_mesh()
            .x_desc("n (objects)")
            .y_desc("fewest questions q")
            .draw()?;
        for (lies, col) in cols.iter().enumerate() {
            let color = Palette99::pick(lies).to_rgba();
            chart
                .draw_series(LineSeries::new(
                    col.iter().map(|r| (r.n, r.questions)),
                    color.stroke_width(2),
                ))?
                .label(format!("e = {lies}"))
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], color));
            chart.draw_series(
                col.iter()
                    .filter(|r| r.questions != r.volume_bound)
                    .map(|r| Cross::new((r.n, r.questions), 4, color.stroke_width(2))),
            )?;
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::LowerRight)
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()?;
        root.present()?;
    }
    Ok(svg)
}
