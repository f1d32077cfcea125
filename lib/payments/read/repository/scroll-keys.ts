import { getDb } from "@/lib/db/client";
import type { PaymentScope, TimeWindow } from "./filters";

/** The keyset position of the last payment returned: its first transaction's creation time and id. */
export type ScrollPosition = { created_at: number; id: string };
export type ScrollKey = { store_id: string; payment_id: string } & ScrollPosition;

/**
 * Up to `limit` payments created in the window after `after`, oldest first, each by its first
 * transaction (the creation of a payment's first transaction never changes).
 */
export function scrollKeys(
  scope: PaymentScope,
  window: TimeWindow,
  after: ScrollPosition | null,
  limit: number,
): Promise<ScrollKey[]> {
  return scrollKeysQuery(scope, window, after, limit).execute() as Promise<ScrollKey[]>;
}

/** The statement behind scrollKeys (its plan is tested: lib/db/transactions-plans.test.ts). */
export function scrollKeysQuery(scope: PaymentScope, window: TimeWindow, after: ScrollPosition | null, limit: number) {
  let q = getDb()
    .selectFrom("transactions as t")
    .select(["t.store_id", "t.payment_id", "t.created_at", "t.id"])
    .where("t.merchant_id", "=", scope.merchantId)
    .where("t.created_at", ">=", window.start)
    .where("t.created_at", "<=", window.end)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("transactions as e")
            .select("e.id")
            .whereRef("e.store_id", "=", "t.store_id")
            .whereRef("e.payment_id", "=", "t.payment_id")
            .where((eb) =>
              eb.or([
                eb("e.created_at", "<", eb.ref("t.created_at")),
                eb.and([eb("e.created_at", "=", eb.ref("t.created_at")), eb("e.id", "<", eb.ref("t.id"))]),
              ]),
            ),
        ),
      ),
    );
  if (scope.storeId) q = q.where("t.store_id", "=", scope.storeId);
  if (after) {
    // The plain `>=` lets the index range start at the cursor; the OR alone would rescan from the window start.
    q = q
      .where("t.created_at", ">=", after.created_at)
      .where((eb) => eb.or([eb("t.created_at", ">", after.created_at), eb("t.id", ">", after.id)]));
  }
  return q.orderBy("t.created_at").orderBy("t.id").limit(limit);
}
