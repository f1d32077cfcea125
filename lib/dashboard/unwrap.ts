import type { ActionResult } from "./action";

/** Turns an action's error result into a thrown Error, for TanStack Query. */
export function unwrap<T>(result: ActionResult<T>): T {
  if (result.ok) return result.data;
  throw Object.assign(new Error(result.message), { code: result.code, field: result.field });
}
