//! Plots of Wakelab results, drawn with plotters on any backend.
//!
//! The same drawing code serves the CLI (SVG, via [`line_chart_svg`]) and the browser
//! (plotters-canvas on the page's main thread; text measurement needs `window`, so never draw
//! inside a Web Worker). The data types here are plain plot inputs, not the simulation core's
//! types: callers convert their results into a [`LineChart`].

use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use serde::{Deserialize, Serialize};

#[cfg(not(target_arch = "wasm32"))]
mod native;

/// Make text measurable before drawing: natively, register the embedded font; in the
/// browser, plotters asks the canvas.
fn fonts_ready() {
    #[cfg(not(target_arch = "wasm32"))]
    native::register_fonts();
}

mod bars;
mod legend;
#[cfg(feature = "report")]
pub mod report;
pub use bars::{BarChart, BarSeries, bar_chart_svg, draw_bar_chart};

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
    draw_xy_chart(root, &XyChart::from(chart), theme)
}

/// The legend, drawn by hand rather than with plotters' series labels: those measure text
/// through the font directly (in the browser by adding a styled `<span>` to the page, which a
/// strict Content-Security-Policy blocks), while this goes through the backend's
/// `estimate_text_size`, which a canvas backend can answer with `measureText`.
struct LegendLayout {
    sizes: Vec<(u32, u32)>,
    /// The boxed legend's size (drawn inside the plot).
    boxed: (i32, i32),
    /// Padding, swatch width, gap after the swatch, inset from the plot's edges.
    pad: i32,
    swatch: i32,
    gap: i32,
    inset: i32,
    line_h: i32,
}

fn legend_layout<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    items: &[LegendItem<'_>],
    theme: &Theme,
) -> Result<Option<LegendLayout>, DrawingAreaErrorKind<DB::ErrorType>> {
    if items.iter().all(|s| s.label.is_empty()) {
        return Ok(None);
    }
    let font = legend_font(theme);
    let mut sizes = Vec::with_capacity(items.len());
    for s in items {
        sizes.push(area.estimate_text_size(s.label, &font)?);
    }
    let px = |v: f64| theme.px(v) as i32;
    let (pad, swatch, gap, inset) = (px(8.0), px(18.0), px(6.0), px(10.0));
    let text_w = sizes.iter().map(|s| s.0 as i32).max().unwrap_or(0);
    let line_h = sizes.iter().map(|s| s.1 as i32).max().unwrap_or(0) + px(4.0);
    Ok(Some(LegendLayout {
        boxed: (
            2 * pad + swatch + gap + text_w,
            2 * pad + line_h * items.len() as i32,
        ),
        sizes,
        pad,
        swatch,
        gap,
        inset,
        line_h,
    }))
}

fn legend_font(theme: &Theme) -> TextStyle<'static> {
    ("sans-serif", 12.0 * theme.scale)
        .into_font()
        .color(&theme.foreground)
}

/// One legend entry's swatch (a line, dashed for reference data, over a band for a spread)
/// from `x` with its middle at `y`, and its label after it.
fn draw_legend_entry<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    s: &LegendItem<'_>,
    (x, y): (i32, i32),
    l: &LegendLayout,
    theme: &Theme,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let px = |v: f64| theme.px(v) as i32;
    let style = s.color.stroke_width(theme.px(2.0));
    if s.band {
        area.draw(&Rectangle::new(
            [(x, y - px(5.0)), (x + l.swatch, y + px(5.0))],
            s.color.mix(0.15).filled(),
        ))?;
    }
    if s.dashed {
        let third = l.swatch / 3;
        for k in [0, 2] {
            area.draw(&PathElement::new(
                vec![(x + k * third, y), (x + (k + 1) * third, y)],
                style,
            ))?;
        }
    } else {
        area.draw(&PathElement::new(vec![(x, y), (x + l.swatch, y)], style))?;
    }
    area.draw(&Text::new(
        s.label,
        (x + l.swatch + l.gap, y),
        legend_font(theme).pos(Pos::new(HPos::Left, VPos::Center)),
    ))
}

/// The boxed legend with its top left corner at `(x0, y0)` of `area`.
fn draw_legend_box<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    items: &[LegendItem<'_>],
    l: &LegendLayout,
    (x0, y0): (i32, i32),
    theme: &Theme,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (w, h) = l.boxed;
    area.draw(&Rectangle::new(
        [(x0, y0), (x0 + w, y0 + h)],
        theme.background.mix(0.9).filled(),
    ))?;
    area.draw(&Rectangle::new(
        [(x0, y0), (x0 + w, y0 + h)],
        theme.grid.stroke_width(theme.px(1.0)),
    ))?;
    for (i, s) in items.iter().enumerate() {
        let y = y0 + l.pad + l.line_h * i as i32 + l.line_h / 2;
        draw_legend_entry(area, s, (x0 + l.pad, y), l, theme)?;
    }
    Ok(())
}

/// The legend as rows of entries across the top of `area`, from `left` (when no corner of the
/// plot is free); with `draw` false only measures. Returns the height the rows take.
fn legend_rows<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    items: &[LegendItem<'_>],
    l: &LegendLayout,
    left: i32,
    draw: bool,
    theme: &Theme,
) -> Result<u32, DrawingAreaErrorKind<DB::ErrorType>> {
    let sep = theme.px(16.0) as i32;
    let (w, _) = area.dim_in_pixel();
    let (mut x, mut y) = (left, theme.px(4.0) as i32);
    for (s, size) in items.iter().zip(&l.sizes) {
        let item_w = l.swatch + l.gap + size.0 as i32;
        if x > left && x + item_w > w as i32 - l.pad {
            x = left;
            y += l.line_h;
        }
        if draw {
            draw_legend_entry(area, s, (x, y + l.line_h / 2), l, theme)?;
        }
        x += item_w + sep;
    }
    Ok((y + l.line_h + theme.px(4.0) as i32) as u32)
}

