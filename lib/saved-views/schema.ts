import { z } from "zod";
import { idRef, text } from "@/lib/schema/fields";

/** Client-safe. The payments table's optional columns (the payment id is always shown). */
export const PAYMENT_COLUMNS = [
  "order_name",
  "status",
  "net",
  "failure",
  "method",
  "provider",
  "customer",
  "requested_at",
  "status_updated_at",
] as const;
export type PaymentColumn = (typeof PAYMENT_COLUMNS)[number];

const viewName = text(60).trim().min(1);

export const createViewInput = z.object({
  name: viewName,
  shared: z.boolean(),
  /** The list's URL query (filters, sort, page size), without `view` and `page`. */
  query: text(2000),
  columns: z.array(z.enum(PAYMENT_COLUMNS)).max(PAYMENT_COLUMNS.length),
});
export type CreateViewInput = z.input<typeof createViewInput>;

export const renameViewInput = z.object({ id: idRef, name: viewName });
export const viewIdInput = z.object({ id: idRef });
/** null clears the default. */
export const defaultViewInput = z.object({ id: idRef.nullable() });

export type SavedView = {
  id: string;
  name: string;
  shared: boolean;
  query: string;
  columns: PaymentColumn[];
  mine: boolean;
  isDefault: boolean;
};

/** The URL query a view opens: its filters plus `view` and, when not all columns, `cols`. */
export function viewSearch(view: Pick<SavedView, "id" | "query" | "columns">): string {
  const params = new URLSearchParams(view.query);
  params.delete("view");
  params.delete("page");
  params.set("view", view.id);
  if (view.columns.length < PAYMENT_COLUMNS.length) params.set("cols", view.columns.join(","));
  else params.delete("cols");
  return params.toString();
}
