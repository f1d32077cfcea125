import type { z } from "zod";
import { asDomainError } from "@/lib/errors/domain-error";
import { validateInput } from "@/lib/schema/validate";
import { runAsCaller } from "@/lib/audit/actor";
import { userActor } from "@/lib/audit/user-actor";
import { newId } from "@/lib/ids";
import type { DashboardContext } from "./context";
import { markGated, passDashboardGate, type GateOptions } from "./gate";

/**
 * An action's outcome. Failures carry the API's error code (the page shows `error.<code>` in the
 * reader's language), the technical message for the detail line, the field it concerns and, for
 * validation failures, the zod issue code.
 */
export type ActionFailure = {
  ok: false;
  code: string;
  message: string;
  field?: string;
  issue?: string;
  params?: Record<string, unknown>;
};
export type ActionResult<T> = { ok: true; data: T } | ActionFailure;

/**
 * Wraps a server action: the dashboard gate (lib/dashboard/gate.ts), input parsed with the same
 * zod schema as the API, domain errors returned as data (Next hides thrown messages in production).
 */
export function dashboardAction<S extends z.ZodType, T>(
  options: GateOptions & { input: S },
  fn: (args: { ctx: DashboardContext; input: z.output<S> }) => Promise<T>,
) {
  return markGated(async (raw: z.input<S>): Promise<ActionResult<T>> => {
    try {
      const ctx = await passDashboardGate(options);
      const parsed = validateInput(options.input, raw);
      if (!parsed.ok) return { ok: false, code: "INVALID_REQUEST", message: parsed.message, field: parsed.field };
      // Changes made inside are written to the audit log under this user.
      const caller = { actor: userActor(ctx), merchantId: ctx.merchantId, storeId: ctx.storeId };
      return { ok: true, data: await runAsCaller(caller, () => fn({ ctx, input: parsed.data })) };
    } catch (error) {
      const domain = asDomainError(error);
      if (domain) {
        const field = typeof domain.params.field === "string" ? domain.params.field : undefined;
        return { ok: false, code: domain.code, message: domain.message, field, params: publicParams(domain.params) };
      }
      const id = newId("req_");
      console.error(`[${id}] dashboard action failed`, error);
      return { ok: false, code: "SERVICE_ERROR", message: `request ${id}` };
    }
  });
}

/** Only plain values go back to the browser. */
function publicParams(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).filter(([, v]) => ["string", "number", "boolean"].includes(typeof v)),
  );
}
