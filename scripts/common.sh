# Shared by scripts/*.sh (sourced, not run): pinned tool versions, PATH, helpers.
# The pins are explained in ARCHITECTURE.md ("Toolchain") and must match Cargo.toml / Trunk.toml.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

WASM_TARGET=wasm32-unknown-unknown
WASM_BINDGEN_VERSION=0.2.130   # == the wasm-bindgen crate pin (=0.2.130) and Trunk.toml [tools]
TRUNK_VERSION=0.21.14          # 0.22 needs a newer rustc than this machine's 1.95
BINARYEN_VERSION=132.0.0       # npm binaryen: wasm-opt "version 132" == Trunk.toml [tools]
CHROMIUM=/usr/bin/chromium
CHROMEDRIVER=/usr/bin/chromedriver

TOOLS_DIR="$ROOT/.tools"       # git-ignored: wasm-opt from npm
CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
# Our wasm-opt first: a stray Debian binaryen (108) builds wasm that fails in the browser.
export PATH="$TOOLS_DIR/binaryen/node_modules/.bin:$CARGO_BIN:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true

if [[ -t 1 && -z "${NO_COLOR:-}" && "${CARGO_TERM_COLOR:-}" != never ]]; then
  _bold=$'\e[1m' _red=$'\e[31m' _reset=$'\e[0m'
else
  _bold='' _red='' _reset=''
fi

section() { printf '\n%s==> %s%s\n' "$_bold" "$*" "$_reset"; }
info() { printf '    %s\n' "$*"; }
die() { printf '\n%sERROR: %s%s\n' "$_red$_bold" "$*" "$_reset" >&2; exit 1; }

# version_of CMD ARGS...: the command's version output, or nothing if it cannot run.
version_of() { "$@" 2>/dev/null | head -n1 || true; }

# Run as root, or through sudo when there is one.
as_root() {
  if [[ $(id -u) -eq 0 ]]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else die "need root for: $* (run as root or install sudo)"
  fi
}
