import { afterEach, describe, expect, it, vi } from "vitest";
import { newId } from "@/lib/ids";
import { cardCredential } from "@/lib/testing/payments";
import type { ChannelRef } from "../types";
import { SANDBOX_CARDS } from "./cards";
import { holdSlowFaults } from "./hold";
import { findPaymentByOrder } from "./ledger";
import { sandboxPaymentProvider as sandbox } from "./payment-provider";
import { simulateSandboxDeposit, sandboxVirtualAccountProvider } from "./virtual-account";

function account(): ChannelRef {
  return {
    id: newId("ch_"),
    key: "k",
    type: "TEST",
    pg_provider: "TOSSPAYMENTS",
    pg_merchant_id: `mid_${newId().toLowerCase()}`,
  };
}

function approve(channel: ChannelRef, txId: string, orderName = "order", amount = 1000, number?: string) {
  return sandbox.approveCard({
    channel,
    txId,
    amount,
    taxFreeAmount: 0,
    currency: "KRW",
    orderName,
    card: cardCredential(number ?? SANDBOX_CARDS.VISA_OK),
  });
}

const env = { ...process.env };
afterEach(() => {
  process.env.PROVIDER_TIMEOUT_MS = env.PROVIDER_TIMEOUT_MS;
  process.env.SANDBOX_FAULTS = env.SANDBOX_FAULTS ?? "";
  process.env.SANDBOX_LATENCY_MS = env.SANDBOX_LATENCY_MS ?? "";
});

