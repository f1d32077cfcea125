import { type Kysely, sql } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * Default stores were named "<merchant> (default)", the English word stored as part of the name and
 * shown as such to Korean readers and on public receipts. The name is now the merchant's; the
 * dashboard adds "(default)" in the reader's language from `is_default`.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  const suffix = " (default)";
  await sql`update stores set name = substr(name, 1, length(name) - ${suffix.length})
    where is_default = 1 and length(name) > ${suffix.length} and substr(name, length(name) - ${suffix.length - 1}) = ${suffix}`.execute(
    db,
  );
}
