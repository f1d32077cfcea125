import { sql } from "kysely";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { pageWithTotal } from "@/lib/db/page-with-total";
import type { IdentityVerificationsTable, SandboxMessagesTable } from "@/lib/db/tables/identity";
import { DomainError } from "@/lib/errors/domain-error";
import { identityChannel, type IdentityChannel, type VerifiedCustomer, verifiedCustomer } from "./schema";

/** A verification as the domain sees it: the stored channel and verified person parsed and checked once, here. */
export type VerificationRecord = Omit<IdentityVerificationsTable, "channel" | "verified_customer"> & {
  channel: IdentityChannel;
  verified_customer: VerifiedCustomer | null;
};
export type SandboxMessageRecord = SandboxMessagesTable;

function toRecord(row: IdentityVerificationsTable): VerificationRecord {
  return {
    ...row,
    channel: identityChannel.parse(JSON.parse(row.channel)),
    verified_customer:
      row.verified_customer === null ? null : verifiedCustomer.parse(JSON.parse(row.verified_customer)),
  };
}

export async function findVerification(
  merchantId: string,
  storeId: string,
  verificationId: string,
  db: Db | Tx = getDb(),
): Promise<VerificationRecord | undefined> {
  const row = await db
    .selectFrom("identity_verifications")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId)
    .where("verification_id", "=", verificationId)
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function findVerificationOrThrow(
  merchantId: string,
  storeId: string,
  verificationId: string,
): Promise<VerificationRecord> {
  const row = await findVerification(merchantId, storeId, verificationId);
  if (!row) throw new DomainError("IDENTITY_VERIFICATION_NOT_FOUND", "no identity verification with this id");
  return row;
}

/** The fields a send writes before the provider is called (the request as it stands). */
export type UnsentFields = Pick<
  VerificationRecord,
  | "channel_id"
  | "channel_type"
  | "channel"
  | "method"
  | "operator"
  | "custom_data"
  | "customer_id"
  | "customer_name"
  | "customer_phone"
  | "identity_digit"
  | "updated_at"
>;

function storedFields(fields: UnsentFields) {
  return { ...fields, channel: JSON.stringify(fields.channel) };
}

/** Inserts a new unsent verification (throws on the unique key when a concurrent send of the same id won). */
export async function insertVerification(record: VerificationRecord): Promise<void> {
  await getDb()
    .insertInto("identity_verifications")
    .values({
      ...record,
      channel: JSON.stringify(record.channel),
      verified_customer: record.verified_customer && JSON.stringify(record.verified_customer),
    })
    .execute();
}

/** Refreshes a verification that was never sent (a sent one is left alone). */
export async function updateUnsent(rowId: string, fields: UnsentFields): Promise<void> {
  await getDb()
    .updateTable("identity_verifications")
    .set(storedFields(fields))
    .where("id", "=", rowId)
    .where("sent_at", "is", null)
    .execute();
}

