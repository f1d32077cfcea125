import { describe, expect, it } from "vitest";
import type { AuthContext } from "@/lib/auth/context";
import { getDb } from "@/lib/db/client";
import { advanceApplication } from "@/lib/onboarding/advance-application";
import { advanceContract } from "@/lib/onboarding/advance-contract";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import { cardOption } from "@/lib/testing/billing";
import { inProcess, newMerchant } from "@/lib/testing/fixtures";
import { newPaymentId, paymentChannelKey } from "@/lib/testing/payments";
import { storeBody } from "@/lib/testing/stores";
import { runAsCaller } from "./actor";
import { sealedAuditLog, sealedAuditVerify } from "@/lib/testing/audit";

type Merchant = ReturnType<typeof inProcess<Awaited<ReturnType<typeof newMerchant>>>>;

async function apiMerchant(
  options: { hosting?: boolean } = {},
): Promise<Merchant & { keyName: string; keyId: string }> {
  const m = inProcess(await newMerchant(options));
  const key = await getDb()
    .selectFrom("api_keys")
    .select(["id", "key_prefix"])
    .where("merchant_id", "=", m.merchant_id)
    .executeTakeFirstOrThrow();
  return { ...m, keyId: key.id, keyName: `default (${key.key_prefix}…)` };
}

/** The merchant's entries of one action, oldest first. */
async function entriesOf(merchantId: string, action: string) {
  return (await sealedAuditLog(merchantId, { action })).entries.reverse();
}

/** Personal or secret values that must never reach an entry's summary. */
function expectNoneOf(entries: unknown[], secrets: string[]) {
  const text = JSON.stringify(entries);
  for (const s of secrets) expect(text).not.toContain(s);
}

