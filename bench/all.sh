#!/usr/bin/env bash
# Every benchmark of issue #18, on SQLite and PostgreSQL; results are printed as markdown tables
# for docs/benchmarks.md. Heavy: run it alone, `flock /work/coord/heavy.lock bash bench/all.sh`.
# Needs wrk (apt-get install wrk) and PostgreSQL server binaries; builds the app and the baseline
# app when they are missing. BENCH_ROWS (1000000) sizes the list/search benchmark.
set -eu
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { echo "bench/all.sh needs wrk: apt-get install -y wrk"; exit 1; }
started=$(date +%s)
# The app is rebuilt when its build is not of this checkout (a stale build would measure old code).
stamp="$(git rev-parse HEAD:app HEAD:lib HEAD:components HEAD:package-lock.json | sha1sum | cut -c1-12) $(git status --porcelain -- app lib components proxy.ts next.config.ts package-lock.json | sha1sum | cut -c1-12)"
if [ ! -f .next/BUILD_ID ] || [ "$(cat .next/bench-stamp 2>/dev/null)" != "$stamp" ]; then
  npx next build > /dev/null && echo "$stamp" > .next/bench-stamp
fi
[ -f bench/baseline-app/.next/BUILD_ID ] || npx next build bench/baseline-app > /dev/null
echo "## $(date -u +%Y-%m-%d) on $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)), Node $(node -v)"

TMP=$(mktemp -d /tmp/bench-all.XXXXXX)
source scripts/pg-temp.sh
trap 'pg_temp_stop 2>/dev/null; rm -rf "$TMP"' EXIT

echo; echo "### Durable commits and group commit"
npx tsx bench/commit-cost.ts
PG_TEMP_FSYNC=on pg_temp_start
DATABASE_URL="$PG_TEMP_URL" npx tsx bench/commit-cost.ts | tail -1
pg_temp_stop

echo; echo "### HTTP ratios, SQLite"
DATABASE_URL="file:$TMP/http.db" npx tsx bench/http-ratio.ts

echo; echo "### HTTP ratios, PostgreSQL (fsync on)"
PG_TEMP_FSYNC=on pg_temp_start
DATABASE_URL="$PG_TEMP_URL" npx tsx bench/http-ratio.ts
pg_temp_stop

echo; echo "### Audit log cost on the write path (in process)"
DATABASE_URL="file:$TMP/audit.db" npx tsx bench/audit-cost.ts | tail -1
PG_TEMP_FSYNC=on pg_temp_start
DATABASE_URL="$PG_TEMP_URL" npx tsx bench/audit-cost.ts | tail -1
pg_temp_stop

echo; echo "### Webhook first attempt after commit, 100 payments/s"
DATABASE_URL="file:$TMP/webhook.db" npx tsx bench/webhook-latency.ts
PG_TEMP_FSYNC=on pg_temp_start
DATABASE_URL="$PG_TEMP_URL" npx tsx bench/webhook-latency.ts
pg_temp_stop

echo; echo "### Scheduled payments, 2 worker processes, PostgreSQL (fsync on)"
PG_TEMP_FSYNC=on pg_temp_start
DATABASE_URL="$PG_TEMP_URL" npx tsx bench/scheduler-throughput.ts
pg_temp_stop

# The two 1M-payment seeds run at the same time (one is mostly SQLite in this process, the other
# mostly the PostgreSQL server), then each database is measured alone.
pg_temp_start
DATA_DIR="$TMP" DATABASE_URL="file:$TMP/scale.db" BENCH_PHASE=seed BENCH_SEEDED="$TMP/seeded-sqlite.json" npx tsx bench/scale.ts > "$TMP/seed-sqlite.log" &
sqlite_seed=$!
DATA_DIR="$TMP" DATABASE_URL="$PG_TEMP_URL" BENCH_PHASE=seed BENCH_SEEDED="$TMP/seeded-pg.json" npx tsx bench/scale.ts > "$TMP/seed-pg.log"
wait $sqlite_seed

echo; echo "### Lists, search and overview, SQLite (seeded alongside PostgreSQL's seed)"
DATA_DIR="$TMP" DATABASE_URL="file:$TMP/scale.db" BENCH_PHASE=measure BENCH_SEEDED="$TMP/seeded-sqlite.json" npx tsx bench/scale.ts
rm -f "$TMP"/scale.db*

echo; echo "### Lists, search and overview, PostgreSQL (seeded alongside SQLite's seed)"
DATA_DIR="$TMP" DATABASE_URL="$PG_TEMP_URL" BENCH_PHASE=measure BENCH_SEEDED="$TMP/seeded-pg.json" npx tsx bench/scale.ts
pg_temp_stop

echo; echo "### Job backlog drain with request latency alongside (SQLite, bench/job-backlog.ts)"
BENCH_JOBS=${BENCH_JOBS:-20000} BENCH_DRAIN_SECONDS=120 BENCH_PORT=4920 npx tsx bench/job-backlog.ts

echo; echo "(all benchmarks: $(( $(date +%s) - started )) s)"