/// Render `chart` as an SVG document of `width` x `height` pixels (light theme).
pub fn line_chart_svg(chart: &LineChart, width: u32, height: u32) -> Result<String, String> {
    render_svg(width, height, |root| {
        draw_line_chart(root, chart, &Theme::light(1.0))
    })
}

/// One series of an [`XyChart`]: a line with optional spread, dashing and markers.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct XySeries {
    pub label: String,
    /// `(x, y)` points in drawing order.
    pub points: Vec<(f64, f64)>,
    /// `(x, low, high)`: the spread (e.g. min and max of the iterations), drawn as a
    /// translucent band with whiskers. Empty = none.
    #[serde(default)]
    pub band: Vec<(f64, f64, f64)>,
    /// Dashed line (used for reference data such as published results).
    #[serde(default)]
    pub dashed: bool,
    /// A dot on every point.
    #[serde(default)]
    pub markers: bool,
    /// Palette index of the colour.
    #[serde(default)]
    pub color: usize,
}

/// A richer line chart: spread bands, dashed series, log2 x axis and explicit x ticks.
/// [`draw_line_chart`] draws a [`LineChart`] through it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct XyChart {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub series: Vec<XySeries>,
    /// Fixed y range; `None` fits the data and the bands (from 0 when all are non-negative).
    pub y_range: Option<(f64, f64)>,
    pub legend: Legend,
    /// Place x on a log2 scale (client counts 1, 2, 4 ... 320). Needs positive x values.
    #[serde(default)]
    pub x_log2: bool,
    /// Tick marks at exactly these x values (data units) with these labels; empty = automatic.
    #[serde(default)]
    pub x_ticks: Vec<(f64, String)>,
}

impl From<&LineChart> for XyChart {
    fn from(c: &LineChart) -> XyChart {
        XyChart {
            title: c.title.clone(),
            x_label: c.x_label.clone(),
            y_label: c.y_label.clone(),
            series: c
                .series
                .iter()
                .enumerate()
                .map(|(i, s)| XySeries {
                    label: s.label.clone(),
                    points: s.points.clone(),
                    color: i,
                    ..XySeries::default()
                })
                .collect(),
            y_range: c.y_range,
            legend: c.legend,
            x_log2: false,
            x_ticks: Vec::new(),
        }
    }
}

