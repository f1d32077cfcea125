"use server";

import { cookies } from "next/headers";
import { z } from "zod";
import { idRef } from "@/lib/api/fields";
import { dashboardAction } from "@/lib/dashboard/action";
import { STORE_COOKIE } from "@/lib/dashboard/context";
import { DomainError } from "@/lib/api/error-codes";
import { LOCALES } from "@/lib/i18n/dictionary";
import { searchPalette } from "@/lib/search/palette";
import { paletteQuery } from "@/lib/search/schema";

export const switchStore = dashboardAction({ write: false, input: z.object({ storeId: idRef }) }, async ({ ctx, input }) => {
  if (!ctx.stores.some((s) => s.id === input.storeId)) throw new DomainError("STORE_NOT_FOUND", "store not found");
  (await cookies()).set(STORE_COOKIE, input.storeId, { path: "/", sameSite: "lax", httpOnly: true });
  return {};
});

export async function switchLocale(locale: string): Promise<void> {
  const parsed = z.enum(LOCALES).parse(locale);
  (await cookies()).set("locale", parsed, { path: "/", sameSite: "lax", maxAge: 365 * 24 * 3600 });
}

/** ⌘K palette: payments, billing keys and schedules matching the query, across the user's stores. */
export const paletteSearchAction = dashboardAction({ write: false, input: paletteQuery }, ({ ctx, input }) => searchPalette({ ctx, input }));
