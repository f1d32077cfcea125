import { z } from "zod";
import { idRef, text } from "@/lib/schema/fields";

/** Filters of the request log page (also its URL query). */
export const requestLogFilters = z.object({
  status_class: z.coerce.number().int().min(2).max(5).optional(),
  path: text(200).optional(),
  key: idRef.optional(),
  payment: idRef.optional(),
  from: z.coerce.number().int().min(0).max(8.64e15).optional(),
  until: z.coerce.number().int().min(0).max(8.64e15).optional(),
  cursor: idRef.optional(),
});
export type RequestLogFilters = z.infer<typeof requestLogFilters>;