fn xy_ranges(chart: &XyChart, fx: &dyn Fn(f64) -> f64) -> ((f64, f64), (f64, f64)) {
    let mut xs = Vec::new();
    let mut ys = Vec::new();
    for s in &chart.series {
        for &(x, y) in &s.points {
            xs.push(fx(x));
            ys.push(y);
        }
        for &(x, lo, hi) in &s.band {
            xs.push(fx(x));
            ys.push(lo);
            ys.push(hi);
        }
    }
    for (x, _) in &chart.x_ticks {
        xs.push(fx(*x));
    }
    let fold = |v: &[f64]| {
        v.iter()
            .filter(|v| v.is_finite())
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &v| {
                (lo.min(v), hi.max(v))
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
    let (x0, x1) = fix(fold(&xs));
    // A little room left and right so markers and whiskers are not cut by the frame.
    let pad = if chart.x_ticks.is_empty() {
        0.0
    } else {
        (x1 - x0) * 0.04
    };
    let y = match chart.y_range {
        Some(r) => r,
        None => {
            let (lo, hi) = fix(fold(&ys));
            let lo = if lo >= 0.0 { 0.0 } else { lo };
            (lo, hi + (hi - lo) * 0.08)
        }
    };
    ((x0 - pad, x1 + pad), y)
}

/// Draw `chart` onto `root` (any plotters backend) and present it.
///
/// The legend goes in the chart's corner of the plot if no series runs there, else in another
/// free corner, else in a row between the title and the plot (`legend`).
pub fn draw_xy_chart<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    chart: &XyChart,
    theme: &Theme,
) -> Result<(), String> {
    fonts_ready();
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&theme.background).map_err(err)?;
    let log2 = chart.x_log2;
    let fx = move |x: f64| if log2 { x.max(1e-9).log2() } else { x };
    let ((x0, x1), (y0, y1)) = xy_ranges(chart, &fx);
    let font = |size: f64| {
        ("sans-serif", size * theme.scale)
            .into_font()
            .color(&theme.foreground)
    };
    let manual_x = !chart.x_ticks.is_empty();
    // The title as plotters' caption draws it (after the top margin), so the plot below can
    // be split for a legend row.
    let m = theme.px(12.0);
    let below_title = if chart.title.is_empty() {
        root.clone()
    } else {
        root.margin(m, 0, 0, 0)
            .titled(&chart.title, font(15.0))
            .map_err(err)?
    };
    let build = |area, top_margin| build_xy(area, theme, top_margin, (x0, x1), (y0, y1));
    let top_margin = if chart.title.is_empty() { m } else { 0 };

    // Solid lines drawn earlier are wider, so identical results stay visible as a halo.
    let solid = chart.series.iter().filter(|s| !s.dashed).count();
    let mut solid_i = 0;
    let extra: Vec<f64> = chart
        .series
        .iter()
        .map(|s| {
            if s.dashed {
                0.0
            } else {
                solid_i += 1;
                1.5 * (solid - solid_i).min(2) as f64
            }
        })
        .collect();
    let items: Vec<LegendItem> = chart
        .series
        .iter()
        .map(|s| LegendItem {
            label: s.label.as_str(),
            color: theme.palette[s.color % theme.palette.len()],
            dashed: s.dashed,
            band: !s.band.is_empty(),
        })
        .collect();
    let layout = if chart.legend == Legend::Hidden {
        None
    } else {
        legend_layout(&root, &items, theme).map_err(err)?
    };

    // Where the legend goes: a free corner of the plot as laid out without a legend row, or a
    // row above the plot.
    let mut corner = None;
    let mut row_h = None;
    if let Some(l) = &layout {
        let probe = build(&below_title, top_margin).map_err(err)?;
        let drawn = drawn_geometry(chart, &extra, theme, &|x, y| {
            probe.backend_coord(&(fx(x), y))
        });
        let (xr, yr) = probe.plotting_area().get_pixel_range();
        let plot = (
            f64::from(xr.start),
            f64::from(yr.start),
            f64::from(xr.end),
            f64::from(yr.end),
        );
        let size = (f64::from(l.boxed.0), f64::from(l.boxed.1));
        corner = legend::free_corner(
            chart.legend,
            plot,
            size,
            f64::from(l.inset),
            &drawn,
            f64::from(theme.px(3.0)),
        );
        if corner.is_none() {
            let left = m as i32 + theme.px(64.0) as i32;
            let h = legend_rows(&below_title, &items, l, left, false, theme).map_err(err)?;
            row_h = Some((h + top_margin, left));
        }
    }
    let (row_area, plot_area) = match row_h {
        Some((h, left)) => {
            let (row, rest) = below_title.split_vertically(h);
            (Some((row, left)), rest)
        }
        None => (None, below_title.clone()),
    };
    let mut ctx =
        build(&plot_area, if row_area.is_some() { 0 } else { top_margin }).map_err(err)?;

    let yfmt = |v: &f64| tick(*v, y1 - y0);
    let xfmt = |v: &f64| tick(*v, x1 - x0);
    let mut mesh = ctx.configure_mesh();
    mesh.x_desc(chart.x_label.as_str())
        .y_desc(chart.y_label.as_str())
        .label_style(font(12.0))
        .axis_desc_style(font(13.0))
        .axis_style(theme.foreground.stroke_width(theme.px(1.0)))
        .light_line_style(theme.grid.mix(0.5))
        .bold_line_style(theme.grid.stroke_width(theme.px(1.0)))
        .y_labels(6)
        .y_label_formatter(&yfmt);
    if manual_x {
        mesh.disable_x_mesh().x_labels(0);
    } else {
        mesh.x_labels(8).x_label_formatter(&xfmt);
    }
    mesh.draw().map_err(err)?;

    if manual_x {
        // Grid lines and labels exactly at the given x values.
        let tick_font = font(12.0).pos(Pos::new(HPos::Center, VPos::Top));
        for (x, label) in &chart.x_ticks {
            let x = fx(*x);
            ctx.draw_series(LineSeries::new(
                [(x, y0), (x, y1)],
                theme.grid.stroke_width(theme.px(1.0)),
            ))
            .map_err(err)?;
            let (px, py) = ctx.backend_coord(&(x, y0));
            root.draw(&PathElement::new(
                vec![(px, py), (px, py + theme.px(5.0) as i32)],
                theme.foreground.stroke_width(theme.px(1.0)),
            ))
            .map_err(err)?;
            root.draw(&Text::new(
                label.as_str(),
                (px, py + theme.px(7.0) as i32),
                tick_font.clone(),
            ))
            .map_err(err)?;
        }
    }

    // Bands first, so every line stays visible on top of them.
    for s in &chart.series {
        if s.band.len() >= 2 {
            let c = theme.palette[s.color % theme.palette.len()];
            let mut poly: Vec<(f64, f64)> = s.band.iter().map(|&(x, _, hi)| (fx(x), hi)).collect();
            poly.extend(s.band.iter().rev().map(|&(x, lo, _)| (fx(x), lo)));
            ctx.draw_series(std::iter::once(Polygon::new(poly, c.mix(0.15).filled())))
                .map_err(err)?;
        }
    }
    for (s, &extra) in chart.series.iter().zip(&extra) {
        let c = theme.palette[s.color % theme.palette.len()];
        let whisker = c.mix(0.8).stroke_width(theme.px(1.0));
        let cap = theme.px(4.0) as i32;
        for &(x, lo, hi) in &s.band {
            if hi > lo {
                let (px, top) = ctx.backend_coord(&(fx(x), hi));
                let (_, bottom) = ctx.backend_coord(&(fx(x), lo));
                for pts in [
                    vec![(px, top), (px, bottom)],
                    vec![(px - cap, top), (px + cap, top)],
                    vec![(px - cap, bottom), (px + cap, bottom)],
                ] {
                    root.draw(&PathElement::new(pts, whisker)).map_err(err)?;
                }
            }
        }
        let pts: Vec<(f64, f64)> = s.points.iter().map(|&(x, y)| (fx(x), y)).collect();
        let style = c.stroke_width(theme.px(2.0 + extra));
        if s.dashed {
            ctx.draw_series(DashedLineSeries::new(
                pts.iter().copied(),
                theme.px(7.0),
                theme.px(5.0),
                style,
            ))
            .map_err(err)?;
        } else {
            ctx.draw_series(LineSeries::new(pts.iter().copied(), style))
                .map_err(err)?;
        }
        if s.markers {
            let r = theme.px(if s.dashed { 2.5 } else { 3.5 + extra });
            ctx.draw_series(pts.iter().map(|&p| Circle::new(p, r, c.filled())))
                .map_err(err)?;
        }
    }

    if let Some(l) = &layout {
        if let Some((row, left)) = &row_area {
            legend_rows(row, &items, l, *left, true, theme).map_err(err)?;
        } else if let Some(corner) = corner {
            let area = ctx.plotting_area().strip_coord_spec();
            let (aw, ah) = area.dim_in_pixel();
            let r = legend::corner_rect(
                (0.0, 0.0, f64::from(aw), f64::from(ah)),
                corner,
                (f64::from(l.boxed.0), f64::from(l.boxed.1)),
                f64::from(l.inset),
            );
            draw_legend_box(&area, &items, l, (r.0 as i32, r.1 as i32), theme).map_err(err)?;
        }
    }
    root.present().map_err(err)
}

