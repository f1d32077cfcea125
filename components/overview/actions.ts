"use server";

import { cookies } from "next/headers";
import { z } from "zod";
import { dashboardAction } from "@/lib/dashboard/action";
import { GET_STARTED_COOKIE, withDismissed } from "@/lib/get-started/dismissal";

/** Hides the store's get-started checklist in this browser. */
export const dismissGetStarted = dashboardAction({ write: false, input: z.object({}) }, async ({ ctx }) => {
  const jar = await cookies();
  const value = withDismissed(jar.get(GET_STARTED_COOKIE)?.value, ctx.storeId);
  jar.set(GET_STARTED_COOKIE, value, { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 24 * 3600 });
  return {};
});
