import type { DashboardContext } from "@/lib/dashboard/context";
import { DomainError } from "@/lib/errors/domain-error";
import { findView, type SavedViewRecord } from "./repository";

/** Who acts on views: the signed-in user of a merchant, with their role. */
export type ViewUser = Pick<DashboardContext, "merchantId" | "userId" | "role">;

export const viewNotFound = () => new DomainError("NOT_FOUND", "view not found");

/** A view the user may change: their own, or a shared one when they are not a viewer. */
export async function loadEditableView(me: ViewUser, id: string): Promise<SavedViewRecord> {
  const row = await findView(me.merchantId, id);
  if (!row || (row.user_id !== me.userId && row.shared !== 1)) throw viewNotFound();
  if (row.user_id !== me.userId && me.role === "VIEWER")
    throw new DomainError("PERMISSION_DENIED", "viewers change only their own views");
  return row;
}
