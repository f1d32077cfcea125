import { DomainError } from "@/lib/errors/domain-error";
import { getDashboardContext, type DashboardContext } from "./context";

/** What a dashboard page, route handler or server action asks of its caller. */
export type GateOptions = {
  /** Changes data: viewers are refused. */
  write: boolean;
  /** Part of setting up two-factor: open while the team requires it and this user has none yet. */
  twoFactorSetup?: boolean;
  /** A merchant-wide view (the audit log): a store-limited login gets not found. */
  merchantWide?: boolean;
};

/**
 * The one gate every dashboard route handler and server action passes (pages use the same
 * checks, answered with redirects): a live session, two-factor enrolment when the team requires
 * it, the store limit and the role. Throws the refusal as a DomainError.
 */
export async function passDashboardGate(options: GateOptions): Promise<DashboardContext> {
  const ctx = await getDashboardContext();
  if (!ctx) throw new DomainError("UNAUTHORIZED", "sign in again");
  if (ctx.mustEnrollTwoFactor && !options.twoFactorSetup)
    throw new DomainError("PERMISSION_DENIED", "set up two-factor first: the team requires it");
  if (options.merchantWide && ctx.storeLimited) throw new DomainError("NOT_FOUND", "not found");
  if (options.write && ctx.role === "VIEWER") throw new DomainError("PERMISSION_DENIED", "viewers cannot change data");
  return ctx;
}

const gated = new WeakSet<object>();

/** Marks a handler as behind the gate (the wrappers do), so the enumeration test can tell. */
export function markGated<F extends object>(fn: F): F {
  gated.add(fn);
  return fn;
}

export function isGated(fn: unknown): boolean {
  return typeof fn === "function" && gated.has(fn);
}
