//! Sharing: the address bar's link, Copy link, the embed code, and the SVG, PNG, CSV and JSON
//! exports.

use crate::dom::DomExt;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use web_sys::{HtmlCanvasElement, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};

use super::App;
use crate::dom::{copy_text, download, download_url, el, set_hidden, set_text, typed, window};
use crate::glue;
use crate::results_ui;
use wakelab_plot::Theme;
use wakelab_sim::presets;
use wakelab_sim::report::ExperimentReport;
use wakelab_sim::scenario::Experiment;

pub(super) fn strip_hash() -> String {
    let loc = window().location();
    loc.pathname().unwrap_or_default() + &loc.search().unwrap_or_default()
}

impl App {
    // --- share, embed, export ---------------------------------------------------------------

    /// The share link of the form's experiment with the view the pickers show (and `theme` for
    /// embeds). The form's, not the last run's: the address bar and Copy link always carry
    /// what the form shows (the results may be stale, and say so).
    pub(super) fn link_fragment(&self, theme: Option<wakelab_link::Theme>) -> String {
        wakelab_link::encode(&wakelab_link::LinkV1::new(
            &self.exp,
            results_ui::current_view(&self.exp, theme),
        ))
    }

    /// Write the form's link into the address bar and the share box (only for a valid form:
    /// an invalid one keeps the last valid link).
    pub(super) fn update_link(&self) {
        if !self.valid {
            return;
        }
        let frag = self.link_fragment(None);
        let url = format!("{}#{frag}", strip_hash());
        let warn = el("link-warning");
        let origin_len = window().location().origin().map_or(0, |o| o.len());
        match glue::link_size(origin_len + url.len(), frag.len()) {
            glue::LinkSize::TooLong(m) => {
                // A link the decoder refuses is never written: the address bar and the share
                // box keep the last one that fitted, and Copy link refuses (`link_refusal`).
                warn.set_text_content(Some(&m));
                set_hidden(&warn, false);
                return;
            }
            glue::LinkSize::Long(m) => {
                warn.set_text_content(Some(&m));
                set_hidden(&warn, false);
            }
            glue::LinkSize::Fine => set_hidden(&warn, true),
        }
        if let Ok(h) = window().history() {
            // The address bar must carry what Copy link copies (issue 22 item 1); if the
            // browser refuses (a sandboxed frame), the share box below still has the link.
            if let Err(e) = h.replace_state_with_url(&JsValue::NULL, "", Some(&url)) {
                web_sys::console::warn_2(&"wakelab: the address bar was not updated:".into(), &e);
            }
        }
        let full = window().location().href().unwrap_or_default();
        typed::<HtmlInputElement>("share-url").set_value(&full);
    }

    /// Why the form's experiment has no link (too large for one), if so.
    fn link_refusal(&self) -> Option<String> {
        match glue::link_size(0, self.link_fragment(None).len()) {
            glue::LinkSize::TooLong(m) => Some(m),
            _ => None,
        }
    }

    /// Copy the form's link, or say why not (an invalid form has no experiment to encode).
    pub(super) fn copy_link(&mut self) {
        set_hidden(&el("share"), false);
        if let Some(why) =
            crate::runbar::copy_link_refusal(&self.errors).or_else(|| self.link_refusal())
        {
            el("share-status").set_attr("data-state", "refused");
            set_text("share-status", &why);
            return;
        }
        el("share-status").remove_attr("data-state");
        self.keep_address = false;
        self.update_link();
        let url = typed::<HtmlInputElement>("share-url").value();
        copy_text(&url, "Link", "share-status");
    }

    /// Copy plain text for an LKML reply: what differs from the preset the experiment came
    /// from, the comparison table shown, and the link. All three describe the results shown
    /// (the last finished run), which may be older than the form.
    pub(super) fn copy_for_mail(&mut self) {
        set_hidden(&el("share"), false);
        let refuse = |why: &str| {
            el("share-status").set_attr("data-state", "refused");
            set_text("share-status", why);
        };
        let (Some(run), Some(_)) = (&self.run, &self.report) else {
            refuse("Nothing to copy yet: the results appear when the run finishes.");
            return;
        };
        if !run.finished {
            refuse("Wait for the run to finish: the table is not complete yet.");
            return;
        }
        el("share-status").remove_attr("data-state");
        // The address bar carries the view the text's link has (as Copy link does).
        if !self.keep_address {
            self.update_link();
        }
        let (Some(run), Some(report)) = (&self.run, &self.report) else {
            return;
        };
        let exp = &run.exp;
        let summary = match presets::experiment(&self.origin) {
            Some(p) if !self.origin.is_empty() => {
                crate::results::mail::summary(exp, &self.origin, &p)
            }
            _ => "a custom experiment".to_string(),
        };
        let frag = wakelab_link::encode(&wakelab_link::LinkV1::new(
            exp,
            results_ui::current_view(exp, None),
        ));
        let loc = window().location();
        let link = format!(
            "{}{}#{frag}",
            loc.origin().unwrap_or_default(),
            strip_hash()
        );
        let text = crate::results::mail::mail_text(
            &exp.scenario.title,
            &summary,
            &report.compare.render_text(),
            &link,
        );
        copy_text(&text, "Text for a mailing list", "share-status");
    }

