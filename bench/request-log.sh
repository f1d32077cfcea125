#!/usr/bin/env bash
# The request log's throughput cost: two production servers from the same build, log off and on,
# each on its own throwaway SQLite (or PostgreSQL: DATABASE_URL_OFF / DATABASE_URL_ON), measured
# in alternating rounds by bench/request-log.ts. Needs `npm run build` first.
set -eu
cd "$(dirname "$0")/.."
TMP=$(mktemp -d)
OFF_PORT=${BENCH_PORT:-4890}
ON_PORT=$((OFF_PORT + 1))
start() { # name port database-url request-log
  mkdir -p "$TMP/$1"
  DATA_DIR="$TMP/$1" DATABASE_URL="$3" PORT="$2" HOST=127.0.0.1 SEED_DEMO=false REQUEST_LOG="$4" WORKER_IN_APP=false \
    setsid npx tsx scripts/start.ts > "$TMP/$1/server.log" 2>&1 &
  echo $!
}
OFF=$(start off "$OFF_PORT" "${DATABASE_URL_OFF:-file:$TMP/off/bench.db}" false)
ON=$(start on "$ON_PORT" "${DATABASE_URL_ON:-file:$TMP/on/bench.db}" true)
trap 'kill -- -$OFF -$ON 2>/dev/null; rm -rf "$TMP"' EXIT
for port in "$OFF_PORT" "$ON_PORT"; do
  for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$port/openapi.json" >/dev/null && break; sleep 0.5; done
done
key() { DATA_DIR="$TMP/$1" DATABASE_URL="$2" npx tsx scripts/admin.ts create-merchant --name Bench --json | node -pe 'JSON.parse(require("fs").readFileSync(0)).api_key'; }
BENCH_OFF_KEY=$(key off "${DATABASE_URL_OFF:-file:$TMP/off/bench.db}")
BENCH_ON_KEY=$(key on "${DATABASE_URL_ON:-file:$TMP/on/bench.db}")
BENCH_OFF_PGID=$OFF BENCH_ON_PGID=$ON BENCH_OFF_URL="http://127.0.0.1:$OFF_PORT" BENCH_ON_URL="http://127.0.0.1:$ON_PORT" BENCH_OFF_KEY="$BENCH_OFF_KEY" BENCH_ON_KEY="$BENCH_ON_KEY" npx tsx bench/request-log.ts
echo "rows in the request log: $(DATABASE_URL="${DATABASE_URL_ON:-file:$TMP/on/bench.db}" node -e '
const url = process.env.DATABASE_URL;
if (url.startsWith("file:")) { const D = require("better-sqlite3"); console.log(new D(url.slice(5)).prepare("select count(*) n from api_request_log").get().n); } else console.log("(see PostgreSQL)");
')"
