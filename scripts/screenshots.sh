#!/usr/bin/env bash
# Screenshots of every dashboard page (light/dark, 1440/390 px, English/Korean) into screenshots/,
# on a throwaway SQLite database with the demo data. Builds first unless SKIP_BUILD=1.
set -eu
cd "$(dirname "$0")/.."
TMP=$(mktemp -d /tmp/screenshots.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
[ "${SKIP_BUILD:-}" = "1" ] || npx next build
DATA_DIR="$TMP" DATABASE_URL="file:$TMP/platform.db" npx playwright test -c playwright.screenshots.config.ts
echo "screenshots in ${SCREENSHOTS_DIR:-$(pwd)/screenshots}"
