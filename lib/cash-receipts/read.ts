import type { AuthContext } from "@/lib/auth/context";
import { getDb } from "@/lib/db/client";
import { resolveStore } from "@/lib/tenancy/scope";
import { findReceiptOrThrow } from "./repository";
import type { ListCashReceiptsInput } from "./schema";
import { serializeCashReceipt, serializeCashReceiptListItem } from "./serialize";

/** GET /v2/payments/{payment_id}/cash-receipt. A store the caller may not see answers as a missing payment. */
export async function getCashReceipt({ ctx, paymentId, input }: { ctx: AuthContext; paymentId: string; input: { store_id?: string } }) {
  const store = await resolveStore(ctx, input.store_id, { missingAs: "PAYMENT_NOT_FOUND", deniedAs: "PAYMENT_NOT_FOUND" });
  return { receipt: serializeCashReceipt(await findReceiptOrThrow(ctx.merchantId, store.id, paymentId)) };
}

const PAGE_SIZE = 20;
const DAY_MS = 86_400_000;

/** The dashboard's receipts of the current store, newest first (dates are UTC days). */
export async function listCashReceipts({ ctx, input }: { ctx: AuthContext; input: ListCashReceiptsInput }) {
  const page = input.page ?? 0;
  let q = getDb().selectFrom("cash_receipts").where("merchant_id", "=", ctx.merchantId).where("store_id", "=", ctx.storeId);
  if (input.status) q = q.where("status", "=", input.status);
  if (input.type) q = q.where("type", "=", input.type);
  if (input.from) q = q.where("issued_at", ">=", Date.parse(`${input.from}T00:00:00Z`));
  if (input.to) q = q.where("issued_at", "<", Date.parse(`${input.to}T00:00:00Z`) + DAY_MS);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy("issued_at", "desc").orderBy("id", "desc").limit(PAGE_SIZE).offset(page * PAGE_SIZE).execute(),
    q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(serializeCashReceiptListItem), totalCount: Number(count.n), page, pageSize: PAGE_SIZE };
}

/** The public receipt page's data: found only by its unguessable token. */
export async function findPublicReceipt(token: string) {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const row = await getDb()
    .selectFrom("cash_receipts")
    .innerJoin("stores", "stores.id", "cash_receipts.store_id")
    .innerJoin("merchants", "merchants.id", "cash_receipts.merchant_id")
    .selectAll("cash_receipts")
    .select(["stores.name as store_name", "merchants.name as merchant_name"])
    .where("cash_receipts.receipt_token", "=", token)
    .executeTakeFirst();
  if (!row) return null;
  const { store_name, merchant_name, ...receipt } = row;
  return { ...serializeCashReceiptListItem(receipt), storeName: store_name, merchantName: merchant_name, productType: receipt.product_type, customerName: receipt.customer_name };
}
export type PublicReceipt = NonNullable<Awaited<ReturnType<typeof findPublicReceipt>>>;
