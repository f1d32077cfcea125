#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on a temp dir and a free port.
# Usage: source scripts/pg-temp.sh; pg_temp_start; ... ; pg_temp_stop
# Sets PG_TEMP_URL. fsync is off (tests); PG_TEMP_FSYNC=on for benchmarks that measure durable commits;
# PG_TEMP_OPTIONS adds server options (e.g. "-c shared_preload_libraries=pg_stat_statements"). Needs /usr/lib/postgresql/*/bin and, as root, the postgres user.

PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}

pg_as() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

pg_temp_start() {
  PG_TEMP_DIR=$(mktemp -d /tmp/pgtemp.XXXXXX)
  chmod 755 "$PG_TEMP_DIR"
  [ "$(id -u)" = "0" ] && chown postgres "$PG_TEMP_DIR"
  PG_TEMP_PORT=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  pg_as "$PG_BIN/initdb" -D "$PG_TEMP_DIR/data" -U app --auth=trust -E UTF8 >/dev/null
  pg_temp_resume
  pg_as "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_TEMP_PORT" -U app platform
  PG_TEMP_URL="postgres://app@127.0.0.1:$PG_TEMP_PORT/platform"
  export PG_TEMP_URL PG_TEMP_DIR PG_TEMP_PORT
}

# Starts the server of the current cluster (again), on the same port and settings.
pg_temp_resume() {
  pg_as "$PG_BIN/pg_ctl" -D "$PG_TEMP_DIR/data" -l "$PG_TEMP_DIR/log" -w \
    -o "-p $PG_TEMP_PORT -k $PG_TEMP_DIR -c listen_addresses=127.0.0.1 -c fsync=${PG_TEMP_FSYNC:-off} -c max_connections=200 ${PG_TEMP_OPTIONS:-}" start >/dev/null
}

# Stops the server cleanly, keeping its data directory (to copy it, e.g. a seeded snapshot).
pg_temp_pause() {
  pg_as "$PG_BIN/pg_ctl" -D "$PG_TEMP_DIR/data" -m fast -w stop >/dev/null
}

pg_temp_createdb() {
  pg_as "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_TEMP_PORT" -U app "$1"
  echo "postgres://app@127.0.0.1:$PG_TEMP_PORT/$1"
}

pg_temp_stop() {
  [ -n "${PG_TEMP_DIR:-}" ] || return 0
  pg_as "$PG_BIN/pg_ctl" -D "$PG_TEMP_DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PG_TEMP_DIR"
  PG_TEMP_DIR=
}
