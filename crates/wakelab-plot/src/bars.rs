//! Grouped bar charts: a few named categories on x (frequencies, C-states, latency buckets),
//! one bar per series (variant) in each category. Used for residency histograms and the
//! wake-up latency distribution, where the x values are classes rather than a continuous axis.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use serde::{Deserialize, Serialize};

use crate::{Legend, Theme, render_svg, tick};

/// One series of a [`BarChart`]: a value per category (`None` = no bar).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BarSeries {
    pub label: String,
    /// One entry per category of the chart, in the chart's order.
    pub values: Vec<Option<f64>>,
    /// Palette index of the colour.
    #[serde(default)]
    pub color: usize,
}

/// Bars grouped by category, side by side per series.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BarChart {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    /// Category labels, left to right.
    pub categories: Vec<String>,
    pub series: Vec<BarSeries>,
    /// Fixed y range; `None` = from 0 to a little above the tallest bar.
    pub y_range: Option<(f64, f64)>,
    pub legend: Legend,
}

fn y_range(chart: &BarChart) -> (f64, f64) {
    if let Some(r) = chart.y_range {
        return r;
    }
    let hi = chart
        .series
        .iter()
        .flat_map(|s| s.values.iter().flatten())
        .copied()
        .filter(|v| v.is_finite())
        .fold(0.0f64, f64::max);
    if hi <= 0.0 {
        (0.0, 1.0)
    } else {
        (0.0, hi * 1.12)
    }
}

/// Draw `chart` onto `root` (any plotters backend) and present it.
pub fn draw_bar_chart<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    chart: &BarChart,
    theme: &Theme,
) -> Result<(), String> {
    crate::fonts_ready();
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&theme.background).map_err(err)?;
    // The legend goes in a row above the plot, never over the bars (residency bars reach
    // 100%, so no corner of the plot is free).
    let legend_h = legend_row(&root, chart, theme, false).map_err(err)?;
    let (top, area) = root.split_vertically(legend_h);
    legend_row(&top, chart, theme, true).map_err(err)?;
    let n = chart.categories.len().max(1);
    let (y0, y1) = y_range(chart);
    let font = |size: f64| {
        ("sans-serif", size * theme.scale)
            .into_font()
            .color(&theme.foreground)
    };
    let mut builder = ChartBuilder::on(&area);
    if !chart.title.is_empty() {
        builder.caption(&chart.title, font(14.0));
    }
    let mut ctx = builder
        .margin(theme.px(10.0))
        .margin_right(theme.px(16.0))
        .x_label_area_size(theme.px(40.0))
        .y_label_area_size(theme.px(56.0))
        .build_cartesian_2d(-0.5..(n as f64 - 0.5), y0..y1)
        .map_err(err)?;
    let yfmt = |v: &f64| tick(*v, y1 - y0);
    ctx.configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .x_desc(chart.x_label.as_str())
        .y_desc(chart.y_label.as_str())
        .label_style(font(12.0))
        .axis_desc_style(font(13.0))
        .axis_style(theme.foreground.stroke_width(theme.px(1.0)))
        .light_line_style(theme.grid.mix(0.5))
        .bold_line_style(theme.grid.stroke_width(theme.px(1.0)))
        .y_labels(6)
        .y_label_formatter(&yfmt)
        .draw()
        .map_err(err)?;

    // Category labels under the groups, thinned so they do not collide. Drawn on the whole
    // `root` because `backend_coord` gives backend pixels, not pixels of the lower `area`.
    let (plot_w, _) = ctx.plotting_area().dim_in_pixel();
    let tick_font = font(12.0).pos(Pos::new(HPos::Center, VPos::Top));
    let mut widest = 1u32;
    for c in &chart.categories {
        widest = widest.max(root.estimate_text_size(c, &tick_font).map_err(err)?.0);
    }
    let per_label = plot_w as f64 / n as f64;
    let step = ((widest as f64 + theme.px(8.0) as f64) / per_label.max(1.0)).ceil() as usize;
    let step = step.max(1);
    for (i, label) in chart.categories.iter().enumerate() {
        if i % step != 0 {
            continue;
        }
        let (px, py) = ctx.backend_coord(&(i as f64, y0));
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

    let ns = chart.series.len().max(1);
    let group = 0.8;
    let w = group / ns as f64;
    for (si, s) in chart.series.iter().enumerate() {
        let c = theme.palette[s.color % theme.palette.len()];
        for (i, v) in s.values.iter().enumerate().take(n) {
            let Some(v) = v.filter(|v| v.is_finite()) else {
                continue;
            };
            let left = i as f64 - group / 2.0 + si as f64 * w;
            let top = v.clamp(y0, y1);
            ctx.draw_series(std::iter::once(Rectangle::new(
                [(left + w * 0.06, y0), (left + w * 0.94, top)],
                c.mix(0.85).filled(),
            )))
            .map_err(err)?;
        }
    }

    root.present().map_err(err)
}

