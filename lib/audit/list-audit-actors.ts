import { distinctActors } from "./repository";

/** The people and keys that appear in the merchant's log, for the actor filter. */
export function listAuditActors({ ctx }: { ctx: { merchantId: string } }): Promise<{ id: string; name: string }[]> {
  return distinctActors(ctx.merchantId, 200);
}
