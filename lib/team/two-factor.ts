import { randomBytes } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import { renderSVG } from "uqr";
import { DomainError } from "@/lib/api/error-codes";
import { recordAudit } from "@/lib/audit/record";
import { sha256 } from "@/lib/crypto";
import { getDb, withTransaction } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { openSealedOrThrow, sealText } from "@/lib/sealed";

const SEAL = "totp-secret";
const ISSUER = "Payment Platform";
const RECOVERY_CODES = 10;
const CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz";

type Me = { merchantId: string; userId: string; userEmail: string };

const invalidCode = () => new DomainError("TWO_FACTOR_CODE_INVALID", "the code is not valid", { field: "code" });

function recoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => CROCKFORD[b % 32]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Recovery codes are compared without case, spaces or the dash. */
function recoveryDigest(code: string): string {
  return sha256(code.toLowerCase().replace(/[\s-]/g, ""));
}

/** Step one: a new secret (sealed at rest) for the authenticator app, as text, link and QR code; live only once confirmed. */
export async function startTwoFactorEnrollment(me: Me): Promise<{ secret: string; uri: string; qrCode: string }> {
  const secret = generateSecret();
  const result = await getDb().updateTable("users").set({ totp_secret: sealText(SEAL, secret) }).where("id", "=", me.userId).where("totp_enabled_at", "is", null).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new DomainError("INVALID_REQUEST", "two-factor is already on");
  const uri = generateURI({ issuer: ISSUER, label: me.userEmail, secret });
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(renderSVG(uri)).toString("base64")}` };
}

/** A TOTP code for this user's secret, each time step accepted once; returns the step used. */
async function totpStep(user: { totp_secret: string | null; totp_last_step: number | null }, code: string): Promise<number | null> {
  if (!user.totp_secret || !/^\d{6}$/.test(code)) return null;
  const secret = openSealedOrThrow(SEAL, user.totp_secret);
  const last = user.totp_last_step === null ? undefined : Number(user.totp_last_step);
  const result = await verify({ secret, token: code, epochTolerance: 30, ...(last === undefined ? {} : { afterTimeStep: last }) });
  // A TOTP verification reports the time step it matched (used against replay).
  return result.valid ? (result as { timeStep?: number }).timeStep ?? null : null;
}

/** Step two: the first code proves the app holds the secret; the recovery codes are shown once. */
export async function confirmTwoFactorEnrollment(me: Me, code: string): Promise<{ recoveryCodes: string[] }> {
  const user = await getDb().selectFrom("users").select(["totp_secret", "totp_last_step", "totp_enabled_at"]).where("id", "=", me.userId).executeTakeFirstOrThrow();
  if (user.totp_enabled_at !== null) throw new DomainError("INVALID_REQUEST", "two-factor is already on");
  const step = await totpStep(user, code.trim());
  if (step === null) throw invalidCode();
  const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
  await withTransaction(async (tx) => {
    const done = await tx.updateTable("users").set({ totp_enabled_at: Date.now(), totp_last_step: step }).where("id", "=", me.userId).where("totp_enabled_at", "is", null).executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new DomainError("INVALID_REQUEST", "two-factor is already on");
    await tx.deleteFrom("recovery_codes").where("user_id", "=", me.userId).execute();
    await tx.insertInto("recovery_codes").values(codes.map((c) => ({ id: newId("rc_"), user_id: me.userId, code_hash: recoveryDigest(c), used_at: null }))).execute();
    await recordAudit(tx, { merchantId: me.merchantId, action: "user.two_factor_enable", targetId: me.userId, after: { two_factor: true } });
  });
  return { recoveryCodes: codes };
}

/**
 * The second factor at sign-in (or to turn it off): a current TOTP code, each time step once,
 * or an unused recovery code, spent by a conditional write so two sign-ins cannot share it.
 */
export async function checkSecondFactor(userId: string, code: string): Promise<boolean> {
  const user = await getDb().selectFrom("users").select(["totp_secret", "totp_last_step", "totp_enabled_at"]).where("id", "=", userId).executeTakeFirst();
  if (!user || user.totp_enabled_at === null) return false;
  const trimmed = code.trim();
  const step = await totpStep(user, trimmed);
  if (step !== null) {
    const last = user.totp_last_step;
    const claimed = await getDb()
      .updateTable("users")
      .set({ totp_last_step: step })
      .where("id", "=", userId)
      .where((eb) => (last === null ? eb("totp_last_step", "is", null) : eb("totp_last_step", "=", last)))
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1;
  }
  const spent = await getDb().updateTable("recovery_codes").set({ used_at: Date.now() }).where("user_id", "=", userId).where("code_hash", "=", recoveryDigest(trimmed)).where("used_at", "is", null).executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}

/** Off again, with a valid code; refused while the owner requires two-factor for the team. */
export async function disableTwoFactor(me: Me, code: string): Promise<void> {
  const merchant = await getDb().selectFrom("merchants").select("require_two_factor").where("id", "=", me.merchantId).executeTakeFirstOrThrow();
  if (merchant.require_two_factor === 1) throw new DomainError("PERMISSION_DENIED", "the team requires two-factor");
  if (!(await checkSecondFactor(me.userId, code))) throw invalidCode();
  await withTransaction(async (tx) => {
    await tx.updateTable("users").set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null }).where("id", "=", me.userId).execute();
    await tx.deleteFrom("recovery_codes").where("user_id", "=", me.userId).execute();
    await recordAudit(tx, { merchantId: me.merchantId, action: "user.two_factor_disable", targetId: me.userId, before: { two_factor: true }, after: { two_factor: false } });
  });
}
