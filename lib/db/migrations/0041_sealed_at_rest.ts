import { sql, type Kysely } from "kysely";
import { sealText } from "@/lib/sealed";
import type { MigrationDialect } from "./dialect";

/**
 * Seals what earlier versions kept in clear: store webhook signing secrets (current and the
 * previous one of a rotation) and virtual accounts' pending cash_receipt_form (a registration
 * number may be a resident number) and provider credentials of onboarded applications.
 * The sealing is spelled out as it ran (each value under its purpose, JSON as stored); the areas'
 * openers read these values.
 */
const sealWebhookSecret = (secret: string) => sealText("webhook-secret", secret);
const sealJson = (purpose: string, stored: string) => sealText(purpose, JSON.stringify(JSON.parse(stored)));

export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  const stores = await sql<{
    id: string;
    webhook_secret: string;
  }>`select id, webhook_secret from stores where webhook_secret like 'whsec_%'`.execute(db);
  for (const s of stores.rows)
    await sql`update stores set webhook_secret = ${sealWebhookSecret(s.webhook_secret)} where id = ${s.id}`.execute(db);
  const rotations = await sql<{
    store_id: string;
    previous_secret: string;
  }>`select store_id, previous_secret from webhook_secret_rotations where previous_secret like 'whsec_%'`.execute(db);
  for (const r of rotations.rows)
    await sql`update webhook_secret_rotations set previous_secret = ${sealWebhookSecret(r.previous_secret)} where store_id = ${r.store_id}`.execute(
      db,
    );
  const forms = await sql<{
    id: string;
    cash_receipt_form: string;
  }>`select id, cash_receipt_form from transactions where cash_receipt_form like '{%'`.execute(db);
  for (const t of forms.rows) {
    const sealed = sealJson("cash-receipt-form", t.cash_receipt_form);
    await sql`update transactions set cash_receipt_form = ${sealed} where id = ${t.id}`.execute(db);
  }
  const credentials = await sql<{
    id: string;
    pg_credential: string;
  }>`select id, pg_credential from store_applications where pg_credential like '{%'`.execute(db);
  for (const a of credentials.rows) {
    const sealed = sealJson("pg-credential", a.pg_credential);
    await sql`update store_applications set pg_credential = ${sealed} where id = ${a.id}`.execute(db);
  }
}
