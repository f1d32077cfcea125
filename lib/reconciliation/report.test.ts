import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { findStoreChannel } from "@/lib/channels/repository";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { startAttempt } from "@/lib/payments/pay/start-attempt";
import { lookUpNow } from "@/lib/payments/unsettled/sweep";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import { sandboxPaymentProvider as sandbox } from "@/lib/providers/sandbox/payment-provider";
import { simulateSandboxDeposit } from "@/lib/providers/sandbox/virtual-account";
import { issueKey, payBody } from "@/lib/testing/billing";
import { newMerchant } from "@/lib/testing/fixtures";
import { createPayment } from "@/lib/testing/payment-fixtures";
import {
  cardCredential,
  newPaymentId,
  paidPayment,
  paymentChannelKey,
  virtualAccountPayBody,
} from "@/lib/testing/payments";
import { compare } from "./compare";
import { reconcile } from "./report";

type Merchant = Awaited<ReturnType<typeof newMerchant>>;

const since = Date.now() - 60_000;
const report = (m: Merchant) => reconcile({ since, merchantId: m.merchant_id });

async function channelOf(m: Merchant) {
  return (await findStoreChannel(m.merchant_id, m.store_id, paymentChannelKey(m)))!;
}

/** What a request leaves when its process dies right after startAttempt. */
async function strandedAttempt(m: Merchant, amount = 1000, paymentId = newPaymentId()) {
  const channel = await channelOf(m);
  return startAttempt({
    merchantId: m.merchant_id,
    storeId: m.store_id,
    paymentId,
    channel,
    method: "CARD",
    orderName: "o",
    currency: "KRW",
    totalAmount: amount,
    taxFreeAmount: 0,
    customer: {},
    origin: { platform_type: "API", ip_address: "127.0.0.1" },
  });
}

