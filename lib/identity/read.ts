import { sql } from "kysely";
import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { getDb } from "@/lib/db/client";
import { openSealed } from "@/lib/sealed";
import { toRfc3339 } from "@/lib/time";
import { INBOX_PURPOSE } from "./otp";
import { findVerificationOrThrow, resolveIdentityStore } from "./repository";
import type { ListVerificationsInput } from "./schema";
import { serializeVerification, serializeVerificationListItem } from "./serialize";

/** GET /identity-verifications/{id}. */
export async function getVerification({ ctx, id, input }: { ctx: AuthContext; id: string; input: { storeId?: string } }) {
  const store = await resolveIdentityStore(ctx, input.storeId);
  return serializeVerification(await findVerificationOrThrow(ctx.merchantId, store.id, id));
}

/** The dashboard's detail: the wire record plus how it was sent. */
export async function getVerificationDetail({ ctx, id }: { ctx: AuthContext; id: string }) {
  const row = await findVerificationOrThrow(ctx.merchantId, ctx.storeId, id);
  return { verification: serializeVerification(row), method: row.method, operator: row.operator, sent: row.sent_at !== null };
}

const PAGE_SIZE = 20;

/** The dashboard's list of the current store's verifications, newest first; search by id or phone prefix. */
export async function listVerifications({ ctx, input }: { ctx: AuthContext; input: ListVerificationsInput }) {
  const page = input.page ?? 0;
  let q = getDb().selectFrom("identity_verifications").where("merchant_id", "=", ctx.merchantId).where("store_id", "=", ctx.storeId);
  if (input.status) q = q.where("status", "=", input.status);
  const search = input.search?.trim();
  if (search) {
    const phone = search.replace(/\D/g, "");
    q = q.where((eb) => eb.or([prefixOf("verification_id", search), ...(phone ? [prefixOf("customer_phone", phone)] : [])]));
  }
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(PAGE_SIZE).offset(page * PAGE_SIZE).execute(),
    q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(serializeVerificationListItem), totalCount: Number(count.n), page, pageSize: PAGE_SIZE };
}

/** A LIKE prefix match with the pattern's own % and _ taken literally (same SQL on SQLite and PostgreSQL). */
function prefixOf(column: "verification_id" | "customer_phone", value: string) {
  const pattern = `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

/** GET /v2/test-identity-verifications/{id}/otp: the latest simulated code (TEST channels only). */
export async function readTestOtp({ ctx, id, input }: { ctx: AuthContext; id: string; input: { storeId?: string } }) {
  const store = await resolveIdentityStore(ctx, input.storeId);
  const row = await findVerificationOrThrow(ctx.merchantId, store.id, id);
  if (row.channel_type !== "TEST") throw new DomainError("INVALID_REQUEST", "this endpoint serves TEST channels only");
  const message = await getDb().selectFrom("sandbox_messages").selectAll().where("verification_row_id", "=", row.id).orderBy("created_at", "desc").orderBy("id", "desc").executeTakeFirst();
  if (!message) throw new DomainError("IDENTITY_VERIFICATION_NOT_SENT", "no code was texted for this verification");
  const otp = openSealed(INBOX_PURPOSE, message.sealed_otp);
  if (otp === null) throw new DomainError("SERVICE_ERROR", "the sandbox inbox key changed; resend a new code");
  return { otp, expiresAt: toRfc3339(message.expires_at) };
}

/** The dashboard's sandbox inbox: simulated texts of the current store, opened for display. */
export async function listSandboxInbox({ ctx }: { ctx: AuthContext }) {
  const rows = await getDb().selectFrom("sandbox_messages").selectAll().where("merchant_id", "=", ctx.merchantId).where("store_id", "=", ctx.storeId).orderBy("created_at", "desc").orderBy("id", "desc").limit(100).execute();
  return rows.map((m) => ({
    id: m.id,
    verificationId: m.verification_id,
    phoneNumber: m.phone_number,
    text: openSealed(INBOX_PURPOSE, m.sealed_text) ?? "(unreadable: the server key changed)",
    expiresAt: toRfc3339(m.expires_at),
    sentAt: toRfc3339(m.created_at),
  }));
}
export type InboxMessage = Awaited<ReturnType<typeof listSandboxInbox>>[number];
