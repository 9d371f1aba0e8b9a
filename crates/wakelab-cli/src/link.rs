//! `wakelab link encode|decode`: share links from the command line (docs/share-links.md).

use std::io::Read;
use std::path::PathBuf;

use anyhow::{Context, Result, anyhow, bail};
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
    let mut s = String::new();
    if path.as_os_str() == "-" {
        std::io::stdin()
            .take(MAX_SCENARIO_BYTES as u64 + 1)
            .read_to_string(&mut s)?;
    } else {
        std::fs::File::open(&path)
            .with_context(|| format!("cannot read {}", path.display()))?
            .take(MAX_SCENARIO_BYTES as u64 + 1)
            .read_to_string(&mut s)
            .with_context(|| format!("cannot read {}", path.display()))?;
    }
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
            match url {
                Some(u) => println!("{}#{frag}", u.split('#').next().unwrap_or_default()),
                None => println!("{frag}"),
            }
        }
        LinkCmd::Decode { link, raw } => {
            let (l, e) = wakelab_link::decode_full(&link).map_err(|e| anyhow!("{e}"))?;
            if raw {
                println!("{}", serde_json::to_string_pretty(&l)?);
            } else {
                println!("{}", serde_json::to_string_pretty(&e)?);
            }
        }
    }
    Ok(())
}
