#!/usr/bin/env bash
# Starts the production build on a throwaway SQLite (or DATABASE_URL) and runs the load benchmark.
# Needs `npm run build` first. Usage: bash bench/run.sh
set -eu
cd "$(dirname "$0")/.."
TMP=$(mktemp -d)
PORT=${BENCH_PORT:-3290}
export DATA_DIR="$TMP" DATABASE_URL="${DATABASE_URL:-file:$TMP/bench.db}" PORT HOST=127.0.0.1 SEED_DEMO=false
# Own process group, so the whole tree (tsx, next) is stopped at the end.
setsid npx tsx scripts/start.ts > "$TMP/server.log" 2>&1 &
SERVER=$!
trap 'kill -- -$SERVER 2>/dev/null; rm -rf "$TMP"' EXIT
for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$PORT/openapi.json" >/dev/null && break; sleep 0.5; done
KEY=$(npx tsx scripts/admin.ts create-merchant --name Bench --json | node -pe 'JSON.parse(require("fs").readFileSync(0)).api_key')
BENCH_URL="http://127.0.0.1:$PORT" BENCH_API_KEY="$KEY" npx tsx bench/http-load.ts
