//! Zooming and panning the per-CPU timeline (Perfetto's keys: W/S zoom in and out around the
//! pointer, A/D pan; a drag selects a range to zoom into). Plain arithmetic on the window the
//! timeline shows, tested natively; the DOM side is `app::detail`.
//!
//! A window always lies inside the run (`0 ..= run_ms`) and is never longer than the longest
//! window the timeline records (`glue::MAX_WINDOW_MS`, a recording bound) nor shorter than
//! [`MIN_WINDOW_MS`]. Times are rounded to about a thousandth of the window's length (at least
//! whole microseconds), so the From and Length fields show them exactly and reading the fields
//! back gives the same window.

/// Shortest window: 10 µs (a few context switches; below that the bars are single segments).
pub const MIN_WINDOW_MS: f64 = 0.01;
/// One W (zoom in) multiplies the length by this; one S divides by it.
pub const ZOOM_IN: f64 = 0.8;
/// One A or D moves the window by this share of its length.
pub const PAN_STEP: f64 = 0.2;

/// The time range the timeline shows, in ms of simulated time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Window {
    pub start_ms: f64,
    pub end_ms: f64,
}

/// Round to whole microseconds.
fn us(ms: f64) -> f64 {
    (ms * 1000.0).round() / 1000.0
}

impl Window {
    /// The window From `start_ms`, Length `len_ms` (the fields), if both are numbers and the
    /// length is positive.
    pub fn from_fields(start_ms: f64, len_ms: f64) -> Option<Window> {
        (start_ms.is_finite() && len_ms.is_finite() && start_ms >= 0.0 && len_ms > 0.0).then_some(
            Window {
                start_ms,
                end_ms: start_ms + len_ms,
            },
        )
    }

    pub fn len_ms(&self) -> f64 {
        self.end_ms - self.start_ms
    }

    /// The same window moved and resized as little as possible to lie in `0 ..= run_ms` and
    /// be between [`MIN_WINDOW_MS`] and `max_len_ms` long (the length first, then the start),
    /// both rounded to about a thousandth of the length (less than a pixel; the fields then
    /// read `61` rather than `60.996` after a zoom around the pointer), at least to whole
    /// microseconds.
    pub fn clamp(self, run_ms: f64, max_len_ms: f64) -> Window {
        let run_ms = run_ms.max(MIN_WINDOW_MS);
        let max_len = max_len_ms.min(run_ms).max(MIN_WINDOW_MS);
        let len = self.len_ms().clamp(MIN_WINDOW_MS, max_len);
        let step = 10f64.powi(len.log10().floor() as i32 - 3).max(0.001);
        let round = |v: f64| (v / step).round() * step;
        let len = us(round(len).clamp(MIN_WINDOW_MS, max_len));
        let start = us(round(self.start_ms).clamp(0.0, (run_ms - len).max(0.0)));
        Window {
            start_ms: start,
            end_ms: us(start + len),
        }
    }

    /// Zoom by `factor` (below 1: in) keeping `anchor_ms` where it is on screen (the pointer,
    /// or the centre); an anchor outside the window counts as its nearer edge.
    pub fn zoom(self, factor: f64, anchor_ms: f64, run_ms: f64, max_len_ms: f64) -> Window {
        let len = self.len_ms();
        let anchor = if anchor_ms.is_finite() {
            anchor_ms.clamp(self.start_ms, self.end_ms)
        } else {
            self.start_ms + len / 2.0
        };
        let at = if len > 0.0 {
            (anchor - self.start_ms) / len
        } else {
            0.5
        };
        let max_len = max_len_ms.min(run_ms);
        let new_len = (len * factor).clamp(MIN_WINDOW_MS, max_len.max(MIN_WINDOW_MS));
        let start = anchor - at * new_len;
        Window {
            start_ms: start,
            end_ms: start + new_len,
        }
        .clamp(run_ms, max_len_ms)
    }

    /// Move by `share` of the length (negative: earlier), stopping at the run's ends.
    pub fn pan(self, share: f64, run_ms: f64, max_len_ms: f64) -> Window {
        let d = share * self.len_ms();
        Window {
            start_ms: self.start_ms + d,
            end_ms: self.end_ms + d,
        }
        .clamp(run_ms, max_len_ms)
    }

    /// The window a drag from `a_ms` to `b_ms` selects (either direction), or `None` when the
    /// drag covers less than [`MIN_WINDOW_MS`] (a click, not a selection).
    pub fn selected(a_ms: f64, b_ms: f64, run_ms: f64, max_len_ms: f64) -> Option<Window> {
        let (lo, hi) = if a_ms <= b_ms {
            (a_ms, b_ms)
        } else {
            (b_ms, a_ms)
        };
        (lo.is_finite() && hi.is_finite() && hi - lo >= MIN_WINDOW_MS).then(|| {
            Window {
                start_ms: lo,
                end_ms: hi,
            }
            .clamp(run_ms, max_len_ms)
        })
    }

    /// Whether `other` lies inside this window (both in whole microseconds).
    pub fn contains(&self, other: &Window) -> bool {
        other.start_ms >= self.start_ms - 5e-4 && other.end_ms <= self.end_ms + 5e-4
    }

    /// How many times shorter than `home` this window is (1 for the same length).
    pub fn magnification(&self, home: &Window) -> f64 {
        home.len_ms() / self.len_ms().max(MIN_WINDOW_MS)
    }
}

