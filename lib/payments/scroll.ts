import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { getDb } from "@/lib/db/client";
import { loadPaymentsInOrder } from "./list";
import { resolvePaymentScope, resolveWindow } from "./list-query";
import type { ScrollPaymentsInput } from "./list-schema";
import { decodeCursor, encodeCursor, type ScrollCursor } from "./scroll-cursor";
import type { WirePayment } from "./serialize";

/**
 * GET /v2/payments/scroll: payments by creation time (the creation of their first transaction,
 * which never changes), oldest first. The first request fixes the window; the cursor carries it
 * and a keyset position, so each payment comes exactly once however many arrive meanwhile
 * (later ones fall after the window's end; retries add transactions, never a new first one).
 */
export async function scrollPayments({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: ScrollPaymentsInput;
}): Promise<{ payments: WirePayment[]; cursor?: string }> {
  const cursor = input.cursor ? decodeCursor(input.cursor) : null;
  const requestedStore = cursor ? (cursor.s ?? undefined) : input.store_id;
  if (cursor && input.store_id !== undefined && input.store_id !== cursor.s) {
    throw new DomainError("INVALID_REQUEST", "query.cursor: the cursor belongs to another store_id", {
      field: "cursor",
    });
  }
  const scope = await resolvePaymentScope(ctx, requestedStore);
  const window = cursor ? { start: cursor.a, end: cursor.b } : resolveWindow(input);

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
  if (cursor) {
    // The plain `>=` lets the index range start at the cursor; the OR alone would rescan from the window start.
    q = q
      .where("t.created_at", ">=", cursor.c)
      .where((eb) => eb.or([eb("t.created_at", ">", cursor.c), eb("t.id", ">", cursor.i)]));
  }
  const rows = await q
    .orderBy("t.created_at")
    .orderBy("t.id")
    .limit(input.limit + 1)
    .execute();

  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const payments = await loadPaymentsInOrder(scope.merchantId, page);
  if (rows.length <= input.limit || !last) return { payments };
  const next: ScrollCursor = {
    v: 1,
    s: scope.storeId && requestedStore !== undefined ? scope.storeId : null,
    a: window.start,
    b: window.end,
    c: last.created_at,
    i: last.id,
  };
  return { payments, cursor: encodeCursor(next) };
}
