/**
 * Admin CLI (CONTRACT §13), against whatever DATABASE_URL selects, safe while the server runs.
 *   create-merchant --name NAME [--hosting] [--json]
 *   create-api-key --merchant ID [--store ID] [--name NAME] [--json]
 *   create-user --merchant ID --email EMAIL --password PW [--role OWNER|ADMIN|VIEWER] [--store ID] [--json]
 *   reset-demo-login [--email EMAIL] [--password PW] [--api-key] [--json]
 *   audit-verify [--merchant ID] [--seal] [--json]
 *                            recompute every merchant's audit hash chain; exit 1 on a break or on an entry
 *                            left unsealed over a minute; --seal first seals what is committed (as the worker does)
 *   backup --out FILE        consistent online backup (SQLite backup API, or pg_dump) while the server runs
 *   restore --from FILE      replace the database with a backup: stop every app and worker process first
 *   reconcile [--since ISO] [--merchant ID] [--json]
 *                            compare the providers' settlement files with our records (default: the last 24 h);
 *                            prints {"checked", "mismatches", "unsettled"}; exit 0 only when both lists are empty
 *   toss-settlements [--from yyyy-MM-dd] [--to yyyy-MM-dd] [--merchant ID] [--json]
 *                            read LIVE Toss channels' settlement reports now (default: the last 14 days) and
 *                            record them as CONFIRMED; exit 1 when a channel's report could not be read
 */
import { parseArgs } from "node:util";
import { sealAuditChains } from "@/lib/audit/seal";
import { verifyAuditChains } from "@/lib/audit/verify";
import { createApiKey } from "@/lib/auth/api-keys";
import { closeDb, getDb } from "@/lib/db/client";
import { migrateToLatest } from "@/lib/db/migrations/index";
import { resetDemoLogin } from "@/lib/demo/seed";
import { backupDatabase, restoreDatabase } from "@/lib/ops/backup";
import { createMerchant } from "@/lib/tenancy/create-merchant";
import { insertUser } from "@/lib/users/repository";

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: {
    name: { type: "string" },
    hosting: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
    merchant: { type: "string" },
    store: { type: "string" },
    email: { type: "string" },
    password: { type: "string" },
    role: { type: "string", default: "ADMIN" },
    "api-key": { type: "boolean", default: false },
    out: { type: "string" },
    from: { type: "string" },
    since: { type: "string" },
    to: { type: "string" },
    seal: { type: "boolean", default: false },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function print(result: Record<string, unknown>) {
  console.log(
    values.json
      ? JSON.stringify(result)
      : Object.entries(result)
          .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
          .join("\n"),
  );
}

async function requireStore(merchantId: string, storeId: string | undefined) {
  const merchant = await getDb().selectFrom("merchants").select("id").where("id", "=", merchantId).executeTakeFirst();
  if (!merchant) fail(`no merchant ${merchantId}`);
  if (storeId) {
    const store = await getDb()
      .selectFrom("stores")
      .select("id")
      .where("id", "=", storeId)
      .where("merchant_id", "=", merchantId)
      .executeTakeFirst();
    if (!store) fail(`no store ${storeId} for merchant ${merchantId}`);
  }
}

/** Backup and restore copy the database as it is: no migration first (a restore would undo it anyway). */
async function runFileCommand(): Promise<boolean> {
  if (command === "backup") {
    if (!values.out) fail("--out FILE is required");
    print({ ...(await backupDatabase(values.out)) });
    return true;
  }
  if (command === "restore") {
    if (!values.from) fail("--from FILE is required");
    await restoreDatabase(values.from);
    print({ restored_from: values.from, next: "start the app: migrations bring an older backup up to date" });
    return true;
  }
  return false;
}

try {
  if (await runFileCommand()) process.exit(0);
} catch (error) {
  fail(`${command} failed: ${error instanceof Error ? error.message : String(error)}`);
}

await migrateToLatest();
try {
  if (command === "create-merchant") {
    if (!values.name) fail("--name is required");
    print(await createMerchant({ name: values.name, hosting: values.hosting }));
  } else if (command === "create-api-key") {
    if (!values.merchant) fail("--merchant is required");
    await requireStore(values.merchant, values.store);
    const key = await createApiKey({
      merchantId: values.merchant,
      storeId: values.store ?? null,
      name: values.name ?? "cli",
    });
    print({ api_key: key.apiKey });
  } else if (command === "create-user") {
    if (!values.merchant || !values.email || !values.password) fail("--merchant, --email and --password are required");
    if (!["OWNER", "ADMIN", "VIEWER"].includes(values.role!)) fail("--role must be OWNER, ADMIN or VIEWER");
    await requireStore(values.merchant, values.store);
    const user = await insertUser(getDb(), {
      merchantId: values.merchant,
      storeId: values.store ?? null,
      email: values.email,
      name: values.email,
      password: values.password,
      role: values.role as "OWNER",
    });
    print({ user_id: user.id, email: values.email });
  } else if (command === "audit-verify") {
    if (values.seal) await sealAuditChains({ merchantId: values.merchant });
    const report = await verifyAuditChains({ merchantId: values.merchant });
    print(report);
    if (!report.ok) process.exitCode = 1;
  } else if (command === "reset-demo-login") {
    const reset = await resetDemoLogin({ email: values.email, password: values.password, apiKey: values["api-key"] });
    if (!reset) fail(`no demo login ${values.email ?? "demo@example.com"}: seed one with SEED_DEMO=true npm start`);
    print(reset);
  } else if (command === "reconcile") {
    const since = values.since === undefined ? Date.now() - 24 * 3_600_000 : Date.parse(values.since);
    if (!Number.isFinite(since)) fail("--since must be an ISO 8601 time, e.g. 2026-11-23T00:00:00Z");
    if (values.merchant) await requireStore(values.merchant, values.store);
    // Imported here: the payments stack would slow every other command's start.
    const { printReconciliation } = await import("@/lib/reconciliation/cli");
    process.exitCode = await printReconciliation(
      { since, merchantId: values.merchant, storeId: values.store },
      values.json,
    );
  } else if (command === "toss-settlements") {
    const date = /^\d{4}-\d{2}-\d{2}$/;
    for (const flag of ["from", "to"] as const)
      if (values[flag] !== undefined && !(date.test(values[flag]) && Number.isFinite(Date.parse(values[flag]))))
        fail(`--${flag} must be a date, e.g. 2026-11-23`);
    const { readTossSettlements } = await import("@/lib/settlements/read-toss");
    const result = await readTossSettlements({ from: values.from, to: values.to, merchantId: values.merchant });
    print(result);
    if (result.failed.length) process.exitCode = 1;
  } else {
    fail(
      "usage: admin create-merchant --name NAME [--hosting] [--json] | create-api-key --merchant ID [--store ID] [--json] | create-user --merchant ID --email E --password P [--role R] [--store ID] | reset-demo-login [--email E] [--password P] [--api-key] | audit-verify [--merchant ID] [--seal] [--json] | backup --out FILE | restore --from FILE | reconcile [--since ISO] [--merchant ID] [--json] | toss-settlements [--from DATE] [--to DATE] [--merchant ID] [--json]",
    );
  }
} finally {
  await closeDb();
}
