import { distinctActors } from "./repository";

/** The people and keys that appear in the merchant's log, for the actor filter. */
export function listAuditActors(merchantId: string): Promise<{ id: string; name: string }[]> {
  return distinctActors(merchantId, 200);
}
