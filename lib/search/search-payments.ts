import { DomainError } from "@/lib/errors/domain-error";
import type { DashboardContext } from "@/lib/dashboard/context";
import { getDb } from "@/lib/db/client";
import { loadPaymentsInOrder } from "@/lib/payments/list";
import { filteredPayments, resolveWindow, sortOf, type PaymentScope } from "@/lib/payments/list-query";
import type { WirePayment } from "@/lib/payments/serialize";
import { sql, type Expression, type SqlBool } from "kysely";
import { COUNT_CAP, COUNT_SCAN } from "./limits";
import { searchDocument } from "./document";
import { planSearch } from "./query";
import type { DashboardPaymentsQuery } from "./schema";

export type DashboardPaymentPage = { current_page: number; total_page: number; total_count: number; count_capped: boolean; payments: WirePayment[] };

/** The store scope of the payments page: the switcher's store, or every store this user may see. */
export function dashboardScope(ctx: DashboardContext, scope: DashboardPaymentsQuery["scope"]): PaymentScope {
  if (scope === "all" && !ctx.storeLimited) return { merchantId: ctx.merchantId };
  return { merchantId: ctx.merchantId, storeId: ctx.storeId };
}

/**
 * The dashboard's payments list: the API's filters (same query, same indexes) plus the full-text
 * `q`. A search looks through all time unless dates are given; its count stops at COUNT_CAP.
 */
export async function listDashboardPayments({ ctx, input }: { ctx: DashboardContext; input: DashboardPaymentsQuery }): Promise<DashboardPaymentPage> {
  const scope = dashboardScope(ctx, input.scope ?? (input.q ? "all" : "store"));
  if (input.start !== undefined && input.end !== undefined && input.start > input.end) throw new DomainError("INVALID_REQUEST", "start: must not be after end", { field: "start" });
  const window = resolveWindow({ start: input.start ?? (input.q ? 0 : undefined), end: input.end });
  const q = input.q;
  const plan = q ? await planSearch(q) : undefined;
  const base = filteredPayments(scope, input, window, plan);
  const { column, direction } = sortOf(input);
  const counting = !plan
    ? base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow().then((r) => ({ n: Number(r.n), capped: false }))
    : !plan.selective
      ? countCommonWord(filteredPayments(scope, input, window), column, direction, plan.testDocument)
      : getDb().selectFrom(base.select("transactions.id").limit(COUNT_CAP + 1).as("m")).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow().then((r) => ({ n: Number(r.n), capped: Number(r.n) > COUNT_CAP }));
  const [counted, primaries] = await Promise.all([
    counting,
    base.select(["transactions.store_id", "transactions.payment_id"]).orderBy(`transactions.${column}`, direction).orderBy("transactions.id", direction).limit(input.limit).offset(input.page * input.limit).execute(),
  ]);
  const capped = counted.capped;
  const shown = Math.min(counted.n, COUNT_CAP);
  return { current_page: input.page, total_page: Math.ceil(shown / input.limit), total_count: shown, count_capped: capped, payments: await loadPaymentsInOrder(scope.merchantId, primaries) };
}

/**
 * A common word's count: matches among the newest COUNT_SCAN rows of the view, so the count costs
 * at most that many document tests however rare the word is for this merchant; past it the page
 * says "more than".
 */
export async function countCommonWord(view: ReturnType<typeof filteredPayments>, column: "requested_at" | "status_updated_at", direction: "asc" | "desc", test: (doc: Expression<string>) => Expression<SqlBool>) {
  const newest = view.select(searchDocument("transactions").as("doc")).orderBy(`transactions.${column}`, direction).limit(COUNT_SCAN);
  const r = await getDb()
    .selectFrom(newest.as("m"))
    .select((eb) => [eb.fn.countAll<number>().as("scanned"), eb.fn.sum<number>(sql`case when ${test(sql.ref("m.doc"))} then 1 else 0 end`).as("n")])
    .executeTakeFirstOrThrow();
  return { n: Number(r.n ?? 0), capped: Number(r.scanned) >= COUNT_SCAN || Number(r.n ?? 0) > COUNT_CAP };
}
