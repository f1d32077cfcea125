"use server";

import { cookies } from "next/headers";
import { z } from "zod";
import { idRef } from "@/lib/schema/fields";
import { dashboardAction } from "@/lib/dashboard/action";
import { STORE_COOKIE } from "@/lib/dashboard/context";
import { DomainError } from "@/lib/errors/domain-error";
import { LOCALES } from "@/lib/i18n/dictionary";
import { searchPalette } from "@/lib/search/palette";
import { paletteQuery } from "@/lib/search/schema";

export const switchStore = dashboardAction(
  { write: false, input: z.object({ storeId: idRef }) },
  async ({ ctx, input }) => {
    if (!ctx.stores.some((s) => s.id === input.storeId)) throw new DomainError("STORE_NOT_FOUND", "store not found");
    (await cookies()).set(STORE_COOKIE, input.storeId, { path: "/", sameSite: "lax", httpOnly: true });
    return {};
  },
);

/** The reader's language; anything but a known locale is INVALID_REQUEST (it used to throw: a 500). */
export const switchLocale = dashboardAction(
  { write: false, input: z.string().max(10).pipe(z.enum(LOCALES)) },
  async ({ input }) => {
    (await cookies()).set("locale", input, { path: "/", sameSite: "lax", maxAge: 365 * 24 * 3600 });
    return {};
  },
);

/** ⌘K palette: payments, billing keys and schedules matching the query, across the user's stores. */
export const paletteSearchAction = dashboardAction({ write: false, input: paletteQuery }, ({ ctx, input }) =>
  searchPalette({ ctx, input }),
);
