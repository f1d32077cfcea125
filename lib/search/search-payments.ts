import { DomainError } from "@/lib/errors/domain-error";
import type { DashboardContext } from "@/lib/dashboard/context";
import { loadPaymentsInOrder } from "@/lib/payments/read/load-payment";
import { filteredPayments, sortOf, type PaymentScope } from "@/lib/payments/read/repository/filters";
import { resolveWindow } from "@/lib/payments/read/scope";
import type { WirePayment } from "@/lib/payments/serialize";
import { COUNT_CAP } from "./limits";
import { countPayments, pageOfPayments } from "./repository/payment-page";
import { planSearch } from "./repository/query";
import type { DashboardPaymentsQuery } from "./schema";

export type DashboardPaymentPage = {
  current_page: number;
  total_page: number;
  total_count: number;
  count_capped: boolean;
  payments: WirePayment[];
};

/** The store scope of the payments page: the switcher's store, or every store this user may see. */
export function dashboardScope(ctx: DashboardContext, scope: DashboardPaymentsQuery["scope"]): PaymentScope {
  if (scope === "all" && !ctx.storeLimited) return { merchantId: ctx.merchantId };
  return { merchantId: ctx.merchantId, storeId: ctx.storeId };
}

/**
 * The dashboard's payments list: the API's filters (same query, same indexes) plus the full-text
 * `q`. A search looks through all time unless dates are given; its count stops at COUNT_CAP.
 */
export async function listDashboardPayments({
  ctx,
  input,
}: {
  ctx: DashboardContext;
  input: DashboardPaymentsQuery;
}): Promise<DashboardPaymentPage> {
  const scope = dashboardScope(ctx, input.scope ?? (input.q ? "all" : "store"));
  if (input.start !== undefined && input.end !== undefined && input.start > input.end)
    throw new DomainError("INVALID_REQUEST", "start: must not be after end", { field: "start" });
  const window = resolveWindow({ start: input.start ?? (input.q ? 0 : undefined), end: input.end });
  const q = input.q;
  const plan = q ? await planSearch(q) : undefined;
  const base = filteredPayments(scope, input, window, plan);
  const sort = sortOf(input);
  const [counted, primaries] = await Promise.all([
    countPayments(base, plan, () => filteredPayments(scope, input, window), sort),
    pageOfPayments(base, sort, { offset: input.page * input.limit, limit: input.limit }),
  ]);
  const capped = counted.capped;
  const shown = Math.min(counted.n, COUNT_CAP);
  return {
    current_page: input.page,
    total_page: Math.ceil(shown / input.limit),
    total_count: shown,
    count_capped: capped,
    payments: await loadPaymentsInOrder(scope.merchantId, primaries),
  };
}
