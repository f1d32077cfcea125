import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";
import { callProvider } from "@/lib/providers/call";
import type { Approval, ChannelRef, PaymentProvider, SettlementEntry } from "@/lib/providers/types";
import { conformingAdapters } from "../conformance/adapters";

/**
 * The provider conformance kit: what every payment adapter must do, run for each one registered in
 * e2e/conformance/adapters.ts on both databases (docs/providers.md). Calls go through the adapter
 * as the app chooses it, so the boundary's masking rule is part of what is checked.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const txId = () => newId("tx-");

/** Card-number shapes showing more than the first 6 and last 4 digits. */
function overExposed(text: string): string[] {
  return [...text.matchAll(/(?<![0-9A-Za-z*])[0-9*]{13,19}(?![0-9A-Za-z*])/g)]
    .map((m) => m[0])
    .filter((shape) => shape.replace(/\D/g, "").length > 10);
}

describe.each(conformingAdapters)("provider conformance: $name", (harness) => {
  let channel: ChannelRef;
  let pg: PaymentProvider;
  const amounts = { amount: 11000, taxFreeAmount: 1000, vatAmount: 909, currency: "KRW" };

  beforeAll(() => harness.start());
  afterAll(() => harness.stop());
  beforeEach(async () => {
    channel = await harness.newChannel();
    pg = harness.providerFor(channel);
  });
  afterEach(() => {
    harness.answerUnmaskedCards(false);
    delete process.env.PROVIDER_TIMEOUT_MS;
    // Every request the adapter sent and every answer it got is one the PG's own document allows.
    expect(harness.violations?.() ?? []).toEqual([]);
  });

  function approve(id: string, orderName = "Conformance order", card = harness.cards.approved) {
    return pg.approveCard({ channel, txId: id, ...amounts, orderName, customerName: "Hong Gildong", card });
  }

  async function approved(id: string): Promise<Approval> {
    const answer = await approve(id);
    if (!answer.ok) throw new Error(`approval refused: ${answer.pgCode} ${answer.pgMessage}`);
    return answer;
  }

  it("approves with tax-free and VAT amounts; the look-up carries what the PG recorded; a replay answers the first approval", async () => {
    const id = txId();
    const first = await approved(id);
    expect(first.pgTxId).not.toBe("");
    const again = await approved(id);
    expect(again.pgTxId).toBe(first.pgTxId);
    expect(await pg.lookupPayment({ channel, txId: id })).toMatchObject({
      status: "APPROVED",
      amount: 11000,
      cancelledAmount: 0,
      taxFreeAmount: 1000,
      approval: { pgTxId: first.pgTxId },
    });
  });

  it("maps a decline to a failure (no money moved), answered again on a replay and by the look-up", async () => {
    const id = txId();
    const declined = await approve(id, "Declined order", harness.cards.declined);
    expect(declined).toMatchObject({ ok: false, pgCode: expect.stringMatching(/\S/) });
    expect(await approve(id, "Declined order", harness.cards.declined)).toMatchObject({ ok: false });
    expect(await pg.lookupPayment({ channel, txId: id })).toMatchObject({ status: "DECLINED" });
  });

  it("cancels partly with a tax-free part, then the rest with the rest of it; replays refund once; more than is left is refused", async () => {
    const id = txId();
    const { pgTxId } = await approved(id);
    const cancel = (cancellationId: string, amount: number, taxFreeAmount: number) =>
      pg.cancel({ channel, pgTxId, cancellationId, amount, taxFreeAmount, reason: "conformance" });
    const partialId = newId("cancel-");
    const partial = await cancel(partialId, 3000, 500);
    expect(partial).toMatchObject({ ok: true, pgCancellationId: expect.stringMatching(/\S/) });
    expect(await cancel(partialId, 3000, 500)).toMatchObject({ ok: true });
    expect(await pg.lookupPayment({ channel, txId: id })).toMatchObject({ cancelledAmount: 3000 });
    expect(await cancel(newId("cancel-"), 9000, 0)).toMatchObject({ ok: false });
    const rest = await cancel(newId("cancel-"), 8000, 500);
    expect(rest).toMatchObject({ ok: true });
    if (partial.ok && rest.ok) expect(rest.pgCancellationId).not.toBe(partial.pgCancellationId);
    expect(await pg.lookupPayment({ channel, txId: id })).toMatchObject({ status: "APPROVED", cancelledAmount: 11000 });
  });

  it("issues a billing key and charges it with a tax-free part; issuing and charging again with the same ids answer the first", async () => {
    const billingKeyId = newId("billing-key-");
    const issued = await pg.issueBillingKey({ channel, billingKeyId, card: harness.cards.approved });
    if (!issued.ok) throw new Error(`billing key refused: ${issued.pgCode}`);
    expect(issued.card?.number.replace(/\D/g, "").length).toBeLessThanOrEqual(10);
    const again = await pg.issueBillingKey({ channel, billingKeyId, card: harness.cards.approved });
    expect(again).toMatchObject({ ok: true, pgBillingKey: issued.pgBillingKey });
    const id = txId();
    const charge = () =>
      pg.chargeBillingKey({ channel, txId: id, pgBillingKey: issued.pgBillingKey, ...amounts, orderName: "Monthly" });
    const first = await charge();
    expect(first).toMatchObject({ ok: true });
    expect(await charge()).toMatchObject({ ok: true, pgTxId: first.ok ? first.pgTxId : "" });
    expect(await pg.lookupPayment({ channel, txId: id })).toMatchObject({ status: "APPROVED", taxFreeAmount: 1000 });
  });

  it("issues a virtual account (replayed once), and refunds its deposit to a refund account", async () => {
    const id = txId();
    const issue = () =>
      pg.issueVirtualAccount({
        channel,
        txId: id,
        ...amounts,
        orderName: "Bank transfer",
        customerName: "Hong Gildong",
        bank: "KOOKMIN_BANK",
        accountType: "NORMAL",
        expiresAt: Date.now() + 86_400_000,
      });
    if (!harness.offers.virtualAccounts) {
      // Refused at the front door, naming the field: nothing reaches the PG.
      await expect(issue()).rejects.toMatchObject({
        name: "ProviderRefusal",
        field: expect.stringMatching(/virtual_account/),
      });
      return;
    }
    const issued = await issue();
    if (!issued.ok) throw new Error(`issuance refused: ${issued.pgCode}`);
    expect(await issue()).toMatchObject({ ok: true, accountNumber: issued.accountNumber });
    await harness.deposit(channel, id);
    expect(await pg.lookupPayment({ channel, txId: id })).toMatchObject({
      status: "VIRTUAL_ACCOUNT_ISSUED",
      deposited: true,
    });
    const refund = await pg.cancel({
      channel,
      pgTxId: issued.pgTxId,
      cancellationId: newId("cancel-"),
      amount: 11000,
      taxFreeAmount: 1000,
      reason: "refund",
      refundAccount: harness.refundAccount,
    });
    expect(refund).toMatchObject({ ok: true, pgCancellationId: expect.stringMatching(/\S/) });
    if (refund.ok) expect(refund.refundStatus ?? "COMPLETED").toBe("COMPLETED");
  });

  it("a lost answer: the call fails as connection lost, the look-up finds the approval, a replay charges nothing more", async () => {
    const id = txId();
    const lost = await callProvider((signal) =>
      pg.approveCard({
        channel,
        signal,
        txId: id,
        ...amounts,
        orderName: harness.fault("lost", "Lost"),
        card: harness.cards.approved,
      }),
    );
    expect(lost).toMatchObject({ answered: false, reason: expect.stringMatching(/^connection_lost: /) });
    const found = await pg.lookupPayment({ channel, txId: id });
    expect(found).toMatchObject({ status: "APPROVED", amount: 11000 });
  });

  it("a request that never arrived: connection lost, and the look-up finds no record", async () => {
    const id = txId();
    const never = await callProvider((signal) =>
      pg.approveCard({
        channel,
        signal,
        txId: id,
        ...amounts,
        orderName: harness.fault("network", "Down"),
        card: harness.cards.approved,
      }),
    );
    expect(never).toMatchObject({ answered: false, reason: expect.stringMatching(/^connection_lost: /) });
    expect(await pg.lookupPayment({ channel, txId: id })).toEqual({ status: "NOT_FOUND" });
  });

  it("an answer no client can use: unknown (unreadable answer), and the look-up finds no record", async () => {
    const id = txId();
    const garbled = await callProvider((signal) =>
      pg.approveCard({
        channel,
        signal,
        txId: id,
        ...amounts,
        orderName: harness.fault("unreadable", "Garbled"),
        card: harness.cards.approved,
      }),
    );
    expect(garbled).toMatchObject({ answered: false, reason: expect.stringMatching(/^unreadable_answer: /) });
    expect(await pg.lookupPayment({ channel, txId: id })).toEqual({ status: "NOT_FOUND" });
  });

  it("a timeout: the look-up says the PG is still processing, then finds the approval", async () => {
    process.env.PROVIDER_TIMEOUT_MS = "300";
    const id = txId();
    const slow = await callProvider((signal) =>
      pg.approveCard({
        channel,
        signal,
        txId: id,
        ...amounts,
        orderName: harness.fault("timeout", "Slow"),
        card: harness.cards.approved,
      }),
    );
    expect(slow).toMatchObject({ answered: false, reason: expect.stringMatching(/^timeout: /) });
    expect(await pg.lookupPayment({ channel, txId: id })).toEqual({ status: "IN_PROGRESS" });
    await sleep(harness.slowMs + 200);
    expect(await pg.lookupPayment({ channel, txId: id })).toMatchObject({ status: "APPROVED" });
  });

  it("a cancel whose answer was lost: sent again with the same id it refunds once", async () => {
    const id = txId();
    const { pgTxId } = await approved(id);
    const cancellationId = newId("cancel-");
    const send = (reason: string) =>
      callProvider((signal) =>
        pg.cancel({ channel, signal, pgTxId, cancellationId, amount: 2000, taxFreeAmount: 0, reason }),
      );
    expect(await send(harness.fault("lost", "Lost"))).toMatchObject({ answered: false });
    const looked = await pg.lookupCancellation({ channel, pgTxId, cancellationId });
    if (looked.status === "NOT_FOUND")
      expect(await send("Lost")).toMatchObject({ answered: true, value: { ok: true } });
    else expect(looked).toMatchObject({ status: "SUCCEEDED", amount: 2000 });
    expect(await pg.lookupPayment({ channel, txId: id })).toMatchObject({ cancelledAmount: 2000 });
  });

  it("keeps at most the first 6 and last 4 digits of a card, whatever the PG answers", async () => {
    harness.answerUnmaskedCards(true);
    const id = txId();
    const answer = await approved(id);
    const looked = await pg.lookupPayment({ channel, txId: id });
    for (const text of [JSON.stringify(answer), JSON.stringify(looked)]) expect(overExposed(text)).toEqual([]);
    expect(answer.card?.number).toMatch(/^\d{6}\*+[\d*]{4}$/);
  });

  it("lists payments and cancellations for reconciliation, with the PG's keys of each", async () => {
    const from = Date.now() - 1000;
    const id = txId();
    const { pgTxId } = await approved(id);
    const cancelled = await pg.cancel({
      channel,
      pgTxId,
      cancellationId: newId("cancel-"),
      amount: 4000,
      taxFreeAmount: 0,
      reason: "listing",
    });
    if (!cancelled.ok) throw new Error(`cancel refused: ${cancelled.pgCode}`);
    if (!harness.offers.transactionListing) {
      // No listing to reconcile against: the call has no answer (never an empty, "all settled" page).
      expect(
        await callProvider((signal) => pg.listTransactions({ channel, signal, from, to: Date.now() + 1000 })),
      ).toMatchObject({ answered: false });
      return;
    }
    const entries: SettlementEntry[] = [];
    let cursor: string | null = null;
    do {
      const page = await pg.listTransactions({ channel, from, to: Date.now() + 1000, cursor });
      entries.push(...page.entries);
      cursor = page.nextCursor;
    } while (cursor);
    expect(entries).toContainEqual(
      expect.objectContaining({
        type: "PAYMENT",
        txId: id,
        pgTxId,
        status: "APPROVED",
        amount: 11000,
        cancelledAmount: 4000,
      }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({
        type: "CANCELLATION",
        pgTxId,
        pgCancellationId: cancelled.pgCancellationId,
        status: "SUCCEEDED",
        amount: 4000,
      }),
    );
  });
});