function admin(...args: string[]) {
  const run = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/admin.ts", ...args], {
    encoding: "utf8",
    env: process.env,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("reconciliation", () => {
  it("agrees with the sandbox's ledger after every kind of money movement", async () => {
    const m = await newMerchant();
    const paid = await paidPayment(m);
    expect((await m.api.post(`/v2/payments/${paid}/cancel`, { cancel_amount: 1000 })).status).toBe(200);
    const full = await paidPayment(m);
    expect((await m.api.post(`/v2/payments/${full}/cancel`, {})).status).toBe(200);
    const va = newPaymentId();
    expect((await m.api.post(`/v2/payments/${va}/instant/pay`, virtualAccountPayBody(m))).status).toBe(200);
    expect((await m.api.post(`/v2/test-payments/${va}/notice-virtual-account-deposit`, {})).status).toBe(200);
    const voided = newPaymentId();
    expect((await m.api.post(`/v2/payments/${voided}/instant/pay`, virtualAccountPayBody(m))).status).toBe(200);
    expect((await m.api.delete(`/v2/payments/${voided}/virtual-account`)).status).toBe(200);
    const key = await issueKey(m);
    expect((await m.api.post(`/v2/payments/${newPaymentId()}/billing-key/pay`, payBody(key))).status).toBe(200);
    expect(
      (
        await m.api.post(`/v2/payments/${newPaymentId()}/instant/pay`, {
          ...virtualAccountPayBody(m),
          payment_method_option: { card: { card_credential: cardCredential(SANDBOX_CARDS.DECLINED) } },
        })
      ).status,
    ).toBe(500);

    const result = await report(m);
    expect(result).toEqual({ checked: expect.any(Number), mismatches: [], unsettled: [] });
    expect(result.checked).toBeGreaterThanOrEqual(8);
  });

  it("lists what waits on the provider, flagged needs_attention after an hour", async () => {
    const m = await newMerchant();
    const fresh = await strandedAttempt(m);
    const old = await strandedAttempt(m);
    await getDb()
      .updateTable("transactions")
      .set({ requested_at: Date.now() - 2 * 3_600_000 })
      .where("id", "=", old.id)
      .execute();
    const { unsettled, mismatches } = await report(m);
    expect(mismatches).toEqual([]);
    expect(unsettled).toEqual([
      expect.objectContaining({
        kind: "attempt",
        id: old.id,
        payment_id: old.payment_id,
        needs_attention: true,
        amount: 1000,
      }),
      expect.objectContaining({
        kind: "attempt",
        id: fresh.id,
        needs_attention: false,
        next_lookup_at: expect.any(String),
      }),
    ]);
  });

  it("finds a double charge and a late approval nobody saw, and the late approval is refunded", async () => {
    const m = await newMerchant();
    const channel = await channelOf(m);
    const paymentId = newPaymentId();
    // The old bug: attempt A charged at the provider but recorded FAILED, attempt B charged again.
    const a = await strandedAttempt(m, 2000, paymentId);
    await sandbox.approveCard({
      channel,
      txId: a.id,
      amount: 2000,
      taxFreeAmount: 0,
      currency: "KRW",
      orderName: "o",
      card: cardCredential(SANDBOX_CARDS.VISA_OK),
    });
    await getDb()
      .updateTable("transactions")
      .set({ status: "FAILED", failed_at: Date.now() })
      .where("id", "=", a.id)
      .execute();
    expect(
      (
        await m.api.post(`/v2/payments/${paymentId}/instant/pay`, {
          ...virtualAccountPayBody(m),
          total_amount: 2000,
          payment_method_option: { card: { card_credential: cardCredential(SANDBOX_CARDS.VISA_OK) } },
        })
      ).status,
    ).toBe(200);

    const first = await report(m);
    expect(first.mismatches).toEqual([
      expect.objectContaining({ kind: "double_charge", payment_id: paymentId, provider: 4000 }),
    ]);
    const late = first.unsettled.find((u) => u.kind === "late_approval_refund");
    expect(late).toMatchObject({ payment_id: paymentId, amount: 2000 });
    await lookUpNow("late_approvals", late!.id);
    expect(await report(m)).toEqual({ checked: expect.any(Number), mismatches: [], unsettled: [] });
  });

  it("names each disagreement between our records and the provider's", async () => {
    const m = await newMerchant();
    const channel = await channelOf(m);
    // A charge at the provider for an order we never recorded.
    const stray = newId("tx-");
    await sandbox.approveCard({
      channel,
      txId: stray,
      amount: 500,
      taxFreeAmount: 0,
      currency: "KRW",
      orderName: "o",
      card: cardCredential(SANDBOX_CARDS.VISA_OK),
    });
    // PAID on our side with no charge at the provider.
    const phantom = await createPayment({ merchantId: m.merchant_id, storeId: m.store_id });
    // Amounts that differ.
    const skewed = await paidPayment(m);
    await getDb().updateTable("transactions").set({ paid_amount: 12000 }).where("payment_id", "=", skewed).execute();
    // A refund the provider made that we do not know of.
    const refunded = await paidPayment(m);
    const row = await getDb()
      .selectFrom("transactions")
      .selectAll()
      .where("payment_id", "=", refunded)
      .executeTakeFirstOrThrow();
    await sandbox.cancel({
      channel,
      pgTxId: row.pg_tx_id!,
      cancellationId: newId("cancel-"),
      amount: 300,
      taxFreeAmount: 0,
      reason: "r",
    });
    // A deposit the provider received that we did not record.
    const va = newPaymentId();
    const issued = await m.api.post(`/v2/payments/${va}/instant/pay`, virtualAccountPayBody(m));
    await simulateSandboxDeposit(issued.body.tx_id);

    const { mismatches, unsettled } = await report(m);
    expect(unsettled).toEqual([]);
    const kinds = mismatches.map((x) => [x.kind, x.payment_id ?? x.tx_id]).sort();
    expect(kinds).toEqual(
      [
        ["amount_mismatch", skewed],
        ["charge_without_record", stray],
        ["deposit_not_recorded", va],
        ["paid_without_charge", phantom.payment_id],
        ["refund_amount_mismatch", refunded],
        ["refund_not_recorded", refunded],
      ].sort(),
    );
  });

  it("matches refunds by the provider's refund id when its file does not carry our cancellation id (Toss)", async () => {
    const m = await newMerchant();
    const id = await paidPayment(m);
    expect((await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 400 })).status).toBe(200);
    const row = await getDb()
      .selectFrom("transactions")
      .selectAll()
      .where("payment_id", "=", id)
      .executeTakeFirstOrThrow();
    const cancellation = await getDb()
      .selectFrom("cancellations")
      .selectAll()
      .where("transaction_id", "=", row.id)
      .executeTakeFirstOrThrow();
    const payment = {
      type: "PAYMENT",
      txId: row.id,
      pgTxId: row.pg_tx_id!,
      method: "CARD",
      status: "APPROVED",
      amount: row.paid_amount,
      cancelledAmount: 400,
      currency: "KRW",
      at: row.requested_at,
    } as const;
    const refund = (pgCancellationId: string) =>
      ({
        type: "CANCELLATION",
        cancellationId: "",
        pgCancellationId,
        txId: row.id,
        pgTxId: row.pg_tx_id!,
        status: "SUCCEEDED",
        amount: 400,
        currency: "KRW",
        at: Date.now(),
      }) as const;
    const ours = {
      transactions: new Map([[row.id, row]]),
      cancellations: [cancellation],
      lateApprovals: [],
      inWindow: new Set([row.id]),
      since,
    };
    const account = () => "A";
    expect(await compare([payment, refund(cancellation.pg_cancellation_id!)], ours, new Set(["A"]), account)).toEqual(
      [],
    );
    // A refund id we never recorded is a refund we do not know of, and ours is then missing there.
    const unknown = await compare([payment, refund("toss-unknown-key")], ours, new Set(["A"]), account);
    expect(unknown.map((x) => x.kind).sort()).toEqual(["refund_missing_at_provider", "refund_not_recorded"]);
  });

  // Three CLI runs, each a tsx process: seconds apiece on a loaded machine.
  it("admin reconcile --json prints exactly {checked, mismatches, unsettled} and exits 0 only when both are empty", {
    timeout: 120_000,
  }, async () => {
    const m = await newMerchant();
    await paidPayment(m);
    const clean = admin("reconcile", "--merchant", m.merchant_id, "--since", new Date(since).toISOString(), "--json");
    expect(clean.status).toBe(0);
    const out = JSON.parse(clean.stdout);
    expect(Object.keys(out)).toEqual(["checked", "mismatches", "unsettled"]);
    expect(out).toEqual({ checked: expect.any(Number), mismatches: [], unsettled: [] });

    await strandedAttempt(m);
    const waiting = admin("reconcile", "--merchant", m.merchant_id, "--json");
    expect(waiting.status).toBe(1);
    expect(JSON.parse(waiting.stdout).unsettled).toHaveLength(1);
    expect(admin("reconcile", "--since", "yesterday-ish").status).toBe(2);
  });
});