    pub(crate) fn show_embed(&mut self) {
        if let Some(why) =
            crate::runbar::copy_link_refusal(&self.errors).or_else(|| self.link_refusal())
        {
            set_hidden(&el("share"), false);
            set_text("share-status", &why);
            return;
        }
        self.keep_address = false;
        self.update_link();
        let loc = window().location();
        let base = format!(
            "{}{}",
            loc.origin().unwrap_or_default(),
            loc.pathname().unwrap_or_default()
        );
        let which = typed::<HtmlSelectElement>("embed-what").value();
        let title = self.exp.scenario.title.replace(['"', '<', '>', '&'], "");
        let (w, h) =
            crate::results::view::embed_size(&typed::<HtmlSelectElement>("embed-size").value());
        let theme =
            crate::results::view::theme_named(&typed::<HtmlSelectElement>("embed-theme").value());
        let controls = match typed::<HtmlSelectElement>("embed-controls")
            .value()
            .as_str()
        {
            "run" => "&controls=run",
            _ => "",
        };
        // loading="lazy": the frame (and its simulation) starts only when it scrolls near.
        let code = format!(
            "<iframe src=\"{base}?embed={which}{controls}#{}\" width=\"{w}\" height=\"{h}\" \
             title=\"Wakelab: {title}\" loading=\"lazy\" style=\"border:0\"></iframe>",
            self.link_fragment(theme)
        );
        typed::<HtmlTextAreaElement>("embed-code").set_value(&code);
        set_hidden(&el("share"), false);
        set_hidden(&el("embed-box"), false);
    }

    pub(super) fn export(&self, what: &str) {
        let Some(report) = &self.report else {
            return;
        };
        let stem = if self.preset.is_empty() {
            "wakelab".to_string()
        } else {
            format!("wakelab-{}", self.preset)
        };
        match what {
            "svg" => {
                if let Some(chart) = &self.chart {
                    let mut c = chart.clone();
                    c.title = report.title.clone();
                    match crate::canvas::svg_string((960, 540), |root| {
                        wakelab_plot::draw_xy_chart(root, &c, &Theme::light(1.0))
                    }) {
                        Ok(svg) => download(&format!("{stem}.svg"), "image/svg+xml", &svg),
                        Err(e) => web_sys::console::error_1(&e.into()),
                    }
                }
            }
            "png" => {
                // Drawn afresh at the chosen size, with the title (as the SVG), not copied
                // from the screen's canvas.
                let Some(chart) = &self.chart else {
                    return;
                };
                let mut c = chart.clone();
                c.title = report.title.clone();
                let (w, h) = glue::png_size(&typed::<HtmlSelectElement>("png-size").value());
                let canvas: HtmlCanvasElement = crate::dom::make("canvas", "", "").unchecked_into();
                canvas.set_width(w);
                canvas.set_height(h);
                let Some(backend) = crate::canvas::MeasuredCanvas::new(&canvas) else {
                    return;
                };
                let scale = f64::from(w) / 960.0;
                if let Err(e) = wakelab_plot::draw_xy_chart(
                    plotters::prelude::IntoDrawingArea::into_drawing_area(backend),
                    &c,
                    &Theme::light(scale),
                ) {
                    web_sys::console::error_1(&e.into());
                    return;
                }
                if let Ok(url) = canvas.to_data_url_with_type("image/png") {
                    download_url(&format!("{stem}-{w}x{h}.png"), &url);
                }
            }
            "csv" => download(&format!("{stem}.csv"), "text/csv", &report.compare.to_csv()),
            _ => {
                #[derive(Serialize)]
                struct Export<'a> {
                    experiment: &'a Experiment,
                    report: &'a ExperimentReport,
                    link: String,
                }
                let exp = self.run.as_ref().map_or(&self.exp, |r| &r.exp);
                let doc = Export {
                    experiment: exp,
                    report,
                    link: window().location().href().unwrap_or_default(),
                };
                if let Ok(j) = glue::to_json_pretty(&doc) {
                    download(&format!("{stem}.json"), "application/json", &j);
                }
            }
        }
    }
}
