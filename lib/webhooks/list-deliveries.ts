import type { AuthContext } from "@/lib/auth/context";
import { resolveStore } from "@/lib/tenancy/scope";
import { latestAttempts, pageDeliveries } from "./repository";
import type { DeliveryFilter, DeliveryView } from "./schema";
import { toDeliveryView } from "./serialize";

/** The current store's deliveries, newest first, with each one's latest attempt outcome. */
export async function listDeliveries({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: DeliveryFilter & { page: number; limit: number };
}) {
  const store = await resolveStore(ctx, undefined);
  const { rows, total } = await pageDeliveries(ctx.merchantId, store.id, input, {
    limit: input.limit,
    offset: input.page * input.limit,
  });
  const last = await latestAttempts(rows.map((r) => r.id));
  const items: DeliveryView[] = rows.map((r) => toDeliveryView(r, last.get(r.id)));
  return { items, total, page: input.page, limit: input.limit };
}
