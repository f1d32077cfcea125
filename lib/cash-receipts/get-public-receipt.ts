import { findReceiptByToken } from "./repository";
import { serializeCashReceiptListItem } from "./serialize";

/** The public receipt page's data: found only by its unguessable token (no caller, no store). */
export async function getPublicReceipt({ input }: { input: { token: string } }) {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(input.token)) return null;
  const found = await findReceiptByToken(input.token);
  if (!found) return null;
  const { receipt, storeName, merchantName } = found;
  return {
    ...serializeCashReceiptListItem(receipt),
    storeName,
    merchantName,
    productType: receipt.product_type,
    customerName: receipt.customer_name,
  };
}
export type PublicReceipt = NonNullable<Awaited<ReturnType<typeof getPublicReceipt>>>;
