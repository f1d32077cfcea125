import { currentCaller } from "@/lib/audit/actor";
import type { AuthContext } from "@/lib/auth/context";
import { DomainError } from "@/lib/errors/domain-error";
import { type ChannelTermsRow, listStoreChannelTerms, upsertChannelTerms } from "./repository/contracts";
import { type ContractTerms, DEFAULT_TERMS, type SetContractTermsInput } from "./schema";

export type ChannelTermsView = Omit<ChannelTermsRow, "terms"> & { terms: ContractTerms; is_default: boolean };

/** The contract terms of each payment channel of the caller's store; channels without any show the defaults. */
export async function listContractTerms({ ctx }: { ctx: AuthContext }): Promise<ChannelTermsView[]> {
  const rows = await listStoreChannelTerms(ctx.merchantId, ctx.storeId);
  return rows.map((r) => ({ ...r, terms: r.terms ?? DEFAULT_TERMS, is_default: r.terms === null }));
}

/**
 * Records a channel's contract terms (OWNER/ADMIN). They apply to payments and refunds whose
 * expected settlement is derived afterwards; rows already derived keep the terms they were made with.
 */
export async function setContractTerms({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: SetContractTermsInput;
}): Promise<ChannelTermsView> {
  if (ctx.role === "VIEWER") throw new DomainError("PERMISSION_DENIED", "only owners and admins edit contract terms");
  const channel = (await listStoreChannelTerms(ctx.merchantId, ctx.storeId)).find(
    (c) => c.channel_id === input.channel_id,
  );
  if (!channel) throw new DomainError("CHANNEL_NOT_FOUND", "no payment channel with this id in the store");
  await upsertChannelTerms({
    channelId: channel.channel_id,
    merchantId: ctx.merchantId,
    storeId: ctx.storeId,
    terms: input.terms,
    updatedBy: currentCaller()?.actor?.name ?? null,
  });
  return { ...channel, terms: input.terms, is_default: false, updated_at: Date.now() };
}
