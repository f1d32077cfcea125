#!/usr/bin/env bash
# bench/scale.ts on a throwaway SQLite (default) or, with PG=1, a throwaway PostgreSQL.
# BENCH_ROWS (default 1000000) and BENCH_RUNS (20) tune it. Results: docs/benchmarks.md.
set -eu
cd "$(dirname "$0")/.."
TMP=$(mktemp -d /tmp/scale-bench.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
if [ "${PG:-}" = "1" ]; then
  source scripts/pg-temp.sh
  trap 'pg_temp_stop; rm -rf "$TMP"' EXIT
  pg_temp_start
  DATA_DIR="$TMP" DATABASE_URL="$PG_TEMP_URL" npx tsx bench/scale.ts
else
  DATA_DIR="$TMP" DATABASE_URL="file:$TMP/bench.db" npx tsx bench/scale.ts
fi
