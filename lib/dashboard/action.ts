import { z } from "zod";
import { DomainError } from "@/lib/api/error-codes";
import { validateInput } from "@/lib/api/validate";
import { newId } from "@/lib/ids";
import { requireDashboardAction, type DashboardContext } from "./context";

export type ActionResult<T> = { ok: true; data: T } | { ok: false; code: string; message: string; field?: string };

/**
 * Wraps a server action: signed-in user (viewers refused on writes), input parsed with the same
 * zod schema as the API, domain errors returned as data (Next hides thrown messages in production).
 */
export function dashboardAction<S extends z.ZodType, T>(
  options: { write: boolean; input: S },
  fn: (args: { ctx: DashboardContext; input: z.output<S> }) => Promise<T>,
) {
  return async (raw: z.input<S>): Promise<ActionResult<T>> => {
    try {
      const ctx = await requireDashboardAction({ write: options.write });
      const parsed = validateInput(options.input, raw);
      if (!parsed.ok) return { ok: false, code: "INVALID_REQUEST", message: parsed.message, field: parsed.field };
      return { ok: true, data: await fn({ ctx, input: parsed.data }) };
    } catch (error) {
      if (error instanceof DomainError) return { ok: false, code: error.code, message: error.message };
      const id = newId("req_");
      console.error(`[${id}] dashboard action failed`, error);
      return { ok: false, code: "SERVICE_ERROR", message: `internal error (request ${id})` };
    }
  };
}
