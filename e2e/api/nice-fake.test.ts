import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";
import { createNicePaymentsAdapter } from "@/lib/providers/nicepay/adapter";
import { encDataOf } from "@/lib/providers/nicepay/enc-data";
import type { ChannelRef } from "@/lib/providers/types";
import { cardCredential } from "@/lib/testing/payments";
import { startNiceFake, type NiceFake } from "../nice-fake/server";

/**
 * The NICE fake holds requests to NICE's own OpenAPI document, and the NICE adapter's idempotency
 * without an idempotency header: a call whose outcome is unknown is looked up by order id before it
 * is sent again (docs/providers.md, "NICE Payments").
 */
let fake: NiceFake;
const clientKey = `S2_${randomBytes(16).toString("hex")}`;
const secretKey = randomBytes(16).toString("hex");
const auth = `Basic ${Buffer.from(`${clientKey}:${secretKey}`).toString("base64")}`;
const channel: ChannelRef = {
  id: "ch_nice",
  key: "nice",
  type: "LIVE",
  pg_provider: "NICE",
  pg_merchant_id: clientKey,
};
const adapter = createNicePaymentsAdapter({ secretKeyFor: async () => `${clientKey}:${secretKey}` });
const card = cardCredential("4242424242424242");
const amounts = { amount: 5000, taxFreeAmount: 0, currency: "KRW" };

function post(path: string, body: unknown) {
  return fetch(`${fake.baseUrl}${path}`, {
    method: "POST",
    headers: { authorization: auth, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  fake = await startNiceFake({ slowMs: 300 });
  process.env.NICE_API_BASE = fake.baseUrl;
});
afterAll(async () => {
  delete process.env.NICE_API_BASE;
  await fake.close();
});
afterEach(() => {
  fake.violations.splice(0);
});

describe("the NICE fake judges requests by NICE's document", () => {
  it("refuses and records a body member the document does not list, a wrong type and a missing required member", async () => {
    const response = await post("/v1/subscribe/BIKYx/payments", {
      orderId: newId("tx-"),
      amount: "5000",
      goodsName: "x",
      useShopInterest: false,
      cardCode: "04",
    });
    expect(response.status).toBe(400);
    expect(fake.violations).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/approve_billing_payment: body\/amount must be integer/),
        expect.stringMatching(/must have required property 'cardQuota'/),
        "approve_billing_payment: body member cardCode is not in the document",
      ]),
    );
  });

  it("records a path the document has no operation for", async () => {
    expect((await post("/v1/billing/authorizations/card", {})).status).toBe(404);
    expect(fake.violations).toEqual(["POST /v1/billing/authorizations/card: no such operation in the document"]);
  });

  it("decrypts encData with the secret key and holds the plain text to BillingKeyData (idNo, not birth)", async () => {
    const good = await post("/v1/subscribe/regist", { encData: encDataOf(card, secretKey), orderId: newId("bk-") });
    expect(await good.json()).toMatchObject({ ResultCode: "0000", BID: expect.stringMatching(/^BIKY/) });
    expect(fake.violations).toEqual([]);
    const { createCipheriv } = await import("node:crypto");
    const cipher = createCipheriv("aes-256-cbc", Buffer.from(secretKey), Buffer.from(secretKey.slice(0, 16)));
    const plain = "cardNo=4242424242424242&expYear=99&expMonth=12&birth=900101&cardPw=12";
    const encData = Buffer.concat([cipher.update(plain), cipher.final()]).toString("hex");
    expect((await post("/v1/subscribe/regist", { encData, orderId: newId("bk-") })).status).toBe(400);
    expect(fake.violations).toEqual(
      expect.arrayContaining([
        "create_billing_key: encData must have required property 'idNo'",
        "create_billing_key: encData member birth is not in the document",
      ]),
    );
  });
});

