//! Where an [`XyChart`](crate::XyChart)'s legend goes: in a corner of the plot that no series
//! runs through (the chart's own corner first), else in a row above the plot (issue 22 item 8:
//! T5's curves and T1's published lines ran under a fixed corner).
//!
//! The geometry is plain pixel arithmetic on what the chart will draw (lines, markers, whiskers
//! and spread bands, in backend pixels), so it is tested without a backend.

use crate::Legend;

/// An axis-aligned rectangle in backend pixels: `(left, top, right, bottom)`.
pub(crate) type Rect = (f64, f64, f64, f64);

/// A point in backend pixels.
pub(crate) type Px = (f64, f64);

/// What the chart draws inside the plot, in backend pixels.
#[derive(Clone, Debug, Default)]
pub(crate) struct Drawn {
    /// Line pieces (series lines, whiskers), each with half its stroke width.
    pub segments: Vec<(Px, Px, f64)>,
    /// Filled areas (spread bands), as closed polygons.
    pub polygons: Vec<Vec<(f64, f64)>>,
}

impl Drawn {
    /// Does anything drawn touch `r` (grown by `margin` pixels on every side)?
    pub(crate) fn hits(&self, r: Rect, margin: f64) -> bool {
        let grow = |r: Rect, m: f64| (r.0 - m, r.1 - m, r.2 + m, r.3 + m);
        self.segments
            .iter()
            .any(|&(a, b, half)| segment_hits_rect(a, b, grow(r, margin + half)))
            || self
                .polygons
                .iter()
                .any(|p| polygon_hits_rect(p, grow(r, margin)))
    }
}

/// The corners in the order they are tried: the chart's choice, then the other corner on the
/// same side (top or bottom), then the two opposite ones.
pub(crate) fn corner_order(preferred: Legend) -> [Legend; 4] {
    use Legend::*;
    match preferred {
        UpperLeft => [UpperLeft, UpperRight, LowerLeft, LowerRight],
        LowerLeft => [LowerLeft, LowerRight, UpperLeft, UpperRight],
        LowerRight => [LowerRight, LowerLeft, UpperRight, UpperLeft],
        UpperRight | Hidden => [UpperRight, UpperLeft, LowerRight, LowerLeft],
    }
}

/// The legend box of size `(w, h)` in `corner` of the plot `plot`, `inset` pixels from its
/// edges.
pub(crate) fn corner_rect(plot: Rect, corner: Legend, (w, h): (f64, f64), inset: f64) -> Rect {
    let left = matches!(corner, Legend::UpperLeft | Legend::LowerLeft);
    let top = matches!(
        corner,
        Legend::UpperLeft | Legend::UpperRight | Legend::Hidden
    );
    let x0 = if left {
        plot.0 + inset
    } else {
        plot.2 - w - inset
    };
    let y0 = if top {
        plot.1 + inset
    } else {
        plot.3 - h - inset
    };
    (x0, y0, x0 + w, y0 + h)
}

/// The first corner (in [`corner_order`]) whose legend box fits in the plot and touches
/// nothing drawn; `None` when every corner is taken.
pub(crate) fn free_corner(
    preferred: Legend,
    plot: Rect,
    size: (f64, f64),
    inset: f64,
    drawn: &Drawn,
    margin: f64,
) -> Option<Legend> {
    if size.0 + 2.0 * inset > plot.2 - plot.0 || size.1 + 2.0 * inset > plot.3 - plot.1 {
        return None;
    }
    corner_order(preferred)
        .into_iter()
        .find(|&c| !drawn.hits(corner_rect(plot, c, size, inset), margin))
}

fn inside((x, y): (f64, f64), r: Rect) -> bool {
    x >= r.0 && x <= r.2 && y >= r.1 && y <= r.3
}

/// Does the segment `a`-`b` touch the rectangle? (Liang-Barsky clipping.)
fn segment_hits_rect(a: (f64, f64), b: (f64, f64), r: Rect) -> bool {
    if inside(a, r) || inside(b, r) {
        return true;
    }
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in [
        (-dx, a.0 - r.0),
        (dx, r.2 - a.0),
        (-dy, a.1 - r.1),
        (dy, r.3 - a.1),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return false;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
            if t0 > t1 {
                return false;
            }
        }
    }
    true
}

