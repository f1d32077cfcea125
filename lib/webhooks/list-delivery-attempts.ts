import type { AuthContext } from "@/lib/auth/context";
import { DomainError } from "@/lib/errors/domain-error";
import { resolveStore } from "@/lib/tenancy/scope";
import { attemptsOfDelivery, findStoreDelivery } from "./repository";
import type { DeliveryAttemptView } from "./schema";
import { toAttemptView } from "./serialize";

/** Every attempt of one delivery of the current store, with request and response. */
export async function listDeliveryAttempts({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: { id: string };
}): Promise<DeliveryAttemptView[]> {
  const store = await resolveStore(ctx, undefined);
  // Another store's delivery is not found, like every other foreign id (not an empty list).
  if (!(await findStoreDelivery(ctx.merchantId, store.id, input.id)))
    throw new DomainError("NOT_FOUND", "delivery not found");
  return (await attemptsOfDelivery(ctx.merchantId, store.id, input.id)).map(toAttemptView);
}
