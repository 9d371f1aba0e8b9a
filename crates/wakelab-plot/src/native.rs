//! Native-only text and raster support: the embedded font and PNG output.
//!
//! plotters measures and draws text with ab_glyph natively. The font is embedded (a
//! DejaVu Sans subset, `fonts/`, licence beside it) rather than looked up among the system
//! fonts so that an SVG's layout and a PNG's pixels are the same on every machine: a plot
//! from the CLI is as reproducible as the numbers behind it.

use std::sync::Once;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::FontStyle;

/// DejaVu Sans, Basic Latin + Latin-1 + a few symbols (see fonts/LICENSE-DejaVu.txt).
static FONT: &[u8] = include_bytes!("../fonts/DejaVuSans-subset.ttf");

/// Register the embedded font as plotters' `sans-serif` (once per process). Every public
/// drawing entry point calls this before measuring text.
pub(crate) fn register_fonts() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The font is part of the binary and tested below: failing here is a build defect.
        if plotters::style::register_font("sans-serif", FontStyle::Normal, FONT).is_err() {
            panic!("the embedded font fonts/DejaVuSans-subset.ttf is not a valid font");
        }
    });
}

/// Draw with `draw` on a `width` x `height` RGB bitmap and encode it as PNG. `scale` is the
/// theme's pixel scale, recorded as the resolution (96 dpi x scale) so that document tools
/// show a 2x plot at its intended size.
pub(crate) fn render_png(
    width: u32,
    height: u32,
    scale: f64,
    draw: impl FnOnce(DrawingArea<BitMapBackend<'_>, Shift>) -> Result<(), String>,
) -> Result<Vec<u8>, String> {
    register_fonts();
    let mut rgb = vec![0u8; width as usize * height as usize * 3];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, (width, height)).into_drawing_area();
        draw(root)?;
    }
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, width, height);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let per_metre = (96.0 * scale / 0.0254).round() as u32;
        enc.set_pixel_dims(Some(png::PixelDimensions {
            xppu: per_metre,
            yppu: per_metre,
            unit: png::Unit::Meter,
        }));
        let mut w = enc.write_header().map_err(|e| e.to_string())?;
        w.write_image_data(&rgb).map_err(|e| e.to_string())?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_font_registers_and_measures_text() {
        register_fonts();
        let (w, h) = ("sans-serif", 20.0)
            .into_font()
            .box_size("Hmean 12325.51")
            .expect("text measures with the embedded font");
        assert!(w > 100 && h > 10, "{w}x{h}");
    }
}

#[cfg(test)]
mod png_tests {
    use crate::{Theme, XyChart, XySeries, xy_chart_png};

    /// Decode a PNG into (width, height, rgb bytes).
    fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
        let dec = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = dec.read_info().expect("valid PNG header");
        let mut buf = vec![0; reader.output_buffer_size().expect("sized")];
        let info = reader.next_frame(&mut buf).expect("one frame");
        buf.truncate(info.buffer_size());
        assert_eq!(info.color_type, png::ColorType::Rgb);
        (info.width, info.height, buf)
    }

    fn chart() -> XyChart {
        XyChart {
            title: "tbench".into(),
            x_label: "clients".into(),
            y_label: "MB/sec".into(),
            series: vec![XySeries {
                label: "base".into(),
                points: vec![(1.0, 10.0), (2.0, 20.0), (8.0, 70.0)],
                markers: true,
                ..XySeries::default()
            }],
            ..XyChart::default()
        }
    }

    #[test]
    fn png_has_the_size_the_line_colour_and_text() {
        let theme = Theme::light(2.0);
        let bytes = xy_chart_png(&chart(), 1280, 800, &theme).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        let (w, h, rgb) = decode(&bytes);
        assert_eq!((w, h), (1280, 800));
        let px = |i: usize| (rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2]);
        let count = |c: (u8, u8, u8)| (0..(w * h) as usize).filter(|&i| px(i) == c).count();
        let bg = theme.background;
        assert!(
            count((bg.0, bg.1, bg.2)) > (w * h / 2) as usize,
            "mostly background"
        );
        let line = theme.palette[0];
        assert!(
            count((line.0, line.1, line.2)) > 500,
            "the series is drawn in its colour"
        );
        // Text (axis labels, title) is drawn in the foreground colour, anti-aliased: many
        // pixels must be dark.
        let dark = (0..(w * h) as usize)
            .filter(|&i| {
                let (r, g, b) = px(i);
                (r as u32 + g as u32 + b as u32) < 200
            })
            .count();
        assert!(dark > 2000, "text and axes drawn: {dark} dark pixels");
    }

    #[test]
    fn png_bytes_are_deterministic() {
        let a = xy_chart_png(&chart(), 640, 400, &Theme::dark(1.0)).unwrap();
        let b = xy_chart_png(&chart(), 640, 400, &Theme::dark(1.0)).unwrap();
        assert_eq!(a, b);
    }
}