/// Lay out (and with `draw`, draw) the legend as rows of swatch + label across the top of
/// `area`; returns the height it takes (0 when hidden or empty).
fn legend_row<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &BarChart,
    theme: &Theme,
    draw: bool,
) -> Result<u32, DrawingAreaErrorKind<DB::ErrorType>> {
    if chart.legend == Legend::Hidden || chart.series.iter().all(|s| s.label.is_empty()) {
        return Ok(0);
    }
    let font = ("sans-serif", 12.0 * theme.scale)
        .into_font()
        .color(&theme.foreground);
    let px = |v: f64| theme.px(v) as i32;
    let (pad, swatch, gap, sep) = (px(6.0), px(14.0), px(5.0), px(16.0));
    let (w, _) = area.dim_in_pixel();
    let left = px(56.0); // line up with the plot (the y label area)
    let (mut x, mut y) = (left, pad);
    let mut line_h = 0;
    for s in &chart.series {
        let (tw, th) = area.estimate_text_size(&s.label, &font)?;
        let item_w = swatch + gap + tw as i32;
        line_h = line_h.max(th as i32).max(swatch);
        if x > left && x + item_w > w as i32 - pad {
            x = left;
            y += line_h + px(4.0);
        }
        if draw {
            let c = theme.palette[s.color % theme.palette.len()];
            let mid = y + line_h / 2;
            area.draw(&Rectangle::new(
                [(x, mid - swatch / 2), (x + swatch, mid + swatch / 2)],
                c.mix(0.85).filled(),
            ))?;
            area.draw(&Text::new(
                s.label.as_str(),
                (x + swatch + gap, mid),
                font.pos(Pos::new(HPos::Left, VPos::Center)),
            ))?;
        }
        x += item_w + sep;
    }
    Ok((y + line_h + pad) as u32)
}

/// Render `chart` as an SVG document of `width` x `height` pixels.
pub fn bar_chart_svg(
    chart: &BarChart,
    width: u32,
    height: u32,
    theme: &Theme,
) -> Result<String, String> {
    render_svg(width, height, |root| draw_bar_chart(root, chart, theme))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> BarChart {
        BarChart {
            title: "Frequency residency".into(),
            x_label: "GHz".into(),
            y_label: "% of busy time".into(),
            categories: vec!["0.8".into(), "2.0".into(), "3.4".into()],
            series: vec![
                BarSeries {
                    label: "baseline".into(),
                    values: vec![Some(70.0), Some(20.0), Some(10.0)],
                    color: 0,
                },
                BarSeries {
                    label: "patched".into(),
                    values: vec![Some(5.0), None, Some(95.0)],
                    color: 1,
                },
            ],
            y_range: Some((0.0, 100.0)),
            legend: Legend::UpperRight,
        }
    }

    #[test]
    fn bars_labels_and_legend_are_drawn() {
        let svg = bar_chart_svg(&sample(), 640, 360, &Theme::light(1.0)).unwrap();
        assert!(svg.contains("Frequency residency"));
        assert!(svg.contains("% of busy time"));
        assert!(svg.contains("patched") && svg.contains("baseline"));
        assert!(svg.contains(">\n3.4\n</text>"), "category label missing");
        // 5 bars plus the legend's two swatches.
        let rects = svg.matches("<rect").count();
        assert!(rects >= 5 + 2, "{rects} rects");
    }

    #[test]
    fn taller_bars_are_taller() {
        // The patched 95% bar must reach higher (smaller y) than the baseline 10% bar in the
        // same category: parse the heights of the bars by their colours.
        let svg = bar_chart_svg(&sample(), 640, 360, &Theme::light(1.0)).unwrap();
        let heights = |rgb: &str| -> Vec<f64> {
            svg.split("<rect")
                .filter(|r| r.contains(rgb))
                .filter_map(|r| {
                    let h = r.split("height=\"").nth(1)?.split('"').next()?;
                    h.parse().ok()
                })
                .collect()
        };
        let base = heights("#1F77B4");
        let patched = heights("#D62728");
        assert!(
            base.len() >= 3 && patched.len() >= 2,
            "{base:?} {patched:?}"
        );
        let max_p = patched.iter().copied().fold(0.0, f64::max);
        let max_b = base.iter().copied().fold(0.0, f64::max);
        assert!(max_p > max_b, "95% bar {max_p} vs 70% bar {max_b}");
    }

    /// The y attribute of the `<text>` element whose content is `content`.
    fn text_y(svg: &str, content: &str) -> f64 {
        let end = svg
            .find(&format!(">\n{content}\n</text>"))
            .unwrap_or_else(|| panic!("no text {content:?}"));
        let start = svg[..end].rfind("<text").unwrap();
        let y = svg[start..end].split(" y=\"").nth(1).unwrap();
        y.split('"').next().unwrap().parse().unwrap()
    }

    #[test]
    fn the_legend_is_above_the_plot_and_labels_sit_between_axis_and_title() {
        let svg = bar_chart_svg(&sample(), 640, 360, &Theme::light(1.0)).unwrap();
        let legend = text_y(&svg, "patched");
        let top_tick = text_y(&svg, "100");
        let category = text_y(&svg, "3.4");
        let x_title = text_y(&svg, "GHz");
        assert!(legend < top_tick, "legend {legend} vs top tick {top_tick}");
        assert!(
            category < x_title,
            "category {category} vs axis title {x_title}"
        );
        assert!(category > top_tick);
    }

    #[test]
    fn empty_charts_do_not_fail() {
        let mut c = sample();
        c.series.clear();
        bar_chart_svg(&c, 320, 200, &Theme::dark(1.0)).unwrap();
        c.categories.clear();
        c.y_range = None;
        bar_chart_svg(&c, 320, 200, &Theme::dark(1.0)).unwrap();
    }
}
