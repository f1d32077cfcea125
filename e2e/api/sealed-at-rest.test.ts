import { describe, expect, it } from "vitest";
import { AUTO_ISSUE_QUEUE } from "@/lib/cash-receipts/auto-issue";
import { getDb } from "@/lib/db/client";
import { up as sealAtRest } from "@/lib/db/migrations/0041_sealed_at_rest";
import { drainOnce } from "@/lib/jobs/worker";
import { advanceApplication } from "@/lib/onboarding/advance-application";
import { newMerchant } from "@/lib/testing/fixtures";
import { newPaymentId, virtualAccountPayBody } from "@/lib/testing/payments";
import { storeBody } from "@/lib/testing/stores";
import { openWebhookSecret } from "@/lib/webhooks/secret";
import { getWebhookSettings, rotateWebhookSecret } from "@/lib/webhooks/settings";

const RESIDENT_NUMBER = "900101-1234567";

async function storeSecrets(storeId: string) {
  const store = await getDb()
    .selectFrom("stores")
    .select("webhook_secret")
    .where("id", "=", storeId)
    .executeTakeFirstOrThrow();
  const rotation = await getDb()
    .selectFrom("webhook_secret_rotations")
    .select("previous_secret")
    .where("store_id", "=", storeId)
    .executeTakeFirst();
  return { current: store.webhook_secret, previous: rotation?.previous_secret };
}

function ctxOf(m: Awaited<ReturnType<typeof newMerchant>>) {
  return {
    merchantId: m.merchant_id,
    storeId: m.store_id,
    storeLimited: false,
    hasHostingContract: false,
    origin: { platform_type: "API" as const, ip_address: "127.0.0.1" },
    role: "OWNER" as const,
  };
}

describe("store webhook secrets at rest", () => {
  it("are stored sealed, current and previous, and still shown to the merchant", async () => {
    const m = await newMerchant();
    const stored = await storeSecrets(m.store_id);
    expect(stored.current).not.toContain(m.webhook_secret.slice("whsec_".length));
    expect(stored.current).not.toMatch(/^whsec_/);
    expect(openWebhookSecret(stored.current)).toBe(m.webhook_secret);
    expect((await getWebhookSettings({ ctx: ctxOf(m) })).secret).toBe(m.webhook_secret);

    const rotated = await rotateWebhookSecret({ ctx: ctxOf(m), input: { overlapHours: 24 } });
    const after = await storeSecrets(m.store_id);
    expect(after.previous).toBeDefined();
    expect(after.previous).not.toMatch(/^whsec_/);
    expect(openWebhookSecret(after.previous!)).toBe(m.webhook_secret);
    expect(after.current).not.toContain(rotated.secret!.slice("whsec_".length));
  });

  it("are sealed by the migration when an older version left them in clear", async () => {
    const m = await newMerchant();
    await getDb()
      .updateTable("stores")
      .set({ webhook_secret: m.webhook_secret })
      .where("id", "=", m.store_id)
      .execute();
    await sealAtRest(getDb() as never, "sqlite");
    const stored = await storeSecrets(m.store_id);
    expect(stored.current).not.toMatch(/^whsec_/);
    expect(openWebhookSecret(stored.current)).toBe(m.webhook_secret);
  });
});

describe("a virtual account's cash_receipt_form at rest", () => {
  it("is sealed while it waits for the deposit and dropped once the receipt is issued", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    const form = { receipt_type: "PERSONAL", registration_number: RESIDENT_NUMBER };
    const body = virtualAccountPayBody(m, {
      payment_method_option: {
        virtual_account: {
          bank: "KOOKMIN_BANK",
          account_expiry: { valid_hours: 24 },
          account_type: "NORMAL",
          cash_receipt_form: form,
        },
      },
    });
    expect((await m.api.post(`/v2/payments/${id}/instant/pay`, body)).status).toBe(200);
    const pending = await getDb()
      .selectFrom("transactions")
      .select(["id", "cash_receipt_form"])
      .where("payment_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(pending.cash_receipt_form).toBeTruthy();
    expect(pending.cash_receipt_form).not.toContain("1234567");
    expect(pending.cash_receipt_form).not.toContain("registration_number");

    expect((await m.api.post(`/v2/test-payments/${id}/notice-virtual-account-deposit`, {})).status).toBe(200);
    await drainOnce("sealed-at-rest-test", [AUTO_ISSUE_QUEUE]);
    expect((await m.api.get(`/v2/payments/${id}/cash-receipt`)).body.receipt).toMatchObject({
      status: "ISSUED",
      type: "PERSONAL",
    });
    const done = await getDb()
      .selectFrom("transactions")
      .select("cash_receipt_form")
      .where("id", "=", pending.id)
      .executeTakeFirstOrThrow();
    expect(done.cash_receipt_form).toBeNull();
  });
});

describe("provider credentials of an onboarded store at rest", () => {
  it("are sealed, and still returned to the hosting merchant", async () => {
    const m = await newMerchant({ hosting: true });
    const store = (await m.api.post("/v2/stores", storeBody())).body as { id: string };
    const app = (
      await m.api.post(`/v2/stores/${store.id}/applications`, {
        applications: [{ pg_company: "TOSSPAYMENTS", methods: ["CARD_GENERAL"] }],
        pg_specific_info: {},
      })
    ).body.applications[0];
    const ctx = { ...ctxOf(m), hasHostingContract: true };
    for (const status of [
      "RECEPTION_COMPLETED",
      "MERCHANT_REVIEWING",
      "CONTRACT_PROCESSING",
      "CONTRACT_COMPLETED",
      "SERVICE_OPEN",
    ] as const) {
      await advanceApplication({ ctx, input: { application_id: app.id, status } });
    }
    const read = (await m.api.get(`/v2/stores/${store.id}/applications`)).body.applications[0];
    expect(read.pg_credential.api_key).toMatch(/^test_sk_/);
    const row = await getDb()
      .selectFrom("store_applications")
      .select("pg_credential")
      .where("id", "=", app.id)
      .executeTakeFirstOrThrow();
    expect(row.pg_credential).toMatch(/^v1\./);
    for (const secret of [read.pg_credential.api_key, read.pg_credential.client_key, read.pg_credential.mert_key])
      expect(row.pg_credential).not.toContain(secret);
  });
});