type XyContext<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// The XY chart's frame on `area`: margins, label areas and the data ranges.
fn build_xy<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    theme: &Theme,
    top_margin: u32,
    (x0, x1): (f64, f64),
    (y0, y1): (f64, f64),
) -> Result<XyContext<'a, DB>, DrawingAreaErrorKind<DB::ErrorType>> {
    ChartBuilder::on(area)
        .margin(theme.px(12.0))
        .margin_top(top_margin)
        .margin_right(theme.px(24.0))
        .x_label_area_size(theme.px(40.0))
        .y_label_area_size(theme.px(64.0))
        .build_cartesian_2d(x0..x1, y0..y1)
}

/// What the series of `chart` draw inside the plot, in backend pixels (`to_px` maps data
/// coordinates), for placing the legend where nothing runs.
fn drawn_geometry(
    chart: &XyChart,
    extra: &[f64],
    theme: &Theme,
    to_px: &dyn Fn(f64, f64) -> (i32, i32),
) -> legend::Drawn {
    let p = |x: f64, y: f64| {
        let (a, b) = to_px(x, y);
        (f64::from(a), f64::from(b))
    };
    let mut d = legend::Drawn::default();
    for (s, &extra) in chart.series.iter().zip(extra) {
        let half = f64::from(theme.px(2.0 + extra)) / 2.0;
        let pts: Vec<(f64, f64)> = s.points.iter().map(|&(x, y)| p(x, y)).collect();
        d.segments
            .extend(pts.windows(2).map(|w| (w[0], w[1], half)));
        if s.markers || pts.len() == 1 {
            let r = f64::from(theme.px(3.5 + extra));
            d.segments.extend(pts.iter().map(|&q| (q, q, r)));
        }
        for &(x, lo, hi) in &s.band {
            d.segments
                .push((p(x, hi), p(x, lo), f64::from(theme.px(4.0))));
        }
        if s.band.len() >= 2 {
            let mut poly: Vec<(f64, f64)> = s.band.iter().map(|&(x, _, hi)| p(x, hi)).collect();
            poly.extend(s.band.iter().rev().map(|&(x, lo, _)| p(x, lo)));
            d.polygons.push(poly);
        }
    }
    d
}

/// Draw with `draw` onto an SVG document of `width` x `height` pixels (the one SVG path of
/// every chart kind).
fn render_svg(
    width: u32,
    height: u32,
    draw: impl FnOnce(DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), String>,
) -> Result<String, String> {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (width, height)).into_drawing_area();
        draw(root)?;
    }
    Ok(out)
}

/// Render `chart` as an SVG document of `width` x `height` pixels.
pub fn xy_chart_svg(
    chart: &XyChart,
    width: u32,
    height: u32,
    theme: &Theme,
) -> Result<String, String> {
    render_svg(width, height, |root| draw_xy_chart(root, chart, theme))
}

struct LegendItem<'a> {
    label: &'a str,
    color: RGBColor,
    dashed: bool,
    band: bool,
}

/// Colours for tasks on a timeline (distinct in light and dark themes).
pub const TASK_COLORS: [RGBColor; 12] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
    RGBColor(174, 199, 232),
    RGBColor(255, 187, 120),
];

/// The colour of the timeline's runnable-count lines (distinct from the frequency strip's grey
/// and from the task colours' saturated hues).
pub const RUNNABLE_COLOR: RGBColor = RGBColor(200, 30, 90);

/// One CPU's row of a [`TimelineChart`].
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TimelineLane {
    /// E.g. `CPU 3`.
    pub label: String,
    /// `(start ms, end ms, colour index into TASK_COLORS)` of every stretch a task ran.
    pub segs: Vec<(f64, f64, usize)>,
    /// The CPU's frequency as steps: `(from ms, MHz)`, in time order.
    pub freq: Vec<(f64, f64)>,
    /// The CPU's count of runnable tasks (running + waiting) as steps: `(from ms, count)`, in
    /// time order; drawn over the frequency strip, scaled to [`TimelineChart::max_runnable`].
    #[serde(default)]
    pub runnable: Vec<(f64, u32)>,
}

/// Which task ran on which CPU over time, and each CPU's frequency.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TimelineChart {
    pub title: String,
    pub t0_ms: f64,
    pub t1_ms: f64,
    pub lanes: Vec<TimelineLane>,
    /// Frequency scale of the lanes' frequency strips (MHz at the top of the strip).
    pub max_mhz: f64,
    /// Wake-ups: `(time ms, lane)`, drawn as ticks above the lane.
    pub marks: Vec<(f64, usize)>,
    /// Index into `marks` to highlight.
    pub selected: Option<usize>,
    /// Legend entries: `(task name, colour index)`.
    pub legend: Vec<(String, usize)>,
    /// Scale of the lanes' runnable-count lines (the count at the top of the strip; 0: none).
    #[serde(default)]
    pub max_runnable: u32,
}

/// Where a drawn [`TimelineChart`] put things, in backend pixels, for hit-testing clicks.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TimelineLayout {
    pub x0: f64,
    pub x1: f64,
    pub t0_ms: f64,
    pub t1_ms: f64,
    /// Top and bottom of each lane.
    pub lanes: Vec<(f64, f64)>,
}

impl TimelineLayout {
    /// The time (ms) and lane under a backend pixel, if inside the lanes.
    pub fn hit(&self, x: f64, y: f64) -> Option<(f64, usize)> {
        if x < self.x0 || x > self.x1 || self.x1 <= self.x0 {
            return None;
        }
        let lane = self.lanes.iter().position(|&(a, b)| y >= a && y < b)?;
        Some((
            self.t0_ms + (x - self.x0) / (self.x1 - self.x0) * (self.t1_ms - self.t0_ms),
            lane,
        ))
    }

