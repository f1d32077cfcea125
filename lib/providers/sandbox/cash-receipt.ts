import { randomInt } from "node:crypto";
import { newId } from "@/lib/ids";
import type { CashReceiptProvider } from "../cash-receipt-types";

/**
 * Sandbox cash receipts. Identifiers starting 0109999 are refused at issuance; those starting
 * 0108888 issue, but their cancellation is refused. Stateless: the flag rides in the receipt id.
 */
const REFUSE_ISSUE = "0109999";
const REFUSE_CANCEL = "0108888";

export const sandboxCashReceiptProvider: CashReceiptProvider = {
  async issueCashReceipt(input) {
    if (input.customerIdentifier.startsWith(REFUSE_ISSUE)) {
      return { ok: false, pgCode: "RECEIPT_REFUSED", pgMessage: "the tax office refused this identifier (sandbox)" };
    }
    const flag = input.customerIdentifier.startsWith(REFUSE_CANCEL) ? "R" : "N";
    const pgReceiptId = `sbx-cr-${flag}-${newId().toLowerCase()}`;
    const issueNumber = String(randomInt(100_000_000, 1_000_000_000));
    const pgTxId = `sbx-crtx-${newId().toLowerCase()}`;
    const pgResponse = JSON.stringify({
      result: "SUCCESS",
      receiptId: pgReceiptId,
      approvalNumber: issueNumber,
      amount: input.amount,
      type: input.type,
    });
    return { ok: true, pgReceiptId, pgTxId, issueNumber, pgResponse };
  },

  async cancelCashReceipt({ pgReceiptId }) {
    if (pgReceiptId.split("-")[2] === "R")
      return { ok: false, pgCode: "CANCEL_REFUSED", pgMessage: "the tax office refused the cancellation (sandbox)" };
    return { ok: true };
  },
};
