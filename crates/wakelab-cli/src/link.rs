//! `wakelab link encode|decode`: share links from the command line (docs/share-links.md).

use std::path::PathBuf;

use anyhow::{Result, anyhow, bail};
use clap::Subcommand;

use wakelab_link::{LinkV1, ViewState, WARN_LENGTH};
use wakelab_sim::presets;
use wakelab_sim::scenario::{Experiment, MAX_SCENARIO_BYTES};

#[derive(Subcommand)]
pub enum LinkCmd {
    /// Print the share-link fragment (what follows '#') of an experiment file or a preset.
    Encode {
        /// Experiment file (JSON); `-` for stdin.
        file: Option<PathBuf>,
        /// A gallery preset instead of a file.
        #[arg(long)]
        preset: Option<String>,
        /// Print a whole URL: this base URL, '#', the fragment.
        #[arg(long)]
        url: Option<String>,
    },
    /// Print the experiment (JSON) of a link, a '#...' fragment or a full URL.
    Decode {
        link: String,
        /// Print the whole link content (version, experiment DTO, view) instead.
        #[arg(long)]
        raw: bool,
    },
}

fn read_experiment(file: Option<PathBuf>, preset: Option<String>) -> Result<Experiment> {
    if let Some(id) = preset {
        return presets::experiment(&id)
            .ok_or_else(|| anyhow!("no preset {id:?}; `wakelab presets` lists them"));
    }
    let Some(path) = file else {
        bail!("give an experiment file or --preset (try `wakelab presets`)");
    };
    let s = crate::io::read_text(&path, MAX_SCENARIO_BYTES, "experiment")?;
    Experiment::from_json(&s).map_err(|e| anyhow!("{e}"))
}

pub fn run(cmd: LinkCmd) -> Result<()> {
    match cmd {
        LinkCmd::Encode { file, preset, url } => {
            let e = read_experiment(file, preset)?;
            let frag = wakelab_link::encode(&LinkV1::new(&e, ViewState::default()));
            if frag.len() > WARN_LENGTH {
                eprintln!(
                    "warning: the link is {} characters long (over {WARN_LENGTH}); some chat \
                     tools and URL shorteners cut links this long",
                    frag.len()
                );
            }
            let o = match url {
                Some(u) => format!("{}#{frag}\n", u.split('#').next().unwrap_or_default()),
                None => format!("{frag}\n"),
            };
            crate::io::emit(&o)?;
        }
        LinkCmd::Decode { link, raw } => {
            let (l, e) = wakelab_link::decode_full(&link).map_err(|e| anyhow!("{e}"))?;
            let o = if raw {
                serde_json::to_string_pretty(&l)?
            } else {
                serde_json::to_string_pretty(&e)?
            };
            crate::io::emit(&format!("{o}\n"))?;
        }
    }
    Ok(())
}
