#!/usr/bin/env bash
# The whole test suite: unit and API tests on SQLite and on a throwaway PostgreSQL, then the
# production build, the API suite over HTTP against it and Playwright in Chromium, each on both
# databases, and last a scan of every log the suite wrote for card numbers and secrets.
# Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
# Debian's chromium and the PostgreSQL server binaries, installed with apt when missing (as root).
bash scripts/system-deps.sh || exit 1
OUT=.test-output
LOGS="$OUT/logs"
rm -rf "$OUT" && mkdir -p "$OUT" "$LOGS"
TMP=$(mktemp -d /tmp/platform-test.XXXXXX)
status=0

source scripts/pg-temp.sh
cleanup() { pg_temp_stop; rm -rf "$TMP"; }
trap cleanup EXIT

# Each step's wall time goes to step-seconds, which the summary prints beside the failures.
step_name=""; step_start=$SECONDS
step_done() { [ -n "$step_name" ] && echo "$step_name $((SECONDS - step_start))s" >> "$OUT/step-seconds"; step_name=""; }
step() { step_done; step_name="$1"; step_start=$SECONDS; printf '\n=== %s ===\n' "$1"; }
# A step that exits non-zero while its report shows no failed test (vitest's unhandled errors, a
# Playwright error outside any test) still failed: test-summary counts it, so the line matches the exit.
failed_step() { status=1; echo "$1" >> "$OUT/exited-nonzero"; }

# The layer rules (dependency-cruiser, .dependency-cruiser.cjs) and Biome: a few seconds, counted as two tests.
step "architecture check and lint"
checks_passed=0; checks_failed=0
for check in check:arch lint; do
  if npm run --silent "$check"; then checks_passed=$((checks_passed + 1)); else checks_failed=$((checks_failed + 1)); status=1; fi
done
echo "{\"numPassedTests\": $checks_passed, \"numFailedTests\": $checks_failed}" > "$OUT/static-checks.json"

step "unit + API tests on SQLite"
LOG_FILE="$LOGS/vitest-sqlite.log" DATABASE_URL="file:$TMP/unit.db" DATA_DIR="$TMP/data-unit" npx vitest run --reporter=default --reporter=json --outputFile.json="$OUT/vitest-sqlite.json" || failed_step vitest-sqlite.json

step "unit + API tests on PostgreSQL"
if pg_temp_start; then
  LOG_FILE="$LOGS/vitest-postgres.log" DATABASE_URL="$PG_TEMP_URL" DATA_DIR="$TMP/data-unit-pg" npx vitest run --reporter=default --reporter=json --outputFile.json="$OUT/vitest-postgres.json" || failed_step vitest-postgres.json
else
  echo "could not start PostgreSQL"; failed_step "PostgreSQL start"
fi