describe("audit entries for stores, billing keys, cash receipts, identity verifications and onboarding", () => {
  it("store creation is recorded under the API key with name and tier code, no profile data", async () => {
    const m = await apiMerchant({ hosting: true });
    const body = storeBody();
    const res = await m.api.post("/v2/stores", body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const entries = await entriesOf(m.merchant_id, "store.create");
    expect(entries).toEqual([
      expect.objectContaining({
        actorType: "API_KEY",
        actorId: m.keyId,
        actorName: m.keyName,
        targetId: res.body.id,
        summary: { after: { name: "Sub store", tier_code: body.tier_code } },
      }),
    ]);
    expectNoneOf(entries, ["홍길동", "010-1234-5678", "123-45-67891", "manager@example.com"]);
  });

  it("billing key issue (also a declined one) and delete are recorded with the masked number only", async () => {
    const m = await apiMerchant();
    const issued = await m.api.post("/v2/billing-keys", {
      channel_key: paymentChannelKey(m),
      payment_method_option: cardOption(),
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const declined = await m.api.post("/v2/billing-keys", {
      channel_key: paymentChannelKey(m),
      payment_method_option: cardOption(SANDBOX_CARDS.DECLINED),
    });
    expect(declined.status).toBeGreaterThanOrEqual(400);
    expect((await m.api.delete(`/v2/billing-keys/${issued.body.billing_key}`)).status).toBe(200);

    const issues = await entriesOf(m.merchant_id, "billing_key.issue");
    expect(issues.map((e) => [e.actorId, e.summary.after?.status, e.summary.after?.method])).toEqual([
      [m.keyId, "ISSUED", "CARD"],
      [m.keyId, "FAILED", "CARD"],
    ]);
    expect(issues[0]!.targetId).toBe(issued.body.billing_key);
    expect(issues[0]!.summary.after?.card_number).toMatch(/\*/);
    const deletes = await entriesOf(m.merchant_id, "billing_key.delete");
    expect(deletes).toEqual([
      expect.objectContaining({
        actorId: m.keyId,
        targetId: issued.body.billing_key,
        summary: { before: { status: "ISSUED" }, after: { status: "DELETED" } },
      }),
    ]);
    expectNoneOf([...issues, ...deletes], [SANDBOX_CARDS.VISA_OK, SANDBOX_CARDS.DECLINED, "900101"]);
  });

  it("a deletion the provider does not confirm is put back, and the log says so after the deletion", async () => {
    const m = await apiMerchant();
    const issued = await m.api.post("/v2/billing-keys", {
      channel_key: paymentChannelKey(m),
      payment_method_option: cardOption(),
    });
    expect(issued.status).toBe(200);
    process.env.SANDBOX_FAULTS = "network=1";
    try {
      expect((await m.api.delete(`/v2/billing-keys/${issued.body.billing_key}`)).status).toBeGreaterThanOrEqual(400);
    } finally {
      process.env.SANDBOX_FAULTS = "";
    }
    expect((await m.api.get(`/v2/billing-keys/${issued.body.billing_key}`)).body.billing_key.status).toBe("ISSUED");
    const entries = (await sealedAuditLog(m.merchant_id, { target: issued.body.billing_key })).entries.reverse();
    expect(entries.map((e) => [e.action, e.summary.after?.status])).toEqual([
      ["billing_key.issue", "ISSUED"],
      ["billing_key.delete", "DELETED"],
      ["billing_key.restore", "ISSUED"],
    ]);
    expect(entries[2]!.summary.after?.pg_code).toEqual(expect.any(String));
  });

  it("cash receipt issue and cancel are recorded under the payment id, without the customer identifier", async () => {
    const m = await apiMerchant();
    const paymentId = newPaymentId();
    const url = `/v2/payments/${paymentId}/cash-receipt`;
    const issued = await m.api.post(url, {
      channel_key: paymentChannelKey(m),
      customer_identifier: "010-9876-5432",
      type: "PERSONAL",
      order_name: "Offline sale",
      currency: "KRW",
      amount: 11000,
      customer_name: "Kim Minji",
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect((await m.api.delete(url)).status).toBe(200);
    // A refused second cancel leaves no entry.
    expect((await m.api.delete(url)).status).toBe(400);

    const issues = await entriesOf(m.merchant_id, "cash_receipt.issue");
    expect(issues).toEqual([
      expect.objectContaining({
        actorId: m.keyId,
        targetId: paymentId,
        summary: {
          after: {
            receipt_id: issued.body.receipt_id,
            type: "PERSONAL",
            amount: 11000,
            currency: "KRW",
            status: "ISSUED",
          },
        },
      }),
    ]);
    const cancels = await entriesOf(m.merchant_id, "cash_receipt.cancel");
    expect(cancels).toEqual([
      expect.objectContaining({
        actorId: m.keyId,
        targetId: paymentId,
        summary: {
          before: { receipt_id: issued.body.receipt_id, status: "ISSUED" },
          after: { status: "CANCELLED", cancelled_amount: 11000 },
        },
      }),
    ]);
    expectNoneOf([...issues, ...cancels], ["9876", "Kim Minji"]);
  });

  it("identity verification send, resend and confirm are recorded, never the OTP, the person or resident digits", async () => {
    const m = await apiMerchant();
    const id = `iv-audit-${Date.now().toString(36)}`;
    const channelKey = m.channels.find((c) => c.pg_provider === "DANAL")!.key;
    const customer = { name: "홍길동", phoneNumber: "01024681357", identityNumber: "8703152" };
    expect(
      (await m.api.post(`/identity-verifications/${id}/send`, { channelKey, customer, operator: "SKT", method: "SMS" }))
        .status,
    ).toBe(200);
    expect((await m.api.post(`/identity-verifications/${id}/resend`, {})).status).toBe(200);
    const otp = (await m.api.get(`/v2/test-identity-verifications/${id}/otp`)).body.otp as string;
    const confirmed = await m.api.post(`/identity-verifications/${id}/confirm`, { otp });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

    const entries = (await sealedAuditLog(m.merchant_id, { target: id })).entries.reverse();
    expect(
      entries.map((e) => [e.action, e.actorId, e.summary.before?.status ?? null, e.summary.after?.status]),
    ).toEqual([
      ["identity_verification.send", m.keyId, null, "READY"],
      ["identity_verification.resend", m.keyId, "READY", "READY"],
      ["identity_verification.confirm", m.keyId, "READY", "VERIFIED"],
    ]);
    expect(entries[0]!.summary.after).toEqual({ method: "SMS", operator: "SKT", status: "READY" });
    expectNoneOf(entries, [otp, "홍길동", "01024681357", "8703152", "870315"]);
  });

  it("onboarding: submission over the API and status/contract moves from the dashboard are recorded", async () => {
    const m = await apiMerchant({ hosting: true });
    const store = await m.api.post("/v2/stores", storeBody());
    const submitted = await m.api.post(`/v2/stores/${store.body.id}/applications`, {
      applications: [{ pg_company: "TOSSPAYMENTS", methods: ["CARD_GENERAL"] }],
      pg_specific_info: {},
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const appId = submitted.body.applications[0].id as string;
    const ctx: AuthContext = {
      merchantId: m.merchant_id,
      storeId: m.store_id,
      storeLimited: false,
      hasHostingContract: true,
      origin: { platform_type: "API", ip_address: "127.0.0.1" },
    };
    const owner = { type: "USER" as const, id: "usr_owner", name: "Owner <owner@example.com>", ip: "203.0.113.9" };
    await runAsCaller({ actor: owner }, async () => {
      await advanceContract({ ctx, input: { application_id: appId, status: "IN_DRAFT" } });
      await advanceApplication({
        ctx,
        input: { application_id: appId, status: "APPLICATION_CANCELED", reason: "duplicate" },
      });
    });

    const entries = (await sealedAuditLog(m.merchant_id, { target: appId })).entries.reverse();
    expect(entries.map((e) => [e.action, e.actorId, e.summary])).toEqual([
      [
        "application.submit",
        m.keyId,
        {
          after: {
            store_id: store.body.id,
            pg_company: "TOSSPAYMENTS",
            methods: ["CARD_GENERAL"],
            status: "RECEPTION_SCHEDULED",
            contract_status: "READY",
          },
        },
      ],
      [
        "application.contract_change",
        "usr_owner",
        { before: { contract_status: "READY" }, after: { contract_status: "IN_DRAFT" } },
      ],
      [
        "application.status_change",
        "usr_owner",
        { before: { status: "RECEPTION_SCHEDULED" }, after: { status: "APPLICATION_CANCELED", reason: "duplicate" } },
      ],
    ]);
    expect(entries[1]!.ipAddress).toBe("203.0.113.9");
    expect((await sealedAuditVerify(m.merchant_id)).ok).toBe(true);
  });
});