/** The provider took the request: READY with its session and code; false when another send got there first. */
export async function markSent(
  rowId: string,
  sent: { pgSession: string; otpHash: string | null; otpExpiresAt: number | null; now: number },
  db: Db | Tx = getDb(),
): Promise<boolean> {
  const result = await db
    .updateTable("identity_verifications")
    .set({
      status: "READY",
      sent_at: sent.now,
      pg_session: sent.pgSession,
      otp_hash: sent.otpHash,
      otp_expires_at: sent.otpExpiresAt,
      otp_attempts: 0,
      requested_at: sent.now,
      updated_at: sent.now,
      status_changed_at: sent.now,
    })
    .where("id", "=", rowId)
    .where("sent_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Takes one of the code's attempts in one conditional write, so concurrent guesses cannot share
 * an attempt. Returns the attempt number, or null when none is left (or the code was replaced).
 */
export async function takeOtpAttempt(row: VerificationRecord, maxAttempts: number): Promise<number | null> {
  const taken = await getDb()
    .updateTable("identity_verifications")
    .set((eb) => ({ otp_attempts: eb("otp_attempts", "+", 1), updated_at: Date.now() }))
    .where("id", "=", row.id)
    .where("otp_hash", "=", row.otp_hash)
    .where("status", "=", "READY")
    .where("otp_attempts", "<", maxAttempts)
    .returning("otp_attempts")
    .executeTakeFirst();
  return taken ? Number(taken.otp_attempts) : null;
}

/** READY → FAILED, if the code is still the one that was guessed. */
export async function markFailed(row: VerificationRecord): Promise<void> {
  const now = Date.now();
  await getDb()
    .updateTable("identity_verifications")
    .set({ status: "FAILED", otp_hash: null, otp_expires_at: null, status_changed_at: now, updated_at: now })
    .where("id", "=", row.id)
    .where("otp_hash", "=", row.otp_hash)
    .where("status", "=", "READY")
    .execute();
}

/** Uses the code up; false when it was already used or replaced. */
export async function consumeOtp(row: VerificationRecord): Promise<boolean> {
  const claimed = await getDb()
    .updateTable("identity_verifications")
    .set({ otp_hash: null, otp_expires_at: null, updated_at: Date.now() })
    .where("id", "=", row.id)
    .where("otp_hash", "=", row.otp_hash)
    .where("status", "=", "READY")
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

/** READY → VERIFIED with the confirmed person; false when it was already verified. */
export async function markVerified(
  rowId: string,
  done: { customer: VerifiedCustomer; pgTxId: string; pgRawResponse: string; now: number },
  db: Db | Tx = getDb(),
): Promise<boolean> {
  const result = await db
    .updateTable("identity_verifications")
    .set({
      status: "VERIFIED",
      verified_customer: JSON.stringify(done.customer),
      verified_at: done.now,
      pg_tx_id: done.pgTxId,
      pg_raw_response: done.pgRawResponse,
      pg_session: null,
      otp_hash: null,
      otp_expires_at: null,
      updated_at: done.now,
      status_changed_at: done.now,
    })
    .where("id", "=", rowId)
    .where("status", "=", "READY")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Voids the outstanding code of a verification not yet verified. */
export async function voidOtp(rowId: string): Promise<void> {
  await getDb()
    .updateTable("identity_verifications")
    .set({ otp_hash: null, otp_expires_at: null, updated_at: Date.now() })
    .where("id", "=", rowId)
    .where("status", "!=", "VERIFIED")
    .execute();
}

/** A new code went out: READY again (FAILED → READY restarts the status clock); false when verified meanwhile. */
export async function markResent(
  row: VerificationRecord,
  resent: { pgSession: string; otpHash: string; otpExpiresAt: number; now: number },
  db: Db | Tx = getDb(),
): Promise<boolean> {
  const result = await db
    .updateTable("identity_verifications")
    .set({
      status: "READY",
      pg_session: resent.pgSession,
      otp_hash: resent.otpHash,
      otp_expires_at: resent.otpExpiresAt,
      otp_attempts: 0,
      updated_at: resent.now,
      ...(row.status === "FAILED" ? { status_changed_at: resent.now } : {}),
    })
    .where("id", "=", row.id)
    .where("status", "!=", "VERIFIED")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** One page of a store's verifications, newest first, with the total; search by id or phone prefix. */
export async function pageVerifications(
  merchantId: string,
  storeId: string,
  filter: {
    status?: VerificationRecord["status"];
    idPrefix?: string;
    phonePrefix?: string;
    limit: number;
    offset: number;
  },
): Promise<{ rows: VerificationRecord[]; total: number }> {
  let q = getDb()
    .selectFrom("identity_verifications")
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId);
  if (filter.status) q = q.where("status", "=", filter.status);
  const { idPrefix, phonePrefix } = filter;
  if (idPrefix)
    q = q.where((eb) =>
      eb.or([prefixOf("verification_id", idPrefix), ...(phonePrefix ? [prefixOf("customer_phone", phonePrefix)] : [])]),
    );
  const { rows, total } = await pageWithTotal(q, (filtered) =>
    filtered
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
  );
  return { rows: rows.map(toRecord), total };
}

/** A LIKE prefix match with the pattern's own % and _ taken literally (same SQL on SQLite and PostgreSQL). */
function prefixOf(column: "verification_id" | "customer_phone", value: string) {
  const pattern = `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

export async function insertSandboxMessage(message: SandboxMessageRecord): Promise<void> {
  await getDb().insertInto("sandbox_messages").values(message).execute();
}

/** The latest simulated text of a verification. */
export function latestSandboxMessage(verificationRowId: string): Promise<SandboxMessageRecord | undefined> {
  return getDb()
    .selectFrom("sandbox_messages")
    .selectAll()
    .where("verification_row_id", "=", verificationRowId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** A store's simulated texts, newest first. */
export function listSandboxMessages(
  merchantId: string,
  storeId: string,
  limit: number,
): Promise<SandboxMessageRecord[]> {
  return getDb()
    .selectFrom("sandbox_messages")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
