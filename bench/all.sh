#!/usr/bin/env bash
# Every benchmark of issue #18, on SQLite and PostgreSQL; results are printed as markdown tables
# for docs/benchmarks.md. Heavy: run it alone on the machine.
# Needs wrk (apt-get install wrk) and PostgreSQL server binaries; builds the app and the baseline
# app when they are missing. BENCH_ROWS (1000000) sizes the list/search benchmark.
# BENCH_PARTS (default: all of "http scale scheduler audit webhook commit backlog", run in that order) runs a subset;
# each part prints its own duration, so a partial run still shows what the whole costs.
set -eu
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { echo "bench/all.sh needs wrk: apt-get install -y wrk"; exit 1; }
PARTS=" ${BENCH_PARTS:-http scale scheduler audit webhook commit backlog} "
started=$(date +%s)
# The app is rebuilt when its build is not of this checkout (a stale build would measure old code);
# only the parts that serve HTTP (http, webhook, backlog) need it.
if [[ "$PARTS" == *" http "* || "$PARTS" == *" webhook "* || "$PARTS" == *" backlog "* ]]; then
  stamp="$(git rev-parse HEAD:app HEAD:lib HEAD:components HEAD:package-lock.json | sha1sum | cut -c1-12) $(git status --porcelain -- app lib components proxy.ts next.config.ts package-lock.json | sha1sum | cut -c1-12)"
  if [ ! -f .next/BUILD_ID ] || [ "$(cat .next/bench-stamp 2>/dev/null)" != "$stamp" ]; then
    npx next build > /dev/null && echo "$stamp" > .next/bench-stamp
  fi
  # The baseline too, when its build is not of its sources (a build made before its own
  # instrumentation.js bundled the platform's: migrations and a job worker in the bare server).
  bare_stamp="$(git rev-parse HEAD:bench/baseline-app) $(git status --porcelain -- bench/baseline-app | grep -v '\.next' | sha1sum | cut -c1-12)"
  if [ ! -f bench/baseline-app/.next/BUILD_ID ] || [ "$(cat bench/baseline-app/.next/bench-stamp 2>/dev/null)" != "$bare_stamp" ]; then
    npx next build bench/baseline-app > /dev/null && echo "$bare_stamp" > bench/baseline-app/.next/bench-stamp
  fi
fi
echo "## $(date -u +%Y-%m-%d) on $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)), Node $(node -v)"
echo "(builds: $(( $(date +%s) - started )) s)"

TMP=$(mktemp -d /tmp/bench-all.XXXXXX)
source scripts/pg-temp.sh
trap 'pg_temp_stop 2>/dev/null; rm -rf "$TMP"' EXIT

part_started=0
# part NAME TITLE: true when NAME is selected; prints the title and starts its clock.
part() {
  [[ "$PARTS" == *" $1 "* ]] || return 1
  part_started=$(date +%s)
  echo; echo "### $2"
}
done_part() { echo "($1: $(( $(date +%s) - part_started )) s)"; }

if part http "HTTP ratios, SQLite, then PostgreSQL (fsync on)"; then
  DATABASE_URL="file:$TMP/http.db" npx tsx bench/http-ratio.ts
  # A profiled run (BENCH_PROFILE) also reports PostgreSQL's statements (pg_stat_statements).
  PG_TEMP_OPTIONS=${BENCH_PROFILE:+"-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all -c pg_stat_statements.track_planning=on"} \
    PG_TEMP_FSYNC=on pg_temp_start
  DATABASE_URL="$PG_TEMP_URL" npx tsx bench/http-ratio.ts
  pg_temp_stop
  done_part http
fi

