//! The view state a share link carries (`wakelab_link::ViewState`): the point the timeline and
//! the histograms show, the timeline's window (typed or zoomed) and, for embeds, a forced
//! colour scheme. Built from the page's pickers, always valid for the experiment (anything
//! that would not pass `ViewState::validate` is left out rather than making the link unreadable).

use wakelab_link::{EmbedOptions, SelectedPoint, Theme, ViewState};
use wakelab_sim::scenario::Experiment;

/// The view of `exp` with the timeline point `(variant, clients)` (iteration 0), the timeline
/// window `start_ms .. start_ms + len_ms` (whole ms, clamped to the run) and `theme`.
pub fn view_state(
    exp: &Experiment,
    point: Option<(u32, u32)>,
    window: Option<(f64, f64)>,
    theme: Option<Theme>,
) -> ViewState {
    let selected = point
        .filter(|&(v, c)| (v as usize) < exp.variants.len() && exp.client_counts().contains(&c))
        .map(|(variant, clients)| SelectedPoint {
            variant,
            clients,
            iteration: 0,
        });
    let d = exp.scenario.run.duration_ms;
    let window_ms = window
        .filter(|(s, l)| s.is_finite() && l.is_finite() && *s >= 0.0 && *l > 0.0)
        .map(|(s, l)| {
            // Whole ms; a zoomed window under a millisecond is shared as the whole
            // milliseconds around it rather than dropped.
            let (a, b) = (s.round() as u64, ((s + l).round() as u64).min(d));
            if a < b {
                (a, b)
            } else {
                (s.floor() as u64, ((s + l).ceil() as u64).min(d))
            }
        })
        .filter(|(a, b)| a < b)
        .map(|(a, b)| [a, b]);
    let mut view = ViewState {
        selected,
        window_ms,
        embed: EmbedOptions {
            theme,
            ..EmbedOptions::default()
        },
        ..ViewState::default()
    };
    if view.validate(exp).is_err() {
        view.selected = None;
        view.window_ms = None;
    }
    view
}

/// A theme name of the embed form (`light`, `dark`; anything else follows the reader).
pub fn theme_named(name: &str) -> Option<Theme> {
    match name {
        "light" => Some(Theme::Light),
        "dark" => Some(Theme::Dark),
        _ => None,
    }
}

/// Iframe sizes offered for embeds: (value, width, height).
pub const EMBED_SIZES: &[(&str, u32, u32)] = &[
    ("small", 480, 320),
    ("medium", 720, 460),
    ("large", 960, 600),
];

/// The iframe size named `name` (default medium).
pub fn embed_size(name: &str) -> (u32, u32) {
    EMBED_SIZES
        .iter()
        .find(|s| s.0 == name)
        .map_or((720, 460), |s| (s.1, s.2))
}

#[cfg(test)]
mod tests {
    use super::*;
    use wakelab_sim::presets;

    #[test]
    fn the_view_round_trips_through_a_link() {
        let e = presets::experiment("default").unwrap();
        let view = view_state(&e, Some((0, 4)), Some((100.4, 30.0)), Some(Theme::Dark));
        assert_eq!(
            view.selected,
            Some(SelectedPoint {
                variant: 0,
                clients: 4,
                iteration: 0
            })
        );
        assert_eq!(view.window_ms, Some([100, 130]));
        let frag = wakelab_link::encode(&wakelab_link::LinkV1::new(&e, view.clone()));
        let (link, back) = crate::glue::decode_link(&frag).unwrap();
        assert_eq!(back, e);
        assert_eq!(link.view, view);
        assert_eq!(link.view.embed.theme, Some(Theme::Dark));
    }

    #[test]
    fn points_and_windows_outside_the_experiment_are_left_out() {
        let e = presets::experiment("default").unwrap();
        let d = e.scenario.run.duration_ms as f64;
        let v = view_state(&e, Some((5, 4)), Some((d + 10.0, 20.0)), None);
        assert_eq!(v, ViewState::default(), "nothing valid to keep");
        let v = view_state(&e, Some((1, 3)), Some((d - 5.0, 20.0)), None);
        assert_eq!(v.selected, None, "3 clients is not a client count");
        assert_eq!(
            v.window_ms,
            Some([d as u64 - 5, d as u64]),
            "clamped to the run"
        );
        assert_eq!(
            view_state(&e, None, Some((61.2, 0.3)), None).window_ms,
            Some([61, 62]),
            "a zoomed sub-ms window keeps the ms around it"
        );
        assert!(
            view_state(&e, None, Some((f64::NAN, 2.0)), None)
                .window_ms
                .is_none()
        );
        // the default view adds nothing to a link: old and new links of the preset agree
        let plain = wakelab_link::encode(&wakelab_link::LinkV1::new(&e, ViewState::default()));
        let none = wakelab_link::encode(&wakelab_link::LinkV1::new(
            &e,
            view_state(&e, None, None, None),
        ));
        assert_eq!(plain, none);
    }

    #[test]
    fn embed_names() {
        assert_eq!(theme_named("dark"), Some(Theme::Dark));
        assert_eq!(theme_named("auto"), None);
        assert_eq!(embed_size("small"), (480, 320));
        assert_eq!(embed_size("?"), (720, 460));
    }
}
