import { NextResponse } from "next/server";
import { asDomainError } from "@/lib/errors/domain-error";
import { TWO_FACTOR_SETUP_PATH, type DashboardContext } from "./context";
import { markGated, passDashboardGate, type GateOptions } from "./gate";

/**
 * Wraps a dashboard route handler in the gate. A refusal answers `{code, message}` with the
 * code's status; a `navigation` route (opened by a link) redirects instead, to sign-in or to the
 * two-factor set-up, as pages do.
 */
// The gate's refusals (the API's status table belongs to the API edge).
const REFUSAL_STATUS: Record<string, number> = { UNAUTHORIZED: 401, PERMISSION_DENIED: 403, NOT_FOUND: 404 };

export function dashboardRoute(
  options: GateOptions & { navigation?: boolean },
  handle: (args: { ctx: DashboardContext; request: Request }) => Promise<Response>,
) {
  return markGated(async (request: Request): Promise<Response> => {
    let ctx: DashboardContext;
    try {
      ctx = await passDashboardGate(options);
    } catch (error) {
      const refusal = asDomainError(error);
      if (!refusal) throw error;
      if (options.navigation && refusal.code === "UNAUTHORIZED")
        return NextResponse.redirect(new URL("/login", request.url));
      if (options.navigation && refusal.code === "PERMISSION_DENIED")
        return NextResponse.redirect(new URL(TWO_FACTOR_SETUP_PATH, request.url));
      const status = REFUSAL_STATUS[refusal.code] ?? 403;
      return Response.json({ code: refusal.code, message: refusal.message }, { status });
    }
    return handle({ ctx, request });
  });
}
