#!/usr/bin/env bash
# Install the tools the build and the tests need, only those missing or at the wrong version.
# Idempotent; a few seconds when everything is there. A fresh machine needs ~20 min
# (trunk ~15, wasm-bindgen-cli ~5: both are compiled from crates.io).
#
#   scripts/bootstrap.sh            everything (build tools, Chromium + ChromeDriver, e2e deps)
#   scripts/bootstrap.sh --build    only what `trunk build` needs (used by scripts/serve.sh)
#   scripts/bootstrap.sh --check    install nothing: report what is missing (exit 1 if anything is)
#
# Needs: Rust (rustup, cargo), node + npm; root (or sudo) only if Chromium must be installed.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

want_browser=1
dry=0
case "${1:-}" in
  --build) want_browser=0 ;;
  --check) dry=1 ;;
  '' | --all) ;;
  *) die "usage: $0 [--build | --all | --check]" ;;
esac
missing=0

# install WHAT CMD...: run CMD to install WHAT, or with --check only report it.
install() {
  local what=$1
  shift
  if [[ $dry -eq 1 ]]; then
    info "MISSING $what (would run: $*)"
    missing=1
    return 1
  fi
  info "install $what"
  "$@" || die "installing $what failed: $*"
}

section "bootstrap: checking tools"
command -v cargo >/dev/null || die "cargo not found: install Rust (rustup) first"
command -v node >/dev/null || die "node not found: install Node.js 20+ first"
command -v npm >/dev/null || die "npm not found: install npm first"
node_major=$(node -p 'process.versions.node.split(".")[0]')
[[ $node_major -ge 20 ]] || die "Node.js 20 or newer is needed (found $(node --version))"

# --- Rust target -----------------------------------------------------------------------------
if rustup target list --installed 2>/dev/null | grep -qx "$WASM_TARGET"; then
  info "ok   rust target $WASM_TARGET"
else
  install "rust target $WASM_TARGET" rustup target add "$WASM_TARGET" || true
fi

# --- wasm-bindgen-cli (wasm-bindgen + wasm-bindgen-test-runner) -------------------------------
# No --locked: its lockfile wants a crate version this registry does not serve.
wb=$(version_of wasm-bindgen --version)
wbt=$(version_of wasm-bindgen-test-runner --version)
if [[ "$wb" == "wasm-bindgen $WASM_BINDGEN_VERSION" && "$wbt" == "wasm-bindgen-test-runner $WASM_BINDGEN_VERSION" ]]; then
  info "ok   $wb"
else
  info "found: ${wb:-no wasm-bindgen}; ${wbt:-no wasm-bindgen-test-runner}"
  if install "wasm-bindgen-cli $WASM_BINDGEN_VERSION (~5 min)" \
    cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force; then
    [[ $(version_of wasm-bindgen --version) == "wasm-bindgen $WASM_BINDGEN_VERSION" ]] ||
      die "wasm-bindgen $WASM_BINDGEN_VERSION still not on PATH after installing (PATH=$PATH)"
  fi
fi

# --- trunk -------------------------------------------------------------------------------------
tr=$(version_of trunk --version)
if [[ "$tr" == "trunk $TRUNK_VERSION" ]]; then
  info "ok   $tr"
else
  info "found: ${tr:-no trunk}"
  if install "trunk $TRUNK_VERSION (~15 min)" \
    cargo install trunk --version "$TRUNK_VERSION" --locked --force; then
    [[ $(version_of trunk --version) == "trunk $TRUNK_VERSION" ]] ||
      die "trunk $TRUNK_VERSION still not on PATH after installing (PATH=$PATH)"
  fi
fi

# --- wasm-opt (npm binaryen, into .tools/) ------------------------------------------------------
wo=$(version_of "$TOOLS_DIR/binaryen/node_modules/.bin/wasm-opt" --version)
if [[ "$wo" == "wasm-opt version ${BINARYEN_VERSION%%.*} "* ]]; then
  info "ok   $wo"
else
  info "found: ${wo:-no wasm-opt in .tools/}"
  if install "binaryen@$BINARYEN_VERSION from npm into .tools/ (wasm-opt)" \
    npm install --prefix "$TOOLS_DIR/binaryen" --no-save --no-audit --no-fund --loglevel=error \
    "binaryen@$BINARYEN_VERSION"; then
    wo=$(version_of "$TOOLS_DIR/binaryen/node_modules/.bin/wasm-opt" --version)
    [[ "$wo" == "wasm-opt version ${BINARYEN_VERSION%%.*} "* ]] ||
      die "wasm-opt from binaryen@$BINARYEN_VERSION does not run: ${wo:-no output}"
  fi
fi
if [[ $dry -eq 0 && $(command -v wasm-opt) != "$TOOLS_DIR/binaryen/node_modules/.bin/wasm-opt" ]]; then
  die "wasm-opt on PATH is $(command -v wasm-opt), not the pinned one in $TOOLS_DIR"
fi

if [[ $want_browser -eq 0 && $dry -eq 0 ]]; then
  section "bootstrap: build tools ready"
  exit 0
fi

# --- Chromium + ChromeDriver (Debian) ------------------------------------------------------------
browser_ok() {
  local c d
  c=$(version_of "$CHROMIUM" --version)      # "Chromium 148.0.7778.167 built on Debian ..."
  d=$(version_of "$CHROMEDRIVER" --version)  # "ChromeDriver 148.0.7778.167 (...)"
  [[ -n "$c" && -n "$d" ]] || return 1
  # The driver must match the browser's version.
  [[ $(awk '{print $2}' <<<"$c") == $(awk '{print $2}' <<<"$d") ]]
}
if browser_ok; then
  info "ok   $(version_of "$CHROMIUM" --version | awk '{print $1, $2}') + chromedriver"
else
  if install "Debian chromium + chromium-driver" true; then
    # apt-get update only when the plain install fails (stale or empty package lists).
    apt_install=(env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver)
    as_root "${apt_install[@]}" ||
      { as_root apt-get update && as_root "${apt_install[@]}"; } ||
      die "could not install chromium and chromium-driver with apt-get"
    browser_ok || die "$CHROMIUM and $CHROMEDRIVER are missing or their versions differ"
  fi
fi

# --- e2e test dependencies (playwright-core, pinned by tests/e2e/package-lock.json) --------------
e2e="$ROOT/tests/e2e"
want=$(node -p "require('$e2e/package-lock.json').packages['node_modules/playwright-core'].version")
have=$(node -p "try { require('$e2e/node_modules/playwright-core/package.json').version } catch { '' }")
if [[ -n "$want" && "$want" == "$have" ]]; then
  info "ok   playwright-core $have (tests/e2e)"
else
  info "found: playwright-core ${have:-none} in tests/e2e, want $want"
  # playwright-core downloads no browser; the tests drive Debian's Chromium.
  install "tests/e2e dependencies (npm ci)" \
    npm ci --prefix "$e2e" --no-audit --no-fund --loglevel=error || true
fi

if [[ $dry -eq 1 ]]; then
  [[ $missing -eq 0 ]] || die "some tools are missing (see above); scripts/bootstrap.sh installs them"
  section "bootstrap --check: everything is installed"
  exit 0
fi
section "bootstrap: all tools ready"
