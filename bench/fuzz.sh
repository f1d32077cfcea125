#!/usr/bin/env bash
# The long fuzz run: the same fuzzers as the HTTP pass (e2e/http/fuzz.test.ts for the API,
# e2e/http/fuzz-actions.test.ts for the dashboard's server actions) with a fresh seed
# and many more requests, against the production build on a throwaway SQLite, or on PostgreSQL
# with DATABASE_URL. Needs `npm run build` first. Reproduce a failure with its printed seed:
#   FUZZ_SEED=123 FUZZ_COUNT=50000 bash bench/fuzz.sh   (the actions reuse FUZZ_SEED; ACTION_FUZZ_COUNT)
set -eu
cd "$(dirname "$0")/.."
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export FUZZ_SEED="${FUZZ_SEED:-$(( (RANDOM << 15) | RANDOM ))}" FUZZ_COUNT="${FUZZ_COUNT:-50000}"
export ACTION_FUZZ_SEED="$FUZZ_SEED" ACTION_FUZZ_COUNT="${ACTION_FUZZ_COUNT:-10000}"
echo "fuzzing with seed $FUZZ_SEED, $FUZZ_COUNT requests and $ACTION_FUZZ_COUNT action calls"
DATA_DIR="$TMP" DATABASE_URL="${DATABASE_URL:-file:$TMP/fuzz.db}" HTTP_PASS_PORT="${BENCH_PORT:-3291}" \
  npx vitest run -c vitest.http.config.ts --project http e2e/http/fuzz.test.ts e2e/http/fuzz-actions.test.ts
