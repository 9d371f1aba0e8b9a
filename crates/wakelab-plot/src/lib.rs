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

#[cfg(not(target_arch = "wasm32"))]
mod native;

/// Make text measurable before drawing: natively, register the embedded font; in the
/// browser, plotters asks the canvas.
fn fonts_ready() {
    #[cfg(not(target_arch = "wasm32"))]
    native::register_fonts();
}

mod bars;
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
fn draw_legend_items<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    items: &[LegendItem<'_>],
    legend: Legend,
    theme: &Theme,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    if legend == Legend::Hidden || items.iter().all(|s| s.label.is_empty()) {
        return Ok(());
    }
    let font = ("sans-serif", 12.0 * theme.scale)
        .into_font()
        .color(&theme.foreground);
    let mut sizes = Vec::with_capacity(items.len());
    for s in items {
        sizes.push(area.estimate_text_size(s.label, &font)?);
    }
    let px = |v: f64| theme.px(v) as i32;
    let (pad, swatch, gap, inset) = (px(8.0), px(18.0), px(6.0), px(10.0));
    let text_w = sizes.iter().map(|s| s.0 as i32).max().unwrap_or(0);
    let line_h = sizes.iter().map(|s| s.1 as i32).max().unwrap_or(0) + px(4.0);
    let (w, h) = (
        2 * pad + swatch + gap + text_w,
        2 * pad + line_h * items.len() as i32,
    );
    let (aw, ah) = area.dim_in_pixel();
    let (aw, ah) = (aw as i32, ah as i32);
    let x0 = match legend {
        Legend::UpperLeft | Legend::LowerLeft => inset,
        _ => aw - w - inset,
    };
    let y0 = match legend {
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
    for (i, s) in items.iter().enumerate() {
        let y = y0 + pad + line_h * i as i32 + line_h / 2;
        let style = s.color.stroke_width(theme.px(2.0));
        if s.band {
            area.draw(&Rectangle::new(
                [(x0 + pad, y - px(5.0)), (x0 + pad + swatch, y + px(5.0))],
                s.color.mix(0.15).filled(),
            ))?;
        }
        if s.dashed {
            let third = swatch / 3;
            for k in [0, 2] {
                area.draw(&PathElement::new(
                    vec![(x0 + pad + k * third, y), (x0 + pad + (k + 1) * third, y)],
                    style,
                ))?;
            }
        } else {
            area.draw(&PathElement::new(
                vec![(x0 + pad, y), (x0 + pad + swatch, y)],
                style,
            ))?;
        }
        area.draw(&Text::new(
            s.label,
            (x0 + pad + swatch + gap, y),
            font.pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
    }
    Ok(())
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
    let mut builder = ChartBuilder::on(&root);
    if !chart.title.is_empty() {
        builder.caption(&chart.title, font(15.0));
    }
    let mut ctx = builder
        .margin(theme.px(12.0))
        .margin_right(theme.px(24.0))
        .x_label_area_size(theme.px(40.0))
        .y_label_area_size(theme.px(64.0))
        .build_cartesian_2d(x0..x1, y0..y1)
        .map_err(err)?;

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
    // Earlier solid lines are drawn wider, so identical results stay visible as a halo.
    let solid = chart.series.iter().filter(|s| !s.dashed).count();
    let mut solid_i = 0;
    for s in &chart.series {
        let c = theme.palette[s.color % theme.palette.len()];
        let extra = if s.dashed {
            0.0
        } else {
            solid_i += 1;
            1.5 * (solid - solid_i).min(2) as f64
        };
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
    draw_legend_items(
        &ctx.plotting_area().strip_coord_spec(),
        &items,
        chart.legend,
        theme,
    )
    .map_err(err)?;
    root.present().map_err(err)
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

/// One CPU's row of a [`TimelineChart`].
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TimelineLane {
    /// E.g. `CPU 3`.
    pub label: String,
    /// `(start ms, end ms, colour index into TASK_COLORS)` of every stretch a task ran.
    pub segs: Vec<(f64, f64, usize)>,
    /// The CPU's frequency as steps: `(from ms, MHz)`, in time order.
    pub freq: Vec<(f64, f64)>,
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
    for (i, lane) in chart.lanes.iter().enumerate() {
        let y = lane_y(i);
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
            let mut steps = Vec::with_capacity(lane.freq.len() * 2 + 2);
            let mut last = None;
            for &(t, mhz) in &lane.freq {
                let t = t.clamp(t0, t1);
                if let Some(prev) = last {
                    steps.push((t, scale(prev)));
                }
                steps.push((t, scale(mhz)));
                last = Some(mhz);
            }
            if let Some(prev) = last {
                steps.push((t1, scale(prev)));
            }
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
            root.draw(&Text::new(
                format!("{:.1} GHz", mean / 1000.0),
                (xr + px(6.0), ym),
                font(11.0).pos(Pos::new(HPos::Left, VPos::Center)),
            ))
            .map_err(err)?;
        }
        let (_, top) = ctx.backend_coord(&(t0, y + 1.0));
        let (xl, bottom) = ctx.backend_coord(&(t0, y));
        layout.lanes.push((top as f64, bottom as f64));
        root.draw(&Text::new(
            lane.label.as_str(),
            (xl - px(6.0), (top + bottom) / 2),
            label_font.clone(),
        ))
        .map_err(err)?;
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
                })
                .collect(),
            max_mhz: 4000.0,
            marks: vec![(101.0, 2)],
            selected: Some(0),
            legend: vec![("client0".into(), 0), ("server0".into(), 1)],
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