if [ "${SKIP_E2E:-}" != "1" ]; then
  step "production build"
  if npx next build > "$OUT/build.log" 2>&1; then
    # A build that succeeds with a warning (an Edge-runtime warning ends "Ecmascript file had an error") still fails the step.
    if grep -q -E "Turbopack build encountered|Ecmascript file had an error" "$OUT/build.log"; then
      cat "$OUT/build.log"; echo "the build printed warnings"; failed_step "production build warnings"
    fi
    # The API suite and the generated routing pass over real HTTP against the production server.
    step "API over HTTP on SQLite"
    LOG_FILE="$LOGS/http-sqlite.log" DATABASE_URL="file:$TMP/http/platform.db" DATA_DIR="$TMP/http" npx vitest run -c vitest.http.config.ts --reporter=default --reporter=json --outputFile.json="$OUT/http-sqlite.json" || failed_step http-sqlite.json
    if [ -n "${PG_TEMP_URL:-}" ]; then
      step "API over HTTP on PostgreSQL"
      HTTP_PG_URL=$(pg_temp_createdb http)
      LOG_FILE="$LOGS/http-postgres.log" DATABASE_URL="$HTTP_PG_URL" DATA_DIR="$TMP/http-pg" npx vitest run -c vitest.http.config.ts --reporter=default --reporter=json --outputFile.json="$OUT/http-postgres.json" || failed_step http-postgres.json
    fi
    # The chaos test: the production server (and workers) SIGKILLed under payment traffic and provider faults (docs/chaos.md).
    step "chaos on SQLite"
    mkdir -p "$TMP/chaos"
    echo chaos-sqlite.json >> "$OUT/expected-reports"
    LOG_FILE="$LOGS/chaos-sqlite.log" DATABASE_URL="file:$TMP/chaos/platform.db" DATA_DIR="$TMP/chaos" npx vitest run -c vitest.chaos.config.ts --reporter=default --reporter=json --outputFile.json="$OUT/chaos-sqlite.json" || failed_step chaos-sqlite.json
    if [ -n "${PG_TEMP_URL:-}" ]; then
      step "chaos on PostgreSQL"
      mkdir -p "$TMP/chaos-pg"
      echo chaos-postgres.json >> "$OUT/expected-reports"
      CHAOS_PG_URL=$(pg_temp_createdb chaos)
      LOG_FILE="$LOGS/chaos-postgres.log" DATABASE_URL="$CHAOS_PG_URL" DATA_DIR="$TMP/chaos-pg" npx vitest run -c vitest.chaos.config.ts --reporter=default --reporter=json --outputFile.json="$OUT/chaos-postgres.json" || failed_step chaos-postgres.json
    fi
    step "browser tests on SQLite"
    LOG_FILE="$LOGS/e2e-sqlite.log" DATA_DIR="$TMP/e2e-sqlite" DATABASE_URL="file:$TMP/e2e-sqlite/platform.db" PLAYWRIGHT_JSON_OUTPUT_NAME="$OUT/e2e-sqlite.json" npx playwright test || failed_step e2e-sqlite.json
    if [ -n "${PG_TEMP_URL:-}" ]; then
      step "browser tests on PostgreSQL"
      E2E_PG_URL=$(pg_temp_createdb e2e)
      LOG_FILE="$LOGS/e2e-postgres.log" DATA_DIR="$TMP/e2e-pg" DATABASE_URL="$E2E_PG_URL" PLAYWRIGHT_JSON_OUTPUT_NAME="$OUT/e2e-postgres.json" npx playwright test || failed_step e2e-postgres.json
    fi
  else
    cat "$OUT/build.log"; echo "build failed"; failed_step "production build"
  fi
fi

# Every audit hash chain the suite wrote must still verify (an edited or lost entry fails the run);
# entries a test process left unsealed when it ended are sealed first, as the worker's task would.
step "audit chains verified"
audit_verify() {
  if out=$(DATABASE_URL="$2" DATA_DIR="$TMP/audit-verify" npx tsx scripts/admin.ts audit-verify --seal --json 2>&1); then echo "$1: $out"; else echo "$1: FAILED $out"; failed_step "audit chains ($1)"; fi
}
audit_verify "unit SQLite" "file:$TMP/unit.db"
[ -n "${PG_TEMP_URL:-}" ] && audit_verify "unit PostgreSQL" "$PG_TEMP_URL"
[ -f "$TMP/http/platform.db" ] && audit_verify "HTTP SQLite" "file:$TMP/http/platform.db"
[ -n "${HTTP_PG_URL:-}" ] && audit_verify "HTTP PostgreSQL" "$HTTP_PG_URL"
[ -f "$TMP/e2e-sqlite/platform.db" ] && audit_verify "browser SQLite" "file:$TMP/e2e-sqlite/platform.db"
[ -n "${E2E_PG_URL:-}" ] && audit_verify "browser PostgreSQL" "$E2E_PG_URL"

step "log scan (card numbers, secrets, tokens, OTPs)"
LOG_SCAN_DIR="$LOGS" npx vitest run -c vitest.logs.config.ts --reporter=default --reporter=json --outputFile.json="$OUT/log-scan.json" || failed_step log-scan.json

step_done
node scripts/test-summary.mjs "$OUT" || status=1
exit $status
