import type { AuthContext } from "@/lib/auth/context";
import { DomainError } from "@/lib/errors/domain-error";
import type { WirePayment } from "../serialize";
import { loadPaymentsInOrder } from "./load-payment";
import { scrollKeys } from "./repository/scroll-keys";
import type { ScrollPaymentsInput } from "./schema";
import { resolvePaymentScope, resolveWindow } from "./scope";
import { decodeCursor, encodeCursor, type ScrollCursor } from "./scroll-cursor";

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
  const rows = await scrollKeys(scope, window, cursor && { created_at: cursor.c, id: cursor.i }, input.limit + 1);

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
