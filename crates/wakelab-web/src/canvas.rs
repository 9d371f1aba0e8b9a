//! A plotters backend for a page canvas that measures text with the canvas itself.
//!
//! plotters-canvas draws with the 2D context but leaves text measurement to plotters' web font
//! code, which appends a `<span style="...">` to the page for every label: slow, and blocked by
//! the page's Content-Security-Policy (no inline styles). [`MeasuredCanvas`] delegates drawing
//! to [`CanvasBackend`] and answers `estimate_text_size` with `measureText`, using the same font
//! string plotters-canvas draws with.

use plotters::prelude::*;
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind,
};
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// Any plotters backend whose text is measured with a canvas 2D context ([`MeasuredCanvas`]
/// draws on the page's canvas; [`svg_string`] renders SVG in the browser the same way).
pub struct Measured<B> {
    inner: B,
    context: CanvasRenderingContext2d,
}

pub type MeasuredCanvas = Measured<CanvasBackend>;

impl Measured<CanvasBackend> {
    pub fn new(canvas: &HtmlCanvasElement) -> Option<MeasuredCanvas> {
        let context = canvas.get_context("2d").ok()??.dyn_into().ok()?;
        let inner = CanvasBackend::with_canvas_object(canvas.clone())?;
        Some(Measured { inner, context })
    }
}

/// Draw with `f` into an SVG string of `size`, measuring text with a detached canvas (the
/// SVG backend's own measurement would add styled elements to the page, which the CSP blocks).
pub fn svg_string(
    size: (u32, u32),
    f: impl FnOnce(
        plotters::drawing::DrawingArea<Measured<SVGBackend<'_>>, plotters::coord::Shift>,
    ) -> Result<(), String>,
) -> Result<String, String> {
    let canvas: HtmlCanvasElement = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("canvas").ok())
        .and_then(|c| c.dyn_into().ok())
        .ok_or("no canvas to measure text with")?;
    let context = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into().ok())
        .ok_or("the canvas has no 2d context")?;
    let mut out = String::new();
    {
        let backend = Measured {
            inner: SVGBackend::with_string(&mut out, size),
            context,
        };
        f(backend.into_drawing_area())?;
    }
    Ok(out)
}

type Res<E> = Result<(), DrawingErrorKind<E>>;

impl<B: DrawingBackend> DrawingBackend for Measured<B> {
    type ErrorType = B::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.inner.get_size()
    }
    fn ensure_prepared(&mut self) -> Res<B::ErrorType> {
        self.inner.ensure_prepared()
    }
    fn present(&mut self) -> Res<B::ErrorType> {
        self.inner.present()
    }
    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Res<B::ErrorType> {
        self.inner.draw_pixel(point, color)
    }
    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        s: &S,
    ) -> Res<B::ErrorType> {
        self.inner.draw_line(from, to, s)
    }
    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Res<B::ErrorType> {
        self.inner.draw_rect(upper_left, bottom_right, style, fill)
    }
    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Res<B::ErrorType> {
        self.inner.draw_path(path, style)
    }
    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Res<B::ErrorType> {
        self.inner.draw_circle(center, radius, style, fill)
    }
    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Res<B::ErrorType> {
        self.inner.fill_polygon(vert, style)
    }
    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Res<B::ErrorType> {
        self.inner.draw_text(text, style, pos)
    }
    fn estimate_text_size<S: BackendTextStyle>(
        &self,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), DrawingErrorKind<B::ErrorType>> {
        // The font string CanvasBackend::draw_text sets.
        self.context.set_font(&format!(
            "{} {}px {}",
            style.style().as_str(),
            style.size(),
            style.family().as_str(),
        ));
        let width = self
            .context
            .measure_text(text)
            .map(|m| m.width())
            .unwrap_or(style.size() * 0.6 * text.chars().count() as f64);
        // Line height as a browser lays the text out (what plotters' own estimate returns).
        Ok((width.ceil() as u32, (style.size() * 1.2).ceil() as u32))
    }
    fn blit_bitmap(
        &mut self,
        pos: BackendCoord,
        size: (u32, u32),
        src: &[u8],
    ) -> Res<B::ErrorType> {
        self.inner.blit_bitmap(pos, size, src)
    }
}
