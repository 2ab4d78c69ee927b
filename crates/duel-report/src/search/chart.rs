//! The line charts of the search section: a series against the iterations.

use plotters::prelude::*;

/// A line chart as an SVG string; x counts iterations, so its ticks are integers.
pub(super) fn line_chart(
    title: &str,
    x_label: &str,
    y_label: &str,
    pts: &[(f64, f64)],
) -> Option<String> {
    if pts.is_empty() {
        return None;
    }
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (720, 420)).into_drawing_area();
        root.fill(&WHITE).ok()?;
        let x_max = pts.iter().map(|p| p.0).fold(1.0, f64::max);
        let y_max = pts.iter().map(|p| p.1).fold(0.0, f64::max).max(1e-9) * 1.05;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 16))
            .margin(10)
            .margin_right(30)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(0.0..x_max, 0.0..y_max)
            .ok()?;
        chart
            .configure_mesh()
            .x_desc(x_label)
            .y_desc(y_label)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .draw()
            .ok()?;
        chart
            .draw_series(LineSeries::new(pts.iter().copied(), &BLUE))
            .ok()?;
        root.present().ok()?;
    }
    Some(svg)
}
