import { NextResponse } from "next/server";
import { STORE_COOKIE } from "@/lib/dashboard/context";
import { dashboardRoute } from "@/lib/dashboard/route";

/**
 * Opens a page of another of the user's stores (a search result from there): switches the store
 * selection, then redirects. Only the user's own stores and /dashboard paths are accepted.
 */
export const GET = dashboardRoute({ write: false, navigation: true }, async ({ ctx, request }) => {
  const url = new URL(request.url);
  const storeId = url.searchParams.get("store") ?? "";
  const to = url.searchParams.get("to") ?? "/dashboard";
  const target = to.startsWith("/dashboard") && !to.startsWith("//") ? to : "/dashboard";
  const response = NextResponse.redirect(new URL(target, url), 303);
  if (ctx.stores.some((s) => s.id === storeId))
    response.cookies.set(STORE_COOKIE, storeId, { path: "/", sameSite: "lax", httpOnly: true });
  return response;
});
