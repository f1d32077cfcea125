import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

// The architecture check must fail on a forbidden import: a small tree with one import per rule is
// cruised with the project's own config, and every rule must name its offender (and nothing else).
const root = path.resolve(import.meta.dirname, "..");
const tree = mkdtempSync(path.join(tmpdir(), "arch-check-"));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

const files: Record<string, string> = {
  "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/*": ["./*"] } } }),
  "lib/db/client.ts": "export const db = 1;",
  "lib/db/transaction.ts": "export const transaction = 1;",
  "lib/api/error-codes.ts": "export const ERROR_STATUS = {};",
  "lib/errors/domain-error.ts": "export class DomainError extends Error {}",
  "lib/providers/sandbox/cards.ts": "export const SANDBOX_CARDS = {};",
  "lib/providers/registry.ts":
    'import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";\nexport const r = SANDBOX_CARDS;',
  "lib/providers/adapter.ts": 'import { list } from "@/lib/customers/list-customers";\nexport const a = list;',
  "lib/customers/repository.ts": 'import { db } from "@/lib/db/client";\nexport const rows = db;',
  "lib/customers/serialize.ts": "export const wire = 1;",
  "lib/customers/repository/wire-rows.ts": 'import { wire } from "@/lib/customers/serialize";\nexport const w = wire;',
  "lib/customers/list-customers.ts": [
    'import { db } from "@/lib/db/client";',
    'import { transaction } from "@/lib/db/transaction";',
    'import { ERROR_STATUS } from "@/lib/api/error-codes";',
    'import { DomainError } from "@/lib/errors/domain-error";',
    'import { page } from "@/app/page";',
    'import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";',
    "export const list = [db, transaction, ERROR_STATUS, DomainError, page, SANDBOX_CARDS];",
  ].join("\n"),
  "app/page.ts":
    'import { db } from "@/lib/db/client";\nimport { list } from "@/lib/customers/list-customers";\nexport const page = [db, list];',
  // A domain file taking a zod building block from the HTTP kit instead of lib/schema.
  "lib/api/fields.ts": "export const money = 1;",
  "lib/schema/fields.ts": "export const money = 1;",
  "lib/orders/schema.ts":
    'import { money } from "@/lib/api/fields";\nimport { money as m } from "@/lib/schema/fields";\nexport const s = [money, m];',
  // A circle through types only, across two areas.
  "lib/jobs/handlers.ts": 'import type { Run } from "@/lib/orders/run";\nexport type Outcome = Run | void;',
  "lib/orders/run.ts": 'import type { Outcome } from "@/lib/jobs/handlers";\nexport type Run = { o?: Outcome };',
  // A migration running live domain code, and one using what lib/db and the sealing primitive offer.
  "lib/sealed.ts": "export const sealText = 1;",
  "lib/db/migrations/dialect.ts": "export type MigrationDialect = string;",
  "lib/db/migrations/0001_a.ts":
    'import { s } from "@/lib/orders/schema";\nimport type { MigrationDialect } from "./dialect";\nexport const up = [s] as MigrationDialect[] | unknown[];',
  "lib/db/migrations/0002_b.ts":
    'import { sealText } from "@/lib/sealed";\nimport { db } from "@/lib/db/client";\nexport const up = [sealText, db];',
  // Cancel taking a piece of pay/ instead of the shared skeleton; pay using its own folder and the skeleton.
  "lib/payments/money-operation/call.ts": "export const call = 1;",
  "lib/payments/pay/attempt.ts": 'import { call } from "@/lib/payments/money-operation/call";\nexport const a = call;',
  "lib/payments/pay/instant-pay.ts": 'import { a } from "./attempt";\nexport const p = a;',
  "lib/payments/cancel/cancel-payment.ts":
    'import { a } from "@/lib/payments/pay/attempt";\nimport { call } from "@/lib/payments/money-operation/call";\nexport const c = [a, call];',
  // A component calling a server action that sits in app/.
  "app/orders/actions.ts": "export const act = 1;",
  "components/orders/form.tsx": 'import { act } from "@/app/orders/actions";\nexport const f = act;',
  "components/orders/actions.ts": "export const act = 1;",
  "components/orders/button.tsx": 'import { act } from "@/components/orders/actions";\nexport const b = act;',
};
for (const [file, text] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
  writeFileSync(path.join(tree, file), text);
}

type Violation = { rule: { name: string }; from: string; to: string };

async function violations(): Promise<string[]> {
  const bin = path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
  const args = [
    bin,
    "app",
    "components",
    "lib",
    "--config",
    path.join(root, ".dependency-cruiser.cjs"),
    "--output-type",
    "json",
  ];
  const run = await promisify(execFile)(process.execPath, args, { cwd: tree, maxBuffer: 1 << 24 }).catch((e) => e);
  const result = JSON.parse(run.stdout) as { summary: { violations: Violation[] } };
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

describe("architecture check", () => {
  it("names every forbidden import and allows the rest", async () => {
    expect(await violations()).toEqual([
      "db-only-in-repositories: lib/customers/list-customers.ts -> lib/db/client.ts",
      "domain-errors-not-from-api: lib/customers/list-customers.ts -> lib/api/error-codes.ts",
      "domain-not-to-api: lib/customers/list-customers.ts -> lib/api/error-codes.ts",
      "domain-not-to-api: lib/orders/schema.ts -> lib/api/fields.ts",
      "domain-not-to-ui: lib/customers/list-customers.ts -> app/page.ts",
      "migrations-frozen: lib/db/migrations/0001_a.ts -> lib/orders/schema.ts",
      "money-operations-apart: lib/payments/cancel/cancel-payment.ts -> lib/payments/pay/attempt.ts",
      "no-circular: app/page.ts -> lib/customers/list-customers.ts",
      "no-circular: lib/jobs/handlers.ts -> lib/orders/run.ts",
      "only-app-imports-app: components/orders/form.tsx -> app/orders/actions.ts",
      "only-app-imports-app: lib/customers/list-customers.ts -> app/page.ts",
      "providers-not-to-db-or-domain: lib/providers/adapter.ts -> lib/customers/list-customers.ts",
      "repositories-return-records: lib/customers/repository/wire-rows.ts -> lib/customers/serialize.ts",
      "sandbox-only-through-registry: lib/customers/list-customers.ts -> lib/providers/sandbox/cards.ts",
      "ui-not-to-db: app/page.ts -> lib/db/client.ts",
    ]);
  });
});
