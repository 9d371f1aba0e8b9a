#!/usr/bin/env bash
# The whole test suite, as CI runs it (.ci/run). Installs missing tools first; stops at the
# first failing step. With the tools installed and a warm target/, takes a few minutes.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$ROOT"

"$ROOT/scripts/bootstrap.sh"

step_no=0
step_name=''
step_start=0
t_start=$SECONDS
step() {
  [[ -n "$step_name" ]] && info "($((SECONDS - step_start)) s)"
  step_no=$((step_no + 1))
  step_name="$*"
  step_start=$SECONDS
  section "[$step_no/8] $*"
}
trap 'rc=$?; [[ $rc -ne 0 ]] && printf "\n%sFAILED at step %s: %s (exit %s)%s\n" "$_red$_bold" "$step_no" "$step_name" "$rc" "$_reset" >&2' EXIT

step "format: cargo fmt --all --check"
cargo fmt --all --check

step "lint (native): cargo clippy --workspace --all-targets, cargo doc"
cargo clippy --locked --workspace --all-targets -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --locked --workspace --no-deps

step "lint (wasm32): cargo clippy -p wakelab-web --target $WASM_TARGET, cargo doc"
cargo clippy --locked -p wakelab-web --all-targets --target "$WASM_TARGET" -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --locked -p wakelab-web --no-deps --target "$WASM_TARGET"

step "native tests"
if cargo nextest --version >/dev/null 2>&1; then
  cargo nextest run --locked --workspace --no-tests=warn
else
  cargo test --locked --workspace
fi
cargo test --locked --workspace --doc

step "fuzz smoke: each cargo-fuzz target briefly on the committed corpus"
scripts/fuzz-smoke.sh 15

step "wasm tests in headless Chromium (wasm-bindgen-test)"
# .cargo/config.toml makes wasm-bindgen-test-runner the runner for wasm32.
CHROMEDRIVER="$CHROMEDRIVER" \
  WASM_BINDGEN_TEST_TIMEOUT=60 \
  WASM_BINDGEN_TEST_WEBDRIVER_JSON="$ROOT/tests/webdriver.json" \
  cargo test --locked -p wakelab-web --target "$WASM_TARGET" --test web --test editor_dom
# The core's own browser tests, once it has them (needs wasm-bindgen-test as its dev-dependency).
if [[ -f crates/wakelab-sim/tests/wasm.rs ]]; then
  CHROMEDRIVER="$CHROMEDRIVER" \
    WASM_BINDGEN_TEST_TIMEOUT=60 \
    WASM_BINDGEN_TEST_WEBDRIVER_JSON="$ROOT/tests/webdriver.json" \
    cargo test --locked -p wakelab-sim --target "$WASM_TARGET" --test wasm
fi

step "release build: trunk build --release"
cargo fetch --locked
trunk build --release

step "end-to-end: tests/e2e in Chromium"
# node's runner finds every *.test.mjs there (page, results, editors), one file at a time.
(cd tests/e2e && node --test --test-concurrency=1 --test-reporter=spec)

info "($((SECONDS - step_start)) s)"
trap - EXIT
printf '\n%sAll %d steps passed in %d s (including bootstrap).%s\n' "$_bold" "$step_no" $((SECONDS - t_start)) "$_reset"
