import type { AuthContext } from "@/lib/auth/context";
import { pageVerifications } from "./repository";
import type { ListVerificationsInput } from "./schema";
import { serializeVerificationListItem } from "./serialize";

const PAGE_SIZE = 20;

/** The dashboard's list of the current store's verifications, newest first; search by id or phone prefix. */
export async function listVerifications({ ctx, input }: { ctx: AuthContext; input: ListVerificationsInput }) {
  const page = input.page ?? 0;
  const search = input.search?.trim();
  const phone = search?.replace(/\D/g, "");
  const { rows, total } = await pageVerifications(ctx.merchantId, ctx.storeId, {
    status: input.status,
    idPrefix: search || undefined,
    phonePrefix: phone || undefined,
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
  });
  return { items: rows.map(serializeVerificationListItem), totalCount: total, page, pageSize: PAGE_SIZE };
}
