import { notFound } from "next/navigation";
import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { getStore } from "@/lib/stores/get-store";

/** A dashboard page's sub-store, or the 404 page when the caller may not see it. */
export async function loadStoreForPage(ctx: AuthContext, storeId: string) {
  try {
    return await getStore({ ctx, input: { store_id: storeId } });
  } catch (error) {
    if (error instanceof DomainError && error.code === "STORE_NOT_FOUND") notFound();
    throw error;
  }
}
