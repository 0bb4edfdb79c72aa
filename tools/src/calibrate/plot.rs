//! The reliability diagram, drawn as an SVG file: one panel per board size and komi,
//! the predicted score (win + draw / 2) of each bin against the score observed
//! in held-out games, a dot per bin with its area by the positions in it, and
//! the diagonal a perfectly calibrated model would follow.

use std::fmt::Write;

/// One panel: its title and the bins (positions, mean predicted, mean observed).
pub struct Panel {
    /// The title, e.g. `6x6, komi 2`.
    pub title: String,
    /// The caption under the title, e.g. the calibration error.
    pub caption: String,
    /// The bins of the held-out positions.
    pub bins: Vec<(usize, f64, f64)>,
}

const SIDE: f64 = 220.0;
const MARGIN: f64 = 48.0;

/// The SVG text of the diagram.
pub fn reliability_svg(panels: &[Panel]) -> String {
    let width = MARGIN + panels.len() as f64 * (SIDE + MARGIN);
    let height = SIDE + 3.0 * MARGIN;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    for (i, panel) in panels.iter().enumerate() {
        let x0 = MARGIN + i as f64 * (SIDE + MARGIN);
        let y0 = 2.0 * MARGIN;
        draw_panel(&mut svg, panel, x0, y0);
    }
    svg.push_str("</svg>\n");
    svg
}

fn draw_panel(svg: &mut String, panel: &Panel, x0: f64, y0: f64) {
    let x = |p: f64| x0 + p * SIDE;
    let y = |p: f64| y0 + (1.0 - p) * SIDE;
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{}" font-size="13" font-weight="bold">{}</text>"#,
        x0,
        y0 - 24.0,
        panel.title
    );
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{}">{}</text>"#,
        x0,
        y0 - 8.0,
        panel.caption
    );
    let _ = writeln!(
        svg,
        r##"<rect x="{x0}" y="{y0}" width="{SIDE}" height="{SIDE}" fill="none" stroke="#888"/>"##
    );
    for t in [0.25, 0.5, 0.75] {
        let _ = writeln!(
            svg,
            r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#eee"/><line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#eee"/>"##,
            x(t),
            y(0.0),
            x(t),
            y(1.0),
            x(0.0),
            y(t),
            x(1.0),
            y(t)
        );
    }
    let _ = writeln!(
        svg,
        r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#999" stroke-dasharray="4 3"/>"##,
        x(0.0),
        y(0.0),
        x(1.0),
        y(1.0)
    );
    let most = panel.bins.iter().map(|b| b.0).max().unwrap_or(1).max(1) as f64;
    let points: Vec<String> = panel
        .bins
        .iter()
        .filter(|b| b.0 > 0)
        .map(|&(_, p, o)| format!("{:.1},{:.1}", x(p), y(o)))
        .collect();
    let _ = writeln!(
        svg,
        r##"<polyline points="{}" fill="none" stroke="#2a6fb0" stroke-width="1.5"/>"##,
        points.join(" ")
    );
    for &(count, p, o) in panel.bins.iter().filter(|b| b.0 > 0) {
        let r = 2.0 + 6.0 * (count as f64 / most).sqrt();
        let _ = writeln!(
            svg,
            r##"<circle cx="{:.1}" cy="{:.1}" r="{r:.1}" fill="#2a6fb0" fill-opacity="0.6"/>"##,
            x(p),
            y(o)
        );
    }
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{}">predicted score</text><text x="{}" y="{}" transform="rotate(-90 {} {})">observed score</text>"#,
        x0 + SIDE / 2.0 - 40.0,
        y0 + SIDE + 16.0,
        x0 - 26.0,
        y0 + SIDE / 2.0 + 40.0,
        x0 - 26.0,
        y0 + SIDE / 2.0 + 40.0
    );
    for t in [0.0, 0.5, 1.0] {
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}" font-size="9">{t}</text><text x="{}" y="{}" font-size="9">{t}</text>"#,
            x(t) - 6.0,
            y0 + SIDE + 28.0,
            x0 - 16.0,
            y(t) + 3.0
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_diagram_has_a_panel_and_a_dot_per_filled_bin() {
        let panel = Panel {
            title: "6x6".into(),
            caption: "ECE 0.01".into(),
            bins: vec![(0, 0.05, 0.0), (10, 0.15, 0.2), (30, 0.55, 0.5)],
        };
        let svg = reliability_svg(&[panel]);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<circle").count(), 2);
        assert!(svg.contains(">6x6<"));
    }
}
