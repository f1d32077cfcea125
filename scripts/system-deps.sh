#!/usr/bin/env bash
# Installs what the test suite needs from the system when it is missing: Debian's chromium (the
# browser tests; CHROMIUM_PATH if set) with a Korean font (so Korean pages render as a merchant
# sees them, not as empty boxes), and the PostgreSQL server binaries (the throwaway cluster of
# scripts/pg-temp.sh; PG_BIN if set). apt needs root: anyone else is told what to install.
# SKIP_E2E=1 needs no browser. APT_GET names the installer to run (default apt-get), FC_LIST the
# font lister (default fc-list).
set -eu

need=()
if [ "${SKIP_E2E:-}" != "1" ] && [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then need+=(chromium); fi
if [ "${SKIP_E2E:-}" != "1" ] && ! "${FC_LIST:-fc-list}" :lang=ko 2>/dev/null | grep -q .; then need+=(fonts-noto-cjk); fi
if [ -n "${PG_BIN:-}" ]; then
  [ -x "$PG_BIN/initdb" ] || need+=(postgresql)
else
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
fi
[ ${#need[@]} -eq 0 ] && exit 0

if [ "$(id -u)" != "0" ]; then
  echo "The tests need these Debian packages, missing here: ${need[*]}." >&2
  echo "Install them as root (sudo apt-get install -y ${need[*]}), or run npm test as root to have it do so." >&2
  exit 1
fi
echo "Installing ${need[*]} (apt-get)…"
apt=${APT_GET:-apt-get}
export DEBIAN_FRONTEND=noninteractive
"$apt" update -qq
"$apt" install -y -qq "${need[@]}" >/dev/null
