import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * PostgreSQL: the API request log's bodies compressed with lz4 instead of pglz. A logged response
 * (a payment is ~3 KB) is over TOAST's 2 KB threshold, so every batched INSERT compresses each row's
 * body in the backend: with pglz that was most of the log's PostgreSQL CPU per API request (see
 * docs/benchmarks.md "Read: GET /v2/payments/{id}"). Metadata only (rows written before keep pglz and read
 * back alike); skipped on a server built without lz4. SQLite stores text as is: nothing.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  if (dialect !== "postgres") return;
  const { rows } = await sql<{ lz4: boolean }>`
    select 'lz4' = any(enumvals) as lz4 from pg_settings where name = 'default_toast_compression'
  `.execute(db);
  if (!rows[0]?.lz4) return;
  await sql`alter table api_request_log
    alter column request_body set compression lz4,
    alter column response_body set compression lz4`.execute(db);
}