    /// Backend pixels per ms.
    pub fn px_per_ms(&self) -> f64 {
        (self.x1 - self.x0) / (self.t1_ms - self.t0_ms).max(1e-9)
    }
}

/// Draw a per-CPU timeline: each lane shows the running task as coloured bars (top part) and
/// the CPU's frequency as a filled step line (bottom part).
pub fn draw_timeline<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    chart: &TimelineChart,
    theme: &Theme,
) -> Result<TimelineLayout, String> {
    fonts_ready();
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&theme.background).map_err(err)?;
    let font = |size: f64| {
        ("sans-serif", size * theme.scale)
            .into_font()
            .color(&theme.foreground)
    };
    let n = chart.lanes.len().max(1) as f64;
    let (t0, t1) = if chart.t1_ms > chart.t0_ms {
        (chart.t0_ms, chart.t1_ms)
    } else {
        (chart.t0_ms, chart.t0_ms + 1.0)
    };
    let (w, _) = root.dim_in_pixel();
    let px = |v: f64| theme.px(v) as i32;
    // Legend row above the chart.
    let mut y_top = px(6.0);
    if !chart.title.is_empty() {
        root.draw(&Text::new(
            chart.title.as_str(),
            (px(8.0), y_top),
            font(14.0).pos(Pos::new(HPos::Left, VPos::Top)),
        ))
        .map_err(err)?;
        y_top += px(22.0);
    }
    if !chart.legend.is_empty() {
        let lf = font(11.0).pos(Pos::new(HPos::Left, VPos::Center));
        let (mut x, mut y) = (px(8.0), y_top + px(8.0));
        for (name, c) in &chart.legend {
            let (tw, _) = root.estimate_text_size(name, &lf).map_err(err)?;
            if x + px(18.0) + tw as i32 > w as i32 - px(8.0) && x > px(8.0) {
                x = px(8.0);
                y += px(18.0);
            }
            let col = TASK_COLORS[c % TASK_COLORS.len()];
            root.draw(&Rectangle::new(
                [(x, y - px(5.0)), (x + px(12.0), y + px(5.0))],
                col.filled(),
            ))
            .map_err(err)?;
            root.draw(&Text::new(name.as_str(), (x + px(16.0), y), lf.clone()))
                .map_err(err)?;
            x += px(28.0) + tw as i32;
        }
        if chart.max_runnable > 0 {
            // the runnable-count line's key: a short stroke of its colour
            let name = format!(
                "runnable tasks (0–{} over the lower strip)",
                chart.max_runnable
            );
            let (tw, _) = root.estimate_text_size(&name, &lf).map_err(err)?;
            if x + px(18.0) + tw as i32 > w as i32 - px(8.0) && x > px(8.0) {
                x = px(8.0);
                y += px(18.0);
            }
            root.draw(&PathElement::new(
                vec![(x, y), (x + px(12.0), y)],
                RUNNABLE_COLOR.stroke_width(theme.px(2.0)),
            ))
            .map_err(err)?;
            root.draw(&Text::new(name, (x + px(16.0), y), lf.clone()))
                .map_err(err)?;
        }
        y_top = y + px(14.0);
    }
    let area = root.margin(y_top.max(0) as u32, 0, 0, 0);
    let mut ctx = ChartBuilder::on(&area)
        .margin(theme.px(6.0))
        .margin_right(theme.px(64.0))
        .x_label_area_size(theme.px(36.0))
        .y_label_area_size(theme.px(60.0))
        .build_cartesian_2d(t0..t1, 0.0..n)
        .map_err(err)?;
    ctx.configure_mesh()
        .disable_y_mesh()
        .y_labels(0)
        .x_desc("time (ms)")
        .x_labels(10)
        .x_label_formatter(&|v| tick(*v, t1 - t0))
        .label_style(font(12.0))
        .axis_desc_style(font(13.0))
        .axis_style(theme.foreground.stroke_width(theme.px(1.0)))
        .light_line_style(theme.grid.mix(0.4))
        .bold_line_style(theme.grid.stroke_width(theme.px(1.0)))
        .draw()
        .map_err(err)?;
    // Lane i occupies y in [n-i-1, n-i] (lane 0 on top).
    let lane_y = |i: usize| n - i as f64 - 1.0;
    let max_mhz = if chart.max_mhz > 0.0 {
        chart.max_mhz
    } else {
        1.0
    };
    let label_font = font(11.0).pos(Pos::new(HPos::Right, VPos::Center));
    let mut layout = TimelineLayout {
        t0_ms: t0,
        t1_ms: t1,
        ..TimelineLayout::default()
    };
    {
        let (a, _) = ctx.backend_coord(&(t0, 0.0));
        let (b, _) = ctx.backend_coord(&(t1, 0.0));
        layout.x0 = a as f64;
        layout.x1 = b as f64;
    }
    // On a big machine the lanes are thinner than a line of text: label every step-th lane
    // only (CPU 0, 8, 16, ...), so 512 labels do not smear into one (issue 22 item 5).
    let label_step = {
        let (_, top) = ctx.backend_coord(&(t0, n));
        let (_, bottom) = ctx.backend_coord(&(t0, 0.0));
        lane_label_step((bottom - top) as f64 / n, f64::from(px(13.0)))
    };
    for (i, lane) in chart.lanes.iter().enumerate() {
        let y = lane_y(i);
        let labelled = i % label_step == 0;
        // Lane background, separator.
        ctx.draw_series(std::iter::once(Rectangle::new(
            [(t0, y), (t1, y + 1.0)],
            if i % 2 == 0 {
                theme.grid.mix(0.25).filled()
            } else {
                theme.background.filled()
            },
        )))
        .map_err(err)?;
        // Task bars: the upper half of the lane.
        let (bar_lo, bar_hi) = (y + 0.5, y + 0.95);
        ctx.draw_series(
            lane.segs
                .iter()
                .filter(|s| s.1 > t0 && s.0 < t1)
                .map(|&(a, b, c)| {
                    Rectangle::new(
                        [(a.max(t0), bar_lo), (b.min(t1), bar_hi)],
                        TASK_COLORS[c % TASK_COLORS.len()].filled(),
                    )
                }),
        )
        .map_err(err)?;
        // Frequency strip (0 .. max_mhz): the lower part, with the mean in GHz at the right.
        if !lane.freq.is_empty() {
            let (f_lo, f_hi) = (y + 0.05, y + 0.45);
            let scale = |mhz: f64| f_lo + (mhz / max_mhz).clamp(0.0, 1.0) * (f_hi - f_lo);
            let steps = step_points(lane.freq.iter().map(|&(t, mhz)| (t, scale(mhz))), t0, t1);
            let fc = theme.foreground;
            let mut poly = steps.clone();
            poly.push((t1, f_lo));
            poly.push((steps[0].0, f_lo));
            ctx.draw_series(std::iter::once(Polygon::new(poly, fc.mix(0.2).filled())))
                .map_err(err)?;
            ctx.draw_series(LineSeries::new(
                steps,
                fc.mix(0.8).stroke_width(theme.px(1.5)),
            ))
            .map_err(err)?;
            // Time-weighted mean frequency over the window, at the lane's right end.
            let mut acc = 0.0;
            for (k, &(t, mhz)) in lane.freq.iter().enumerate() {
                let a = t.clamp(t0, t1);
                let b = lane.freq.get(k + 1).map_or(t1, |n| n.0.clamp(t0, t1));
                acc += mhz * (b - a).max(0.0);
            }
            let mean = acc / (t1 - lane.freq[0].0.clamp(t0, t1)).max(1e-9);
            let (xr, ym) = ctx.backend_coord(&(t1, y + 0.5));
            if labelled {
                root.draw(&Text::new(
                    format!("{:.1} GHz", mean / 1000.0),
                    (xr + px(6.0), ym),
                    font(11.0).pos(Pos::new(HPos::Left, VPos::Center)),
                ))
                .map_err(err)?;
            }
        }
        // Runnable count (0 .. max_runnable) as steps over the frequency strip.
        if chart.max_runnable > 0 && !lane.runnable.is_empty() {
            let (r_lo, r_hi) = (y + 0.05, y + 0.45);
            let scale =
                |nr: u32| r_lo + f64::from(nr) / f64::from(chart.max_runnable) * (r_hi - r_lo);
            let points = lane.runnable.iter().filter(|r| r.0 <= t1);
            let steps = step_points(points.map(|&(t, nr)| (t, scale(nr))), t0, t1);
            ctx.draw_series(LineSeries::new(
                steps,
                RUNNABLE_COLOR.mix(0.6).stroke_width(theme.px(1.0)),
            ))
            .map_err(err)?;
        }
        let (_, top) = ctx.backend_coord(&(t0, y + 1.0));
        let (xl, bottom) = ctx.backend_coord(&(t0, y));
        layout.lanes.push((top as f64, bottom as f64));
        if labelled {
            root.draw(&Text::new(
                lane.label.as_str(),
                (xl - px(6.0), (top + bottom) / 2),
                label_font.clone(),
            ))
            .map_err(err)?;
        }
    }
    // Wake-up marks: a small triangle at the top of the destination lane.
    let mark = theme.foreground;
    for (k, &(t, lane)) in chart.marks.iter().enumerate() {
        if lane >= chart.lanes.len() || t < t0 || t > t1 {
            continue;
        }
        let (x, ytop) = ctx.backend_coord(&(t, lane_y(lane) + 1.0));
        let sel = chart.selected == Some(k);
        let s = if sel { px(6.0) } else { px(3.0) };
        let col = if sel { RGBColor(230, 0, 90) } else { mark };
        root.draw(&Polygon::new(
            vec![(x - s, ytop), (x + s, ytop), (x, ytop + s + s / 2)],
            col.mix(if sel { 1.0 } else { 0.55 }).filled(),
        ))
        .map_err(err)?;
        if sel {
            let (_, yb) = ctx.backend_coord(&(t, lane_y(lane)));
            root.draw(&PathElement::new(
                vec![(x, ytop), (x, yb)],
                col.stroke_width(theme.px(1.5)),
            ))
            .map_err(err)?;
        }
    }
    root.present().map_err(err)?;
    Ok(layout)
}

