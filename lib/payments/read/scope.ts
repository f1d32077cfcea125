import type { AuthContext } from "@/lib/auth/context";
import { DomainError } from "@/lib/errors/domain-error";
import { resolveStore } from "@/lib/tenancy/scope";
import { DAY } from "@/lib/time";
import type { PaymentScope, TimeWindow } from "./repository/filters";

export const DEFAULT_WINDOW = 90 * DAY;

/** The caller's store scope: a named store must be theirs; omitted means all stores unless the key is store-limited. */
export async function resolvePaymentScope(ctx: AuthContext, storeId: string | undefined): Promise<PaymentScope> {
  if (storeId !== undefined) return { merchantId: ctx.merchantId, storeId: (await resolveStore(ctx, storeId)).id };
  return ctx.storeLimited ? { merchantId: ctx.merchantId, storeId: ctx.storeId } : { merchantId: ctx.merchantId };
}

/** Spec defaults: end is now, start 90 days before end. */
export function resolveWindow(input: { start?: number; end?: number }, now = Date.now()): TimeWindow {
  const end = input.end ?? now;
  const start = input.start ?? end - DEFAULT_WINDOW;
  if (start > end) throw new DomainError("INVALID_REQUEST", "query.start: must not be after end", { field: "start" });
  return { start, end };
}
