# Sourced by the recording scripts (record-benchmarks.sh, record-in-vm.sh): Debian packages.

# ensure_packages PKG...: install the packages that are not installed yet, one at a time (a
# joint install can trip over held packages). Needs root.
ensure_packages() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [[ ${#missing[@]} -eq 0 ]] && return 0
  echo "==> apt-get install ${missing[*]}"
  apt-get update -qq
  for p in "${missing[@]}"; do
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$p"
  done
}