/// A step series `(from time, value)` as the corners of its line: each value held until the next
/// change, the last until `t1`; times clamped to the window `t0..t1`.
fn step_points(points: impl Iterator<Item = (f64, f64)>, t0: f64, t1: f64) -> Vec<(f64, f64)> {
    let mut steps = Vec::new();
    let mut last = None;
    for (t, v) in points {
        let t = t.clamp(t0, t1);
        if let Some(prev) = last {
            steps.push((t, prev));
        }
        steps.push((t, v));
        last = Some(v);
    }
    if let Some(prev) = last {
        steps.push((t1, prev));
    }
    steps
}

/// Label every how-many-th lane so labels `label_px` tall do not overlap on lanes `lane_px`
/// tall: 1 while they fit, else the next power of two (CPU 0, 8, 16, ... on a 512-CPU
/// machine, numbers a reader can count with).
fn lane_label_step(lane_px: f64, label_px: f64) -> usize {
    if lane_px >= label_px || lane_px <= 0.0 {
        return 1;
    }
    ((label_px / lane_px).ceil() as usize).next_power_of_two()
}

/// Render a timeline as an SVG document.
pub fn timeline_svg(
    chart: &TimelineChart,
    width: u32,
    height: u32,
    theme: &Theme,
) -> Result<String, String> {
    render_svg(width, height, |root| {
        draw_timeline(root, chart, theme).map(|_| ())
    })
}

