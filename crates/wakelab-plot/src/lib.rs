//! Plots of Wakelab results, drawn with plotters on any backend.
//!
//! The same drawing code serves the CLI (SVG, via [`line_chart_svg`]) and the browser
//! (plotters-canvas on the page's main thread; text measurement needs `window`, so never draw
//! inside a Web Worker). The data types here are plain plot inputs, not the simulation core's
//! types: callers convert their results into a [`LineChart`].

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use serde::{Deserialize, Serialize};

/// One named line of a [`LineChart`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Series {
    pub label: String,
    /// `(x, y)` points in drawing order.
    pub points: Vec<(f64, f64)>,
}

/// A chart of one or more lines over a shared x axis.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LineChart {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub series: Vec<Series>,
    /// Fixed y range; `None` fits the data (from 0 when all values are non-negative).
    pub y_range: Option<(f64, f64)>,
    /// Where the legend goes (shown when there is at least one labelled series).
    pub legend: Legend,
}

/// Corner of the plotting area that holds the legend.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Legend {
    UpperLeft,
    #[default]
    UpperRight,
    LowerLeft,
    LowerRight,
    Hidden,
}

/// How a chart looks: pixel scale (the device pixel ratio on a HiDPI canvas) and colours.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Theme {
    /// Multiplies every font size, margin and stroke width; 1.0 for SVG.
    pub scale: f64,
    pub background: RGBColor,
    pub foreground: RGBColor,
    pub grid: RGBColor,
    pub palette: [RGBColor; 6],
}

impl Theme {
    pub const fn light(scale: f64) -> Theme {
        Theme {
            scale,
            background: RGBColor(255, 255, 255),
            foreground: RGBColor(33, 37, 41),
            grid: RGBColor(226, 229, 233),
            palette: [
                RGBColor(31, 119, 180),
                RGBColor(214, 39, 40),
                RGBColor(44, 160, 44),
                RGBColor(255, 127, 14),
                RGBColor(148, 103, 189),
                RGBColor(140, 86, 75),
            ],
        }
    }

    pub const fn dark(scale: f64) -> Theme {
        Theme {
            scale,
            background: RGBColor(30, 33, 38),
            foreground: RGBColor(222, 226, 230),
            grid: RGBColor(58, 63, 70),
            palette: [
                RGBColor(100, 170, 240),
                RGBColor(255, 110, 100),
                RGBColor(110, 210, 110),
                RGBColor(255, 170, 70),
                RGBColor(190, 150, 240),
                RGBColor(200, 150, 130),
            ],
        }
    }

    fn px(&self, v: f64) -> u32 {
        (v * self.scale).round().max(1.0) as u32
    }
}

/// The x and y extents of every point of `chart`, padded so lines do not touch the frame.
fn ranges(chart: &LineChart) -> ((f64, f64), (f64, f64)) {
    let pts = || chart.series.iter().flat_map(|s| s.points.iter().copied());
    let fold = |it: &mut dyn Iterator<Item = f64>| {
        it.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
            if v.is_finite() {
                (lo.min(v), hi.max(v))
            } else {
                (lo, hi)
            }
        })
    };
    let fix = |(lo, hi): (f64, f64)| {
        if !lo.is_finite() {
            (0.0, 1.0)
        } else if hi - lo < 1e-12 * hi.abs().max(1.0) {
            (lo - 0.5, hi + 0.5)
        } else {
            (lo, hi)
        }
    };
    let x = fix(fold(&mut pts().map(|p| p.0)));
    let y = match chart.y_range {
        Some(r) => r,
        None => {
            let (lo, hi) = fix(fold(&mut pts().map(|p| p.1)));
            let lo = if lo >= 0.0 { 0.0 } else { lo };
            (lo, hi + (hi - lo) * 0.05)
        }
    };
    (x, y)
}

/// A tick label with no more decimals than the axis span needs.
fn tick(v: f64, span: f64) -> String {
    let decimals = if span >= 20.0 {
        0
    } else {
        (2.0 - span.log10().floor()).clamp(0.0, 6.0) as usize
    };
    format!("{v:.decimals$}")
}

/// Draw `chart` onto `root` (any plotters backend) and present it.
///
/// Errors are returned as text: the canvas and SVG backends have different error types.
pub fn draw_line_chart<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    chart: &LineChart,
    theme: &Theme,
) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&theme.background).map_err(err)?;
    let ((x0, x1), (y0, y1)) = ranges(chart);
    let font = |size: f64| {
        ("sans-serif", size * theme.scale)
            .into_font()
            .color(&theme.foreground)
    };

    let mut ctx = ChartBuilder::on(&root)
        .caption(&chart.title, font(16.0))
        .margin(theme.px(12.0))
        .margin_right(theme.px(28.0))
        .x_label_area_size(theme.px(40.0))
        .y_label_area_size(theme.px(56.0))
        .build_cartesian_2d(x0..x1, y0..y1)
        .map_err(err)?;

    ctx.configure_mesh()
        .x_desc(chart.x_label.as_str())
        .y_desc(chart.y_label.as_str())
        .label_style(font(12.0))
        .axis_desc_style(font(13.0))
        .axis_style(theme.foreground.stroke_width(theme.px(1.0)))
        .light_line_style(theme.grid.mix(0.5))
        .bold_line_style(theme.grid.stroke_width(theme.px(1.0)))
        .x_labels(8)
        .y_labels(6)
        .x_label_formatter(&|v| tick(*v, x1 - x0))
        .y_label_formatter(&|v| tick(*v, y1 - y0))
        .draw()
        .map_err(err)?;

    for (i, s) in chart.series.iter().enumerate() {
        let style = theme.palette[i % theme.palette.len()].stroke_width(theme.px(2.0));
        ctx.draw_series(LineSeries::new(s.points.iter().copied(), style))
            .map_err(err)?;
    }

    draw_legend(&ctx.plotting_area().strip_coord_spec(), chart, theme).map_err(err)?;
    root.present().map_err(err)
}

