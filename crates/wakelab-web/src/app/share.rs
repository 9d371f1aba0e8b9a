//! Sharing: the address bar's link, Copy link, the embed code, and the SVG, PNG, CSV and JSON
//! exports.

use serde::Serialize;
use wasm_bindgen::prelude::*;
use web_sys::{HtmlCanvasElement, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};

use super::App;
use crate::dom::{copy_text, download, download_url, el, set_hidden, typed, window};
use crate::glue;
use crate::results_ui;
use wakelab_plot::Theme;
use wakelab_sim::report::ExperimentReport;
use wakelab_sim::scenario::Experiment;

pub(super) fn strip_hash() -> String {
    let loc = window().location();
    loc.pathname().unwrap_or_default() + &loc.search().unwrap_or_default()
}

impl App {
    // --- share, embed, export ---------------------------------------------------------------

    /// The share link of the experiment with the view the pickers show (and `theme` for embeds).
    pub(super) fn link_fragment(&self, theme: Option<wakelab_link::Theme>) -> String {
        let exp = self.run.as_ref().map_or(&self.exp, |r| &r.exp);
        wakelab_link::encode(&wakelab_link::LinkV1::new(
            exp,
            results_ui::current_view(exp, theme),
        ))
    }

    pub(super) fn update_link(&self) {
        let frag = self.link_fragment(None);
        let url = format!("{}#{frag}", strip_hash());
        if let Ok(h) = window().history() {
            let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(&url));
        }
        let full = window().location().href().unwrap_or_default();
        typed::<HtmlInputElement>("share-url").set_value(&full);
        let warn = el("link-warning");
        if full.len() > wakelab_link::WARN_LENGTH {
            warn.set_text_content(Some(&format!(
                "This link is {} characters long: some chat apps and mail clients cut links \
                 longer than about {} characters. Use the JSON export to share it safely.",
                full.len(),
                wakelab_link::WARN_LENGTH
            )));
            set_hidden(&warn, false);
        } else {
            set_hidden(&warn, true);
        }
    }

    pub(super) fn copy_link(&mut self) {
        self.update_link();
        let url = typed::<HtmlInputElement>("share-url").value();
        set_hidden(&el("share"), false);
        copy_text(&url, "Link", "share-status");
    }

    pub(crate) fn show_embed(&mut self) {
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
        let code = format!(
            "<iframe src=\"{base}?embed={which}#{}\" width=\"{w}\" height=\"{h}\" \
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
                let canvas: HtmlCanvasElement = typed("plot-canvas");
                if let Ok(url) = canvas.to_data_url_with_type("image/png") {
                    download_url(&format!("{stem}.png"), &url);
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