/// Whether showing `view` needs a new simulation: it reaches outside what was recorded, or
/// past `missing_from_ms`, where the recording's timeline segments ran out (their bound counts
/// from the window's start, so a run of just `view`, shorter or later, records more of it).
/// Wake-ups and frequency changes count from the run's start: a new run would not record
/// more of those, so their bounds never ask for one.
pub fn needs_run(view: &Window, recorded: &Window, missing_from_ms: Option<f64>) -> bool {
    let same = view.contains(recorded) && recorded.contains(view);
    !recorded.contains(view) || missing_from_ms.is_some_and(|t| view.end_ms > t && !same)
}

/// A time in ms as the From and Length fields show it: up to three decimals (µs), no
/// trailing zeros (`60`, `61.25`, `0.012`).
pub fn fmt_ms(ms: f64) -> String {
    let s = format!("{:.3}", us(ms));
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RUN: f64 = 300.0;
    const MAX: f64 = 200.0;

    fn w(a: f64, b: f64) -> Window {
        Window {
            start_ms: a,
            end_ms: b,
        }
    }

    #[test]
    fn zooming_keeps_the_anchor_in_place() {
        let v = w(60.0, 80.0);
        let z = v.zoom(ZOOM_IN, 65.0, RUN, MAX);
        assert_eq!(z, w(61.0, 77.0), "16 ms with 65 ms still a quarter in");
        // and back out around the same point gives the window back
        assert_eq!(z.zoom(1.0 / ZOOM_IN, 65.0, RUN, MAX), v);
        // no pointer: the centre
        assert_eq!(v.zoom(0.5, f64::NAN, RUN, MAX), w(65.0, 75.0));
    }

    #[test]
    fn windows_stay_in_the_run_and_the_recording_bound() {
        // zooming out near the start slides right instead of going below 0
        let z = w(0.0, 20.0).zoom(4.0, 0.0, RUN, MAX);
        assert_eq!(z, w(0.0, 80.0));
        // never longer than the longest recorded window, nor than the run
        assert_eq!(w(50.0, 150.0).zoom(4.0, 100.0, RUN, MAX).len_ms(), MAX);
        assert_eq!(w(0.0, 20.0).zoom(100.0, 0.0, 40.0, MAX), w(0.0, 40.0));
        // never shorter than 10 µs
        let tiny = w(60.0, 60.02).zoom(0.1, 60.01, RUN, MAX);
        assert!((tiny.len_ms() - MIN_WINDOW_MS).abs() < 1e-9, "{tiny:?}");
        // panning stops at the ends
        assert_eq!(w(290.0, 300.0).pan(PAN_STEP, RUN, MAX), w(290.0, 300.0));
        assert_eq!(w(1.0, 11.0).pan(-PAN_STEP, RUN, MAX), w(0.0, 10.0));
        assert_eq!(w(60.0, 80.0).pan(PAN_STEP, RUN, MAX), w(64.0, 84.0));
    }

    #[test]
    fn windows_are_rounded_below_a_pixel() {
        // 60.996 .. 76.996 (a zoom around a pointer a few µs off 65 ms): 16 ms long, kept
        // to 0.01 ms
        assert_eq!(w(60.996, 76.996).clamp(RUN, MAX), w(61.0, 77.0));
        assert_eq!(w(60.123456, 60.223456).clamp(RUN, MAX), w(60.123, 60.223));
        assert_eq!(w(1.2345, 121.2345).clamp(RUN, MAX), w(1.2, 121.2));
    }

    #[test]
    fn a_drag_selects_a_range_either_way_and_a_click_does_not() {
        assert_eq!(
            Window::selected(70.5, 62.25, RUN, MAX),
            Some(w(62.25, 70.5))
        );
        assert_eq!(Window::selected(62.0, 62.001, RUN, MAX), None);
        assert_eq!(Window::selected(-5.0, 10.0, RUN, MAX), Some(w(0.0, 15.0)));
    }

    #[test]
    fn only_views_outside_the_recording_or_past_its_segments_re_run() {
        let rec = w(60.0, 80.0);
        assert!(!needs_run(&w(62.0, 70.0), &rec, None));
        assert!(needs_run(&w(55.0, 70.0), &rec, None));
        // segments ran out at 68 ms: a view reaching past it is re-run, one before it is not
        assert!(needs_run(&w(62.0, 70.0), &rec, Some(68.0)));
        assert!(!needs_run(&w(61.0, 67.0), &rec, Some(68.0)));
        assert!(
            !needs_run(&rec, &rec, Some(68.0)),
            "the same window records the same"
        );
    }

    #[test]
    fn fields_show_microseconds_without_trailing_zeros() {
        assert_eq!(fmt_ms(60.0), "60");
        assert_eq!(fmt_ms(61.25), "61.25");
        assert_eq!(fmt_ms(0.0120004), "0.012");
        let v = w(61.234, 62.0);
        let back = Window::from_fields(
            fmt_ms(v.start_ms).parse().unwrap(),
            fmt_ms(v.len_ms()).parse().unwrap(),
        )
        .unwrap();
        assert!((back.end_ms - v.end_ms).abs() < 1e-9);
        assert_eq!(Window::from_fields(5.0, 0.0), None);
        assert_eq!(w(60.0, 80.0).magnification(&w(60.0, 80.0)), 1.0);
    }
}
