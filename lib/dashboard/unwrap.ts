import type { ActionFailure, ActionResult } from "./action";

export type ActionError = Error & Partial<Omit<ActionFailure, "ok" | "message">>;

/** Turns an action's error result into a thrown Error (code, field, params attached), for TanStack Query. */
export function unwrap<T>(result: ActionResult<T>): T {
  if (result.ok) return result.data;
  const { ok: _ok, message, ...rest } = result;
  throw Object.assign(new Error(message), rest);
}
