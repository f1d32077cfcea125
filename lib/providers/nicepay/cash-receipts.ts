import type { CashReceiptProvider } from "../cash-receipt-types";
import { keysOf, niceChannelCaller, type SecretKeyFor } from "./channel-call";
import { failureOf } from "./payment-object";
import { signedFields } from "./sign";

/**
 * Cash receipts at NICE (its document's `create_cash_receipt`, `cancel_cash_receipt`,
 * `get_cash_receipt_status`; docs/providers.md, "NICE Payments"). Our receipt id is NICE's
 * orderId; NICE's receipt `tid` is our pg_receipt_id. `approveNo` (the tax office's number) comes
 * only once issued: a receipt issued without it is read again later (`readCashReceipt`).
 */
type ReceiptAnswer = { resultCode?: string; resultMsg?: string; tid?: string; orderId?: string; approveNo?: string };

const OK = "0000";
/** Already cancelled (NICE's ResultCode table): the end state a repeated cancel asked for. */
const ALREADY_CANCELLED = "2013";
/** The tax office's number for a receipt issued to no one in particular (자진발급). */
const SELF_ISSUE_NUMBER = "0100001234";

/** The document splits the taxable part into supply amount and VAT (one eleventh, rounded down). */
function amountsOf(amount: number, taxFree: number) {
  const taxable = amount - taxFree;
  const vat = Math.floor(taxable / 11);
  return { supplyAmt: taxable - vat, goodsVat: vat, taxFreeAmt: taxFree, serviceAmt: 0 };
}

export function createNiceCashReceiptAdapter(options: { secretKeyFor: SecretKeyFor }): CashReceiptProvider {
  const call = niceChannelCaller(options.secretKeyFor);
  return {
    async issueCashReceipt({ channel, receiptId, type, customerIdentifier, amount, taxFreeAmount, orderName }) {
      const answer = await call<ReceiptAnswer>(channel, {
        method: "POST",
        path: "/v1/receipt/",
        body: {
          orderId: receiptId,
          amount,
          goodsName: orderName.slice(0, 40),
          receiptType: type === "CORPORATE" ? "company" : "individual",
          receiptNo: type === "ANONYMOUS" ? SELF_ISSUE_NUMBER : customerIdentifier,
          ...amountsOf(amount, taxFreeAmount),
        },
        sign: [receiptId, amount],
      });
      if (answer.resultCode !== OK || !answer.tid) return failureOf(answer);
      return {
        ok: true as const,
        pgReceiptId: answer.tid,
        pgTxId: answer.tid,
        issueNumber: answer.approveNo ?? "",
        pgResponse: JSON.stringify({
          provider: "NICE",
          resultCode: answer.resultCode,
          tid: answer.tid,
          orderId: receiptId,
        }),
      };
    },

    // The whole receipt (no cancelAmt: the document's full cancellation).
    async cancelCashReceipt({ channel, pgReceiptId }) {
      const answer = await call<ReceiptAnswer>(channel, {
        method: "POST",
        path: `/v1/receipt/${encodeURIComponent(pgReceiptId)}/cancel`,
        body: { reason: "cash receipt cancelled" },
        sign: [pgReceiptId],
      });
      return answer.resultCode === OK || answer.resultCode === ALREADY_CANCELLED
        ? { ok: true as const }
        : failureOf(answer);
    },

    async readCashReceipt({ channel, pgReceiptId, signal }) {
      const { secretKey } = keysOf(await options.secretKeyFor(channel));
      const query = new URLSearchParams(signedFields([pgReceiptId], secretKey));
      const answer = await call<ReceiptAnswer>(channel, {
        method: "GET",
        path: `/v1/receipt/${encodeURIComponent(pgReceiptId)}?${query}`,
        signal,
      });
      if (answer.resultCode !== OK) return failureOf(answer);
      return { ok: true as const, issueNumber: answer.approveNo || null };
    },
  };
}
