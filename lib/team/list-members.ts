import type { TeamActor } from "./permissions";
import { membersOf } from "./repository";
import type { TeamMember } from "./schema";

/** Everyone who can sign in to the merchant's dashboard; a store-limited user sees only themselves. */
export async function listMembers({ ctx: actor }: { ctx: TeamActor }): Promise<TeamMember[]> {
  const rows = await membersOf(actor.merchantId, actor.storeLimited ? actor.userId : undefined);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role,
    storeId: r.store_id,
    storeName: r.store_name,
    lastSignInAt: r.last_sign_in_at ? new Date(Number(r.last_sign_in_at)).toISOString() : null,
    twoFactor: r.totp_enabled_at !== null,
    you: r.id === actor.userId,
  }));
}
