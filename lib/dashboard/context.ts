import { getServerSession } from "next-auth";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import type { AuthContext } from "@/lib/auth/context";
import { clientAddress } from "@/lib/security/client-address";
import { isSessionLive } from "@/lib/sessions/sessions";
import { listMerchantStores, requireMerchant } from "@/lib/tenancy/repository";
import { findUserById } from "@/lib/users/repository";
import { authOptions } from "./auth-options";

export const STORE_COOKIE = "store_id";

export type DashboardContext = AuthContext & {
  userId: string;
  /** The server-side session this request belongs to (lib/sessions/). */
  sessionId: string;
  userName: string;
  userEmail: string;
  merchantName: string;
  role: "OWNER" | "ADMIN" | "VIEWER";
  stores: { id: string; name: string; is_default: number }[];
  /** The owner requires two-factor and this user has not set it up: only the team page works. */
  mustEnrollTwoFactor?: boolean;
};

function platformType(userAgent: string): "PC" | "MOBILE" {
  return /Mobi|Android|iPhone|iPad/i.test(userAgent) ? "MOBILE" : "PC";
}

/**
 * The signed-in dashboard user as an AuthContext, acting on the store chosen in the switcher
 * (a store-limited user only ever gets their store). Dashboard actions call the same services
 * as the API with this context. Returns null when not signed in, or when the cookie's session was
 * ended (signed out, or ended by a password, two-factor or role change).
 */
export const getDashboardContext = cache(async (): Promise<DashboardContext | null> => {
  const session = (await getServerSession(authOptions())) as { uid?: string; sid?: string } | null;
  if (!session?.uid || !session.sid || !(await isSessionLive(session.sid, session.uid))) return null;
  const user = await findUserById(session.uid);
  if (!user) return null;
  const merchant = await requireMerchant(user.merchant_id);
  const stores = await listMerchantStores(user.merchant_id, user.store_id);
  const wanted = (await cookies()).get(STORE_COOKIE)?.value;
  const current =
    stores.find((s) => s.id === wanted) ?? stores.find((s) => s.id === merchant.default_store_id) ?? stores[0]!;
  const h = await headers();
  const ua = h.get("user-agent") ?? "";
  return {
    merchantId: user.merchant_id,
    storeId: current.id,
    storeLimited: user.store_id !== null,
    hasHostingContract: merchant.has_hosting_contract === 1,
    origin: { platform_type: platformType(ua), ip_address: clientAddress(h), user_agent: ua },
    role: user.role,
    userId: user.id,
    sessionId: session.sid,
    userName: user.name,
    userEmail: user.email,
    merchantName: merchant.name,
    stores,
    mustEnrollTwoFactor: merchant.require_two_factor === 1 && user.totp_enabled_at === null,
  };
});

export const TWO_FACTOR_SETUP_PATH = "/dashboard/team?setup=two-factor";

/**
 * For pages: the context, or a redirect to the sign-in page. While the team requires two-factor
 * and this user has none, every page but the team page (`twoFactorSetup`) sends them there.
 */
export async function requireDashboard(options: { twoFactorSetup?: boolean } = {}): Promise<DashboardContext> {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/login");
  if (ctx.mustEnrollTwoFactor && !options.twoFactorSetup) redirect(TWO_FACTOR_SETUP_PATH);
  return ctx;
}