/// The legend, drawn by hand rather than with plotters' series labels: those measure text
/// through the font directly (in the browser by adding a styled `<span>` to the page, which a
/// strict Content-Security-Policy blocks), while this goes through the backend's
/// `estimate_text_size`, which a canvas backend can answer with `measureText`.
fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &LineChart,
    theme: &Theme,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    if chart.legend == Legend::Hidden || chart.series.iter().all(|s| s.label.is_empty()) {
        return Ok(());
    }
    let font = ("sans-serif", 12.0 * theme.scale)
        .into_font()
        .color(&theme.foreground);
    let mut sizes = Vec::with_capacity(chart.series.len());
    for s in &chart.series {
        sizes.push(area.estimate_text_size(&s.label, &font)?);
    }
    let px = |v: f64| theme.px(v) as i32;
    let (pad, swatch, gap, inset) = (px(8.0), px(18.0), px(6.0), px(10.0));
    let text_w = sizes.iter().map(|s| s.0 as i32).max().unwrap_or(0);
    let line_h = sizes.iter().map(|s| s.1 as i32).max().unwrap_or(0) + px(4.0);
    let (w, h) = (
        2 * pad + swatch + gap + text_w,
        2 * pad + line_h * chart.series.len() as i32,
    );
    let (aw, ah) = area.dim_in_pixel();
    let (aw, ah) = (aw as i32, ah as i32);
    let x0 = match chart.legend {
        Legend::UpperLeft | Legend::LowerLeft => inset,
        _ => aw - w - inset,
    };
    let y0 = match chart.legend {
        Legend::UpperLeft | Legend::UpperRight => inset,
        _ => ah - h - inset,
    };
    area.draw(&Rectangle::new(
        [(x0, y0), (x0 + w, y0 + h)],
        theme.background.mix(0.9).filled(),
    ))?;
    area.draw(&Rectangle::new(
        [(x0, y0), (x0 + w, y0 + h)],
        theme.grid.stroke_width(theme.px(1.0)),
    ))?;
    for (i, s) in chart.series.iter().enumerate() {
        let y = y0 + pad + line_h * i as i32 + line_h / 2;
        let style = theme.palette[i % theme.palette.len()].stroke_width(theme.px(2.0));
        area.draw(&PathElement::new(
            vec![(x0 + pad, y), (x0 + pad + swatch, y)],
            style,
        ))?;
        area.draw(&Text::new(
            s.label.as_str(),
            (x0 + pad + swatch + gap, y),
            font.pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
    }
    Ok(())
}

/// Render `chart` as an SVG document of `width` x `height` pixels (light theme).
pub fn line_chart_svg(chart: &LineChart, width: u32, height: u32) -> Result<String, String> {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (width, height)).into_drawing_area();
        draw_line_chart(root, chart, &Theme::light(1.0))?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> LineChart {
        LineChart {
            title: "util_avg of a periodic task".into(),
            x_label: "time (ms)".into(),
            y_label: "util_avg".into(),
            series: vec![Series {
                label: "25% duty".into(),
                points: (0..=100)
                    .map(|i| (i as f64, (i as f64 / 10.0).sin() * 100.0 + 200.0))
                    .collect(),
            }],
            y_range: None,
            legend: Legend::UpperRight,
        }
    }

    #[test]
    fn svg_has_title_axes_and_line() {
        let svg = line_chart_svg(&sample(), 640, 400).unwrap();
        assert!(svg.starts_with("<svg"), "{}", &svg[..60.min(svg.len())]);
        assert!(svg.contains("util_avg of a periodic task"));
        assert!(svg.contains("time (ms)"));
        assert!(svg.contains("25% duty"));
        assert!(svg.contains("<polyline"), "no line drawn");
        assert!(svg.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn empty_and_flat_charts_do_not_fail() {
        let mut c = sample();
        c.series[0].points = vec![(1.0, 5.0)];
        line_chart_svg(&c, 320, 200).unwrap();
        c.series.clear();
        line_chart_svg(&c, 320, 200).unwrap();
    }

    #[test]
    fn tick_labels_use_the_decimals_the_span_needs() {
        assert_eq!(tick(400.0, 400.0), "400");
        assert_eq!(tick(0.25, 1.0), "0.25");
        assert_eq!(tick(2.5, 10.0), "2.5");
    }

    #[test]
    fn ranges_start_at_zero_for_positive_data() {
        let ((x0, x1), (y0, y1)) = ranges(&sample());
        assert_eq!((x0, x1), (0.0, 100.0));
        assert_eq!(y0, 0.0);
        assert!(y1 > 300.0);
    }
}
