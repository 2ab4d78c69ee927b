//! The figure of bidding Tic-Tac-Toe's first moves: the share of the chips Alice needs for
//! each total, center first against corner first (Figures 3 and 4), approaching the Richman
//! values.

use super::part::Part;
use duel_bidding::ttt::FirstMoves;
use duel_core::exact::Chips;

/// The figure of both first moves, if it renders.
pub(super) fn first_moves(fm: &FirstMoves) -> Part {
    let mut part = Part::default();
    if let Some(svg) = first_moves_figure(&fm.center, &fm.corner) {
        part.figures.push(crate::Figure {
            file_name: "bidding-ttt-first-moves.svg".into(),
            caption: "Bidding Tic-Tac-Toe: chips Alice needs per chip in play, center vs corner first (Figures 3 and 4), approaching the Richman values".into(),
            svg,
        });
    }
    part
}

/// The share of the chips Alice needs, `f(k)/k` (a star counted as half a chip), for the two
/// first moves, against the Richman values 133/256 and 137/256.
fn first_moves_figure(center: &[Chips], corner: &[Chips]) -> Option<String> {
    use plotters::prelude::*;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (820, 480)).into_drawing_area();
        root.fill(&WHITE).ok()?;
        let max_k = center.len().min(corner.len()) as f64 - 1.0;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "Bidding Tic-Tac-Toe: share of the chips Alice needs",
                ("sans-serif", 20),
            )
            .margin(12)
            .margin_right(30)
            .x_label_area_size(40)
            .y_label_area_size(56)
            .build_cartesian_2d(8f64..max_k, 0.45f64..0.65f64)
            .ok()?;
        chart
            .configure_mesh()
            .x_desc("total chips k")
            .y_desc("f(k) / k (a star counts 1/2)")
            .x_label_formatter(&|k| format!("{k:.0}"))
            .draw()
            .ok()?;
        let share = |f: &[Chips]| -> Vec<(f64, f64)> {
            (8..f.len())
                .map(|k| (k as f64, f[k].rank() as f64 / 2.0 / k as f64))
                .collect()
        };
        for (values, colour, label) in [
            (center, BLUE, "center first: f'(k)/k"),
            (corner, RED, "corner first: f''(k)/k"),
        ] {
            chart
                .draw_series(LineSeries::new(share(values), colour))
                .ok()?
                .label(label)
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], colour));
        }
        for (r, colour, label) in [
            (133.0 / 256.0, BLUE.mix(0.4), "R = 133/256"),
            (137.0 / 256.0, RED.mix(0.4), "R = 137/256"),
        ] {
            chart
                .draw_series(LineSeries::new(vec![(8.0, r), (max_k, r)], colour))
                .ok()?
                .label(label)
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], colour));
        }
        chart
            .configure_series_labels()
            .border_style(BLACK)
            .background_style(WHITE.mix(0.8))
            .draw()
            .ok()?;
        root.present().ok()?;
    }
    Some(svg)
}