/// Render `chart` as a PNG of `width` x `height` pixels (natively only). Use a theme with
/// `scale` 2 and twice the size for a crisp plot on HiDPI screens and in documents.
#[cfg(not(target_arch = "wasm32"))]
pub fn xy_chart_png(
    chart: &XyChart,
    width: u32,
    height: u32,
    theme: &Theme,
) -> Result<Vec<u8>, String> {
    native::render_png(width, height, theme.scale, |root| {
        draw_xy_chart(root, chart, theme)
    })
}

/// Render a timeline as a PNG (natively only).
#[cfg(not(target_arch = "wasm32"))]
pub fn timeline_png(
    chart: &TimelineChart,
    width: u32,
    height: u32,
    theme: &Theme,
) -> Result<Vec<u8>, String> {
    native::render_png(width, height, theme.scale, |root| {
        draw_timeline(root, chart, theme).map(|_| ())
    })
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
        let ((x0, x1), (y0, y1)) = xy_ranges(&XyChart::from(&sample()), &|x| x);
        assert_eq!((x0, x1), (0.0, 100.0));
        assert_eq!(y0, 0.0);
        assert!(y1 > 300.0);
    }

    #[test]
    fn xy_chart_draws_bands_dashes_and_manual_ticks() {
        let chart = XyChart {
            title: "tbench".into(),
            x_label: "clients".into(),
            y_label: "MB/sec".into(),
            series: vec![
                XySeries {
                    label: "base".into(),
                    points: vec![(1.0, 10.0), (2.0, 20.0), (8.0, 70.0)],
                    band: vec![(1.0, 9.0, 11.0), (2.0, 18.0, 22.0), (8.0, 60.0, 75.0)],
                    markers: true,
                    ..XySeries::default()
                },
                XySeries {
                    label: "published".into(),
                    points: vec![(1.0, 12.0), (8.0, 80.0)],
                    dashed: true,
                    color: 1,
                    ..XySeries::default()
                },
            ],
            x_log2: true,
            x_ticks: vec![(1.0, "1".into()), (2.0, "2".into()), (8.0, "8".into())],
            ..XyChart::default()
        };
        let svg = xy_chart_svg(&chart, 640, 400, &Theme::light(1.0)).unwrap();
        assert!(svg.contains("published"));
        assert!(svg.contains("<polygon"), "no band drawn");
        assert!(svg.contains(">\n8\n</text>"), "manual tick label missing");
        let ((x0, x1), _) = xy_ranges(&chart, &|x: f64| x.log2());
        assert!(x0 < 0.0 && x1 > 3.0);
    }

    /// The x and y attributes of the `<text>` element whose content is `content`.
    fn text_xy(svg: &str, content: &str) -> (f64, f64) {
        let end = svg
            .find(&format!(">\n{content}\n</text>"))
            .unwrap_or_else(|| panic!("no text {content:?}"));
        let start = svg[..end].rfind("<text").unwrap();
        let attr = |name: &str| -> f64 {
            let v = svg[start..end]
                .split(&format!(" {name}=\""))
                .nth(1)
                .unwrap();
            v.split('"').next().unwrap().parse().unwrap()
        };
        (attr("x"), attr("y"))
    }

    /// T1's shape (issue 22 item 8): simulated curves rising to 8 clients, published lines
    /// (dashed) high on the right from 8 to 64, so the upper right corner is taken.
    fn t1_like() -> XyChart {
        let clients = [1.0, 2.0, 4.0, 8.0, 64.0];
        let series = |label: &str, ys: [f64; 5], dashed: bool, color: usize| XySeries {
            label: label.into(),
            points: clients.iter().copied().zip(ys).collect(),
            dashed,
            markers: true,
            color,
            ..XySeries::default()
        };
        XyChart {
            title: "dbench".into(),
            x_label: "clients".into(),
            y_label: "MB/sec".into(),
            series: vec![
                series("4.15", [300.0, 1200.0, 1700.0, 2400.0, 2450.0], false, 0),
                series("4.16", [700.0, 1700.0, 1600.0, 2450.0, 2430.0], false, 1),
                series(
                    "4.15 (published)",
                    [287.0, 1268.0, 1739.0, 2464.0, 2455.0],
                    true,
                    0,
                ),
                series(
                    "4.16 (published)",
                    [817.0, 1781.0, 1594.0, 2479.0, 2434.0],
                    true,
                    1,
                ),
            ],
            legend: Legend::UpperRight,
            x_log2: true,
            x_ticks: clients.iter().map(|&c| (c, format!("{c}"))).collect(),
            ..XyChart::default()
        }
    }

    #[test]
    fn the_legend_leaves_the_corner_the_lines_run_through() {
        let svg = xy_chart_svg(&t1_like(), 800, 400, &Theme::light(1.0)).unwrap();
        let (lx, ly) = text_xy(&svg, "4.16 (published)");
        // The lines run high on the right: the legend moves to the other upper corner, which
        // the curves reach only later (they start low at 1 client).
        assert!(lx < 400.0 && ly < 200.0, "legend at {lx},{ly}");
    }

    fn all_corners_taken() -> XyChart {
        let mut c = t1_like();
        // Lines through all four corners: an X and flat lines along the top and bottom.
        let xs = [1.0, 64.0];
        for (k, ys) in [[0.0, 2500.0], [2500.0, 0.0], [2450.0, 2450.0], [20.0, 20.0]]
            .into_iter()
            .enumerate()
        {
            c.series.push(XySeries {
                label: format!("cross {k}"),
                points: xs.iter().copied().zip(ys).collect(),
                color: 2,
                ..XySeries::default()
            });
        }
        c
    }

    #[test]
    fn with_no_free_corner_the_legend_goes_above_the_plot() {
        let svg = xy_chart_svg(&all_corners_taken(), 800, 400, &Theme::light(1.0)).unwrap();
        let (_, legend_y) = text_xy(&svg, "cross 3");
        let (_, title_y) = text_xy(&svg, "dbench");
        let (_, y_axis_label) = text_xy(&svg, "64");
        assert!(
            title_y < legend_y && legend_y < 80.0 && legend_y < y_axis_label,
            "title {title_y}, legend {legend_y}, x tick {y_axis_label}"
        );
    }

    /// Not a check: `WAKELAB_PLOT_PNG=dir cargo test -p wakelab-plot legend_pngs` writes the
    /// charts above as PNGs to look at.
    #[test]
    fn legend_pngs() {
        let Some(dir) = std::env::var_os("WAKELAB_PLOT_PNG") else {
            return;
        };
        let dir = std::path::PathBuf::from(dir);
        for (name, theme) in [("light", Theme::light(2.0)), ("dark", Theme::dark(2.0))] {
            let png = xy_chart_png(&t1_like(), 1600, 800, &theme).unwrap();
            std::fs::write(dir.join(format!("t1-like-{name}.png")), png).unwrap();
            let png = xy_chart_png(&all_corners_taken(), 1600, 800, &theme).unwrap();
            std::fs::write(dir.join(format!("crowded-{name}.png")), png).unwrap();
        }
    }

    #[test]
    fn big_machines_label_every_few_lanes() {
        assert_eq!(lane_label_step(26.0, 13.0), 1);
        assert_eq!(lane_label_step(13.0, 13.0), 1);
        assert_eq!(lane_label_step(4.0, 13.0), 4);
        assert_eq!(lane_label_step(1.5, 13.0), 16);
        let chart = TimelineChart {
            t0_ms: 0.0,
            t1_ms: 10.0,
            lanes: (0..512)
                .map(|c| TimelineLane {
                    label: format!("CPU {c}"),
                    segs: vec![],
                    freq: vec![(0.0, 2000.0)],
                    ..TimelineLane::default()
                })
                .collect(),
            max_mhz: 4000.0,
            ..TimelineChart::default()
        };
        let mut out = String::new();
        {
            let root = SVGBackend::with_string(&mut out, (800, 1200)).into_drawing_area();
            draw_timeline(root, &chart, &Theme::light(1.0)).unwrap();
        }
        let labels = out.matches(">\nCPU ").count();
        assert!(
            out.contains(">\nCPU 0\n<") && !out.contains(">\nCPU 1\n<"),
            "CPU 1 labelled"
        );
        assert!((32..=128).contains(&labels), "{labels} lane labels");
        assert_eq!(out.matches(" GHz\n").count(), labels);
    }

    /// The runnable-count lines: one step line per lane that has counts, in their own colour,
    /// keyed in the legend with the scale; none without counts.
    #[test]
    fn timeline_draws_runnable_counts_when_it_has_them() {
        let chart = |runnable: bool| TimelineChart {
            t0_ms: 0.0,
            t1_ms: 10.0,
            lanes: (0..2)
                .map(|c| TimelineLane {
                    label: format!("CPU {c}"),
                    segs: vec![(0.0, 10.0, c)],
                    runnable: if runnable {
                        vec![(0.0, 1), (2.0, 3 - c as u32), (6.0, 1)]
                    } else {
                        vec![]
                    },
                    ..TimelineLane::default()
                })
                .collect(),
            legend: vec![("a".into(), 0), ("b".into(), 1)],
            max_runnable: if runnable { 3 } else { 0 },
            ..TimelineChart::default()
        };
        let svg = |c: &TimelineChart| {
            let mut out = String::new();
            {
                let root = SVGBackend::with_string(&mut out, (800, 300)).into_drawing_area();
                draw_timeline(root, c, &Theme::light(1.0)).unwrap();
            }
            out
        };
        let colour = format!(
            "#{:02X}{:02X}{:02X}",
            RUNNABLE_COLOR.0, RUNNABLE_COLOR.1, RUNNABLE_COLOR.2
        );
        let with = svg(&chart(true));
        assert!(with.contains("runnable tasks (0–3"), "legend key");
        // the key's stroke and one step line per lane
        assert_eq!(with.matches(&colour).count(), 3, "{with}");
        let without = svg(&chart(false));
        assert!(!without.contains("runnable tasks") && !without.contains(&colour));
    }

    #[test]
    fn timeline_draws_lanes_and_hit_tests() {
        let chart = TimelineChart {
            title: String::new(),
            t0_ms: 100.0,
            t1_ms: 120.0,
            lanes: (0..4)
                .map(|c| TimelineLane {
                    label: format!("CPU {c}"),
                    segs: vec![(100.0 + c as f64, 105.0 + c as f64, c)],
                    freq: vec![(100.0, 800.0), (110.0, 3000.0)],
                    ..TimelineLane::default()
                })
                .collect(),
            max_mhz: 4000.0,
            marks: vec![(101.0, 2)],
            selected: Some(0),
            legend: vec![("client0".into(), 0), ("server0".into(), 1)],
            max_runnable: 0,
        };
        let mut out = String::new();
        let layout = {
            let root = SVGBackend::with_string(&mut out, (800, 300)).into_drawing_area();
            draw_timeline(root, &chart, &Theme::dark(1.0)).unwrap()
        };
        assert!(out.contains("CPU 3") && out.contains("server0"));
        assert!(
            out.contains("1.9 GHz"),
            "time-weighted mean frequency label"
        );
        assert_eq!(layout.lanes.len(), 4);
        assert!(layout.lanes.windows(2).all(|w| w[0].1 <= w[1].0 + 1.0));
        let mid = (layout.lanes[2].0 + layout.lanes[2].1) / 2.0;
        let (t, lane) = layout.hit((layout.x0 + layout.x1) / 2.0, mid).unwrap();
        assert_eq!(lane, 2);
        assert!((t - 110.0).abs() < 0.5, "{t}");
        assert!(layout.hit(layout.x0 - 5.0, mid).is_none());
    }
}