if part scale "Lists, search and overview at ${BENCH_ROWS:-1000000} payments"; then
  # Seeding 1M payments is most of this part (~7 min for both databases on an idle machine, ~15 at
  # load 8), so the seeded databases are kept in BENCH_CACHE and reused by later runs, keyed by the
  # seeder's sources and the row count. The seeded year ends at the seed's "now", so a reused snapshot
  # measures windows ("90 days", "today") relative to a history that stopped on its seed day (printed
  # below). Migrations added since the seed are applied to the restored copy the way they reach a
  # production database, and the snapshot is saved again migrated; only the newest snapshot is kept.
  rows=${BENCH_ROWS:-1000000}
  cache=${BENCH_CACHE:-/tmp/platform-bench-cache}
  snap="$cache/$(cat bench/lib/seed-payments.ts lib/payments/seed/repository.ts | sha1sum | cut -c1-12)-$rows"
  migrations=$(cat lib/db/migrations/*.ts | sha1sum | cut -c1-12)
  pg_temp_start
  if [ -f "$snap/done" ]; then
    cp "$snap"/scale.db* "$snap"/seeded-*.json "$TMP/"
    pg_temp_pause
    rm -rf "$PG_TEMP_DIR/data" && cp -a "$snap/pgdata" "$PG_TEMP_DIR/data"
    pg_temp_resume
    echo "(seeded databases reused from $snap: $(( $(date +%s) - part_started )) s)"
    if [ "$(cat "$snap/migrations" 2>/dev/null)" != "$migrations" ]; then
      migrate_started=$(date +%s)
      DATABASE_URL="file:$TMP/scale.db" npx tsx scripts/migrate.ts > /dev/null
      DATABASE_URL="$PG_TEMP_URL" npx tsx scripts/migrate.ts > /dev/null
      rm -f "$snap/done" && cp "$TMP"/scale.db* "$snap/"
      pg_temp_pause
      rm -rf "$snap/pgdata" && cp -a "$PG_TEMP_DIR/data" "$snap/pgdata"
      pg_temp_resume
      echo "$migrations" > "$snap/migrations" && touch "$snap/done"
      echo "(migrations added since the seed applied to it and saved: $(( $(date +%s) - migrate_started )) s)"
    fi
  else
    # The two seeds run at the same time (one is mostly SQLite in this process, the other mostly the
    # PostgreSQL server), then each database is measured alone.
    DATA_DIR="$TMP" DATABASE_URL="file:$TMP/scale.db" BENCH_PHASE=seed BENCH_SEEDED="$TMP/seeded-sqlite.json" npx tsx bench/scale.ts > "$TMP/seed-sqlite.log" &
    sqlite_seed=$!
    DATA_DIR="$TMP" DATABASE_URL="$PG_TEMP_URL" BENCH_PHASE=seed BENCH_SEEDED="$TMP/seeded-pg.json" npx tsx bench/scale.ts > "$TMP/seed-pg.log"
    wait $sqlite_seed
    echo "(seeding both at once: $(( $(date +%s) - part_started )) s)"
    rm -rf "$cache" && mkdir -p "$snap"
    cp "$TMP"/scale.db* "$TMP"/seeded-*.json "$snap/"
    pg_temp_pause
    cp -a "$PG_TEMP_DIR/data" "$snap/pgdata"
    pg_temp_resume
    echo "$migrations" > "$snap/migrations" && touch "$snap/done"
  fi
  echo "(history seeded on $(node -p "new Date(require('$TMP/seeded-sqlite.json').to).toISOString().slice(0, 10)") UTC: a year ending that day)"
  echo; echo "#### SQLite"
  BENCH_RUNS=${BENCH_RUNS:-20} DATA_DIR="$TMP" DATABASE_URL="file:$TMP/scale.db" BENCH_PHASE=measure BENCH_SEEDED="$TMP/seeded-sqlite.json" npx tsx bench/scale.ts
  rm -f "$TMP"/scale.db*
  echo; echo "#### PostgreSQL"
  BENCH_RUNS=${BENCH_RUNS:-20} DATA_DIR="$TMP" DATABASE_URL="$PG_TEMP_URL" BENCH_PHASE=measure BENCH_SEEDED="$TMP/seeded-pg.json" npx tsx bench/scale.ts
  # The audit log page at 1M entries: seeded in the database by one statement (seconds), no snapshot.
  echo; echo "#### Audit page, SQLite"
  BENCH_RUNS=${BENCH_RUNS:-20} DATA_DIR="$TMP" npx tsx bench/audit-page.ts
  echo; echo "#### Audit page, PostgreSQL"
  BENCH_RUNS=${BENCH_RUNS:-20} DATA_DIR="$TMP" DATABASE_URL="$(pg_temp_createdb audit_page)" npx tsx bench/audit-page.ts
  pg_temp_stop
  done_part scale
fi

if part scheduler "Scheduled payments, 2 worker processes, PostgreSQL (fsync on)"; then
  PG_TEMP_FSYNC=on pg_temp_start
  DATABASE_URL="$PG_TEMP_URL" npx tsx bench/scheduler-throughput.ts
  pg_temp_stop
  done_part scheduler
fi

# 20 pairs of 1 s slices: with 10, five runs' medians of the same code spread 5 points (SQLite
# 0.890–0.940, docs/benchmarks.md "Audit cost"); 20 halve the variance for ~20 s more per
# database. BENCH_AUDIT_PAIRS sets it (BENCH_PAIRS is http-ratio's pair selection).
if part audit "Audit log cost on the write path (in process)"; then
  DATABASE_URL="file:$TMP/audit.db" BENCH_PAIRS=${BENCH_AUDIT_PAIRS:-20} npx tsx bench/audit-cost.ts | grep -E "^\| (sqlite|postgres) \||^Per payment"
  PG_TEMP_FSYNC=on pg_temp_start
  DATABASE_URL="$PG_TEMP_URL" BENCH_PAIRS=${BENCH_AUDIT_PAIRS:-20} npx tsx bench/audit-cost.ts | grep -E "^\| (sqlite|postgres) \||^Per payment"
  pg_temp_stop
  done_part audit
fi

if part webhook "Webhook first attempt after commit, 100 payments/s"; then
  DATABASE_URL="file:$TMP/webhook.db" npx tsx bench/webhook-latency.ts
  PG_TEMP_FSYNC=on pg_temp_start
  DATABASE_URL="$PG_TEMP_URL" npx tsx bench/webhook-latency.ts
  pg_temp_stop
  # The PostgreSQL deployment: the worker in its own process, woken by NOTIFY.
  PG_TEMP_FSYNC=on pg_temp_start
  BENCH_WORKER=process DATABASE_URL="$PG_TEMP_URL" npx tsx bench/webhook-latency.ts
  pg_temp_stop
  done_part webhook
fi

if part commit "Durable commits and group commit"; then
  npx tsx bench/commit-cost.ts
  PG_TEMP_FSYNC=on pg_temp_start
  DATABASE_URL="$PG_TEMP_URL" npx tsx bench/commit-cost.ts | tail -1
  pg_temp_stop
  done_part commit
fi

if part backlog "Job backlog drain with request latency alongside (bench/job-backlog.ts)"; then
  BENCH_JOBS=${BENCH_JOBS:-10000} BENCH_DRAIN_SECONDS=60 BENCH_PORT=4920 npx tsx bench/job-backlog.ts
  PG_TEMP_FSYNC=on pg_temp_start
  DATABASE_URL="$PG_TEMP_URL" BENCH_CLAIM_COST=0 BENCH_JOBS=${BENCH_JOBS:-10000} BENCH_DRAIN_SECONDS=60 BENCH_PORT=4920 npx tsx bench/job-backlog.ts
  pg_temp_stop
  done_part backlog
fi

echo; echo "(all selected benchmarks:$PARTS$(( $(date +%s) - started )) s)"