describe("NICE adapter: no idempotency header, so an unknown outcome is looked up before any re-send", () => {
  it("a key-in approval whose answer was lost is found by order id when called again: charged once", async () => {
    const txId = newId("tx-");
    const before = fake.hits.get("approve_billing_payment") ?? 0;
    await expect(
      adapter.approveCard({ channel, txId, ...amounts, orderName: "Lost [nice:lost]", card }),
    ).rejects.toMatchObject({ kind: "connection_lost" });
    const again = await adapter.approveCard({ channel, txId, ...amounts, orderName: "Lost", card });
    expect(again).toMatchObject({ ok: true });
    expect((fake.hits.get("approve_billing_payment") ?? 0) - before).toBe(1);
    expect(fake.violations).toEqual([]);
  });

  it("a billing-key charge that never arrived (refused connection) is sent again after NICE says it has no record", async () => {
    const issued = await adapter.issueBillingKey({ channel, billingKeyId: newId("bk-"), card });
    if (!issued.ok) throw new Error(issued.pgCode);
    const txId = newId("tx-");
    const charge = (orderName: string) =>
      adapter.chargeBillingKey({ channel, txId, pgBillingKey: issued.pgBillingKey, ...amounts, orderName });
    await expect(charge("Down [nice:network]")).rejects.toMatchObject({ kind: "connection_lost" });
    expect(await adapter.lookupPayment({ channel, txId })).toEqual({ status: "NOT_FOUND" });
    expect(await charge("Down")).toMatchObject({ ok: true });
    expect(await adapter.lookupPayment({ channel, txId })).toMatchObject({ status: "APPROVED", amount: 5000 });
  });

  it("a 5xx is an unknown outcome, never a refusal; nothing was processed, so the look-up finds nothing", async () => {
    const txId = newId("tx-");
    await expect(
      adapter.approveCard({ channel, txId, ...amounts, orderName: "Broken [nice:500]", card }),
    ).rejects.toMatchObject({ kind: "provider_error" });
    expect(await adapter.lookupPayment({ channel, txId })).toEqual({ status: "NOT_FOUND" });
  });

  it("a cancel whose answer was lost refunds once when sent again with the same cancellation id", async () => {
    const approved = await adapter.approveCard({ channel, txId: newId("tx-"), ...amounts, orderName: "Order", card });
    if (!approved.ok) throw new Error(approved.pgCode);
    const cancellationId = newId("cancel-");
    const cancel = (reason: string) =>
      adapter.cancel({ channel, pgTxId: approved.pgTxId, cancellationId, amount: 1000, taxFreeAmount: 0, reason });
    await expect(cancel("oops [nice:lost]")).rejects.toMatchObject({ kind: "connection_lost" });
    const again = await cancel("oops");
    expect(again).toMatchObject({ ok: true });
    const payment = fake.ledger.find(clientKey)?.payments.get(approved.pgTxId);
    expect(payment).toMatchObject({ balanceAmt: 4000 });
    expect(payment?.cancels).toHaveLength(1);
  });

  it("expires a billing key: charging it afterwards is refused by NICE", async () => {
    const issued = await adapter.issueBillingKey({ channel, billingKeyId: newId("bk-"), card });
    if (!issued.ok) throw new Error(issued.pgCode);
    expect(await adapter.deleteBillingKey({ channel, pgBillingKey: issued.pgBillingKey })).toEqual({ ok: true });
    const charged = await adapter.chargeBillingKey({
      channel,
      txId: newId("tx-"),
      pgBillingKey: issued.pgBillingKey,
      ...amounts,
      orderName: "After expiry",
    });
    expect(charged).toMatchObject({ ok: false });
  });

  it("a key-in approval leaves no usable billing key behind: the one-time key is expired", async () => {
    const txId = newId("tx-");
    expect(await adapter.approveCard({ channel, txId, ...amounts, orderName: "Once", card })).toMatchObject({
      ok: true,
    });
    const oneTime = fake.ledger.find(clientKey)?.billingKeysByOrder.get(`${txId}-key`);
    expect(oneTime).toMatchObject({ expired: true });
  });

  it("virtual accounts are refused clearly on a NICE channel", async () => {
    await expect(
      adapter.issueVirtualAccount({
        channel,
        txId: newId("tx-"),
        ...amounts,
        orderName: "VA",
        bank: "KOOKMIN_BANK",
        accountType: "NORMAL",
        expiresAt: Date.now() + 86_400_000,
      }),
    ).rejects.toMatchObject({ name: "ProviderRefusal", field: "payment_method.virtual_account" });
  });
});