/// Is `p` inside the polygon? (Even-odd ray casting.)
fn point_in_polygon(p: (f64, f64), poly: &[(f64, f64)]) -> bool {
    let mut inside = false;
    let n = poly.len();
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + n - 1) % n]);
        if (a.1 > p.1) != (b.1 > p.1) && p.0 < (b.0 - a.0) * (p.1 - a.1) / (b.1 - a.1) + a.0 {
            inside = !inside;
        }
    }
    inside
}

/// Does the filled polygon touch the rectangle: an edge crosses it, or it lies wholly inside
/// the polygon?
fn polygon_hits_rect(poly: &[(f64, f64)], r: Rect) -> bool {
    let n = poly.len();
    (0..n).any(|i| segment_hits_rect(poly[i], poly[(i + 1) % n], r))
        || (n >= 3 && point_in_polygon(((r.0 + r.2) / 2.0, (r.1 + r.3) / 2.0), poly))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLOT: Rect = (0.0, 0.0, 400.0, 300.0);

    fn line(points: &[(f64, f64)]) -> Drawn {
        Drawn {
            segments: points.windows(2).map(|w| (w[0], w[1], 1.0)).collect(),
            polygons: vec![],
        }
    }

    #[test]
    fn segments_and_rectangles() {
        let r = (10.0, 10.0, 20.0, 20.0);
        assert!(segment_hits_rect((0.0, 15.0), (30.0, 15.0), r), "crossing");
        assert!(
            segment_hits_rect((15.0, 15.0), (100.0, 100.0), r),
            "starts inside"
        );
        assert!(
            !segment_hits_rect((0.0, 0.0), (30.0, 5.0), r),
            "passes above"
        );
        assert!(
            !segment_hits_rect((0.0, 30.0), (30.0, 25.0), r),
            "passes below"
        );
        assert!(
            !segment_hits_rect((25.0, 0.0), (25.0, 30.0), r),
            "vertical, right of it"
        );
        assert!(
            segment_hits_rect((0.0, 0.0), (30.0, 30.0), r),
            "diagonal through"
        );
    }

    #[test]
    fn a_band_covering_the_box_counts_even_without_an_edge_inside() {
        let band = vec![(0.0, 0.0), (400.0, 0.0), (400.0, 300.0), (0.0, 300.0)];
        assert!(polygon_hits_rect(&band, (100.0, 100.0, 120.0, 120.0)));
        let thin = vec![(0.0, 290.0), (400.0, 290.0), (400.0, 300.0), (0.0, 300.0)];
        assert!(!polygon_hits_rect(&thin, (100.0, 100.0, 120.0, 120.0)));
    }

    #[test]
    fn the_preferred_corner_when_free() {
        // A line along the bottom: every upper corner is free.
        let d = line(&[(0.0, 290.0), (400.0, 280.0)]);
        let c = free_corner(Legend::UpperRight, PLOT, (100.0, 40.0), 10.0, &d, 2.0);
        assert_eq!(c, Some(Legend::UpperRight));
    }

    #[test]
    fn a_rising_line_moves_the_legend_to_a_free_corner() {
        // Rising from lower left to upper right (screen y grows downwards): upper left is free.
        let d = line(&[(0.0, 300.0), (400.0, 0.0)]);
        let c = free_corner(Legend::UpperRight, PLOT, (100.0, 40.0), 10.0, &d, 2.0);
        assert_eq!(c, Some(Legend::UpperLeft));
        let c = free_corner(Legend::LowerLeft, PLOT, (100.0, 40.0), 10.0, &d, 2.0);
        assert_eq!(c, Some(Legend::LowerRight));
    }

    #[test]
    fn no_corner_when_lines_cross_all_four() {
        // An X through the whole plot plus lines along the top and bottom.
        let mut d = line(&[(0.0, 0.0), (400.0, 300.0)]);
        d.segments
            .extend(line(&[(0.0, 300.0), (400.0, 0.0)]).segments);
        d.segments
            .extend(line(&[(0.0, 25.0), (400.0, 25.0)]).segments);
        d.segments
            .extend(line(&[(0.0, 275.0), (400.0, 275.0)]).segments);
        assert_eq!(
            free_corner(Legend::UpperRight, PLOT, (100.0, 40.0), 10.0, &d, 2.0),
            None
        );
    }

    #[test]
    fn a_legend_larger_than_the_plot_goes_outside() {
        let d = Drawn::default();
        assert_eq!(
            free_corner(Legend::UpperRight, PLOT, (390.0, 40.0), 10.0, &d, 2.0),
            None
        );
    }
}