describe("sandbox provider ledger", () => {
  it("is idempotent on our transaction id: the same id answers the first outcome and charges once", async () => {
    const channel = account();
    const txId = newId("tx-");
    const [a, b] = await Promise.all([approve(channel, txId), approve(channel, txId)]);
    const again = await approve(channel, txId);
    expect(a.ok && b.ok && again.ok).toBe(true);
    if (!a.ok || !b.ok || !again.ok) return;
    expect(new Set([a.pgTxId, b.pgTxId, again.pgTxId]).size).toBe(1);
    expect(again.approvalNumber).toBe(a.approvalNumber);
    const { entries } = await sandbox.listTransactions({ channel, from: 0, to: Date.now() + 1 });
    expect(entries).toEqual([
      expect.objectContaining({ type: "PAYMENT", txId, pgTxId: a.pgTxId, status: "APPROVED", amount: 1000 }),
    ]);
  });

  it("records the tax-free and VAT amounts it was sent: its look-up and listing carry them", async () => {
    const channel = account();
    const txId = newId("tx-");
    const sent = { channel, txId, amount: 1000, taxFreeAmount: 300, vatAmount: 64, currency: "KRW" };
    const approved = await sandbox.approveCard({
      ...sent,
      orderName: "o",
      card: cardCredential(SANDBOX_CARDS.VISA_OK),
    });
    expect(approved.ok).toBe(true);
    expect(await findPaymentByOrder(txId)).toMatchObject({ tax_free_amount: 300, vat_amount: 64 });
    expect(await sandbox.lookupPayment({ channel, txId })).toMatchObject({ status: "APPROVED", taxFreeAmount: 300 });
    const { entries } = await sandbox.listTransactions({ channel, from: 0, to: Date.now() + 1 });
    expect(entries).toEqual([expect.objectContaining({ type: "PAYMENT", txId, taxFreeAmount: 300 })]);
    const other = await sandbox.approveCard({
      ...sent,
      taxFreeAmount: 0,
      orderName: "o",
      card: cardCredential(SANDBOX_CARDS.VISA_OK),
    });
    expect(other).toMatchObject({ ok: false, pgCode: "DUPLICATED_ORDER_ID" });
  });

  it("keeps declines and answers them again; another amount on a used id is refused", async () => {
    const channel = account();
    const txId = newId("tx-");
    const first = await approve(channel, txId, "o", 1000, SANDBOX_CARDS.DECLINED);
    expect(first).toMatchObject({ ok: false, pgCode: "CARD_DECLINED" });
    expect(await sandbox.lookupPayment({ channel, txId })).toMatchObject({
      status: "DECLINED",
      failure: { pgCode: "CARD_DECLINED" },
    });
    expect(await approve(channel, txId, "o", 1000, SANDBOX_CARDS.DECLINED)).toMatchObject({
      ok: false,
      pgCode: "CARD_DECLINED",
    });
    const paid = newId("tx-");
    await approve(channel, paid);
    expect(await approve(channel, paid, "o", 2000)).toMatchObject({ ok: false, pgCode: "DUPLICATED_ORDER_ID" });
  });

  it("cancellations are idempotent on our cancellation id and never exceed what was paid", async () => {
    const channel = account();
    const txId = newId("tx-");
    const paid = await approve(channel, txId);
    if (!paid.ok) throw new Error("not approved");
    const cancel = (id: string, amount: number) =>
      sandbox.cancel({ channel, pgTxId: paid.pgTxId, cancellationId: id, amount, taxFreeAmount: 0, reason: "r" });
    const first = newId("cancel-");
    const [a, b] = await Promise.all([cancel(first, 600), cancel(first, 600)]);
    expect(a.ok && b.ok && a.pgCancellationId === b.pgCancellationId).toBe(true);
    expect(await cancel(newId("cancel-"), 500)).toMatchObject({ ok: false, pgCode: "EXCEEDS_CANCELLABLE_AMOUNT" });
    expect(await cancel(newId("cancel-"), 400)).toMatchObject({ ok: true });
    expect(await sandbox.lookupPayment({ channel, txId })).toMatchObject({
      status: "APPROVED",
      amount: 1000,
      cancelledAmount: 1000,
    });
    expect(await sandbox.lookupCancellation({ channel, pgTxId: paid.pgTxId, cancellationId: first })).toMatchObject({
      status: "SUCCEEDED",
      amount: 600,
    });
    expect(
      await sandbox.lookupCancellation({ channel, pgTxId: paid.pgTxId, cancellationId: newId("cancel-") }),
    ).toEqual({ status: "NOT_FOUND" });
  });

  it("a lost answer: the provider committed, the caller gets a network error, a look-up finds the approval", async () => {
    const channel = account();
    const txId = newId("tx-");
    await expect(approve(channel, txId, "order [sandbox:lost]")).rejects.toThrow(/network error/);
    expect(await sandbox.lookupPayment({ channel, txId })).toMatchObject({ status: "APPROVED" });
    // The same request again answers the approval (the fault hit the first answer only).
    expect(await approve(channel, txId, "order [sandbox:lost]")).toMatchObject({ ok: true });
  });

  it("an outage: nothing reaches the provider, a look-up finds nothing", async () => {
    const channel = account();
    const txId = newId("tx-");
    await expect(approve(channel, txId, "order [sandbox:network]")).rejects.toThrow(/ECONNREFUSED/);
    expect(await sandbox.lookupPayment({ channel, txId })).toEqual({ status: "NOT_FOUND" });
    process.env.SANDBOX_FAULTS = "network=1";
    await expect(sandbox.lookupPayment({ channel, txId })).rejects.toThrow(/ECONNREFUSED/);
  });

  it("a call that outlives PROVIDER_TIMEOUT_MS: the provider processes it for 2 × the timeout", async () => {
    process.env.PROVIDER_TIMEOUT_MS = "100";
    const channel = account();
    const txId = newId("tx-");
    const started = Date.now();
    expect(await approve(channel, txId, "order [sandbox:timeout]")).toMatchObject({ ok: true });
    // Timers never fire early: the answer came no sooner than the ledger's completion time.
    const recorded = (await findPaymentByOrder(txId))!;
    expect(recorded.completes_at - recorded.received_at).toBe(2 * 100);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * 100 - 2);
    expect(await sandbox.lookupPayment({ channel, txId })).toMatchObject({ status: "APPROVED" });
  });

  it("held slow faults: a slow call is in progress and a delayed one unknown at the provider until released", async () => {
    const channel = account();
    const [slowId, delayedId] = [newId("tx-"), newId("tx-")];
    const release = holdSlowFaults();
    const slow = approve(channel, slowId, "order [sandbox:timeout]");
    const delayed = approve(channel, delayedId, "order [sandbox:delayed]");
    await vi.waitFor(async () => expect(await findPaymentByOrder(slowId)).toBeDefined());
    expect(await sandbox.lookupPayment({ channel, txId: slowId })).toEqual({ status: "IN_PROGRESS" });
    expect(await sandbox.lookupPayment({ channel, txId: delayedId })).toEqual({ status: "NOT_FOUND" });
    await release();
    expect(await sandbox.lookupPayment({ channel, txId: slowId })).toMatchObject({ status: "APPROVED" });
    expect(await slow).toMatchObject({ ok: true });
    expect(await delayed).toMatchObject({ ok: true });
    expect(await sandbox.lookupPayment({ channel, txId: delayedId })).toMatchObject({ status: "APPROVED" });
  });

  it("billing keys: idempotent on our key id; charges are ledger entries of the key", async () => {
    const channel = account();
    const keyId = newId("billing-key-");
    const issued = await sandbox.issueBillingKey({
      channel,
      billingKeyId: keyId,
      card: cardCredential(SANDBOX_CARDS.VISA_OK),
    });
    const again = await sandbox.issueBillingKey({
      channel,
      billingKeyId: keyId,
      card: cardCredential(SANDBOX_CARDS.VISA_OK),
    });
    if (!issued.ok || !again.ok) throw new Error("not issued");
    expect(again.pgBillingKey).toBe(issued.pgBillingKey);
    const txId = newId("tx-");
    const charge = () =>
      sandbox.chargeBillingKey({
        channel,
        txId,
        pgBillingKey: issued.pgBillingKey,
        amount: 500,
        taxFreeAmount: 0,
        currency: "KRW",
        orderName: "plan",
      });
    const [a, b] = await Promise.all([charge(), charge()]);
    expect(a.ok && b.ok && a.pgTxId === b.pgTxId).toBe(true);
    await sandbox.deleteBillingKey({ channel, pgBillingKey: issued.pgBillingKey });
    expect(
      await sandbox.chargeBillingKey({
        channel,
        txId: newId("tx-"),
        pgBillingKey: issued.pgBillingKey,
        amount: 500,
        taxFreeAmount: 0,
        currency: "KRW",
        orderName: "plan",
      }),
    ).toMatchObject({ ok: false, pgCode: "BILLING_KEY_DELETED" });
  });

  it("virtual accounts: issued, deposited by the bank, never voided after a deposit", async () => {
    const channel = account();
    const txId = newId("tx-");
    const issue = await sandbox.issueVirtualAccount({
      channel,
      txId,
      amount: 5000,
      taxFreeAmount: 0,
      currency: "KRW",
      orderName: "va",
      bank: "KOOKMIN_BANK",
      accountType: "NORMAL",
      expiresAt: Date.now() + 3_600_000,
    });
    if (!issue.ok) throw new Error("not issued");
    expect(await sandbox.lookupPayment({ channel, txId })).toMatchObject({
      status: "VIRTUAL_ACCOUNT_ISSUED",
      deposited: false,
    });
    expect(await simulateSandboxDeposit(txId)).toBe(true);
    expect(await sandbox.lookupPayment({ channel, txId })).toMatchObject({
      status: "VIRTUAL_ACCOUNT_ISSUED",
      deposited: true,
    });
    expect(await sandboxVirtualAccountProvider.voidVirtualAccount({ channel, pgTxId: issue.pgTxId })).toMatchObject({
      ok: false,
      pgCode: "NOT_VOIDABLE",
    });
  });

  it("the settlement listing pages through payments and cancellations in order", async () => {
    const channel = account();
    const from = Date.now();
    for (let i = 0; i < 5; i++) {
      const paid = await approve(channel, newId("tx-"));
      if (paid.ok)
        await sandbox.cancel({
          channel,
          pgTxId: paid.pgTxId,
          cancellationId: newId("cancel-"),
          amount: 100,
          taxFreeAmount: 0,
          reason: "r",
        });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await sandbox.listTransactions({ channel, from, to: Date.now() + 1, cursor, limit: 3 });
      seen.push(...page.entries.map((e) => (e.type === "PAYMENT" ? e.pgTxId : e.pgCancellationId)));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(10);
    expect(new Set(seen).size).toBe(10);
    expect((await sandbox.listTransactions({ channel: account(), from, to: Date.now() + 1 })).entries).toEqual([]);
  });
});
