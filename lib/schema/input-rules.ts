/**
 * Limits every input obeys before any schema looks at it, so nothing a caller sends can reach
 * the database unchecked: PostgreSQL text cannot hold NUL, and a deeply nested value would
 * overflow the stack of whatever walks it next (zod, JSON.stringify). Client-safe.
 */
export const MAX_TEXT_LENGTH = 10_000;
export const MAX_DEPTH = 32;
/** INTEGER columns (product_count, installment_month, …) hold 32-bit values. */
export const INT32_MAX = 2_147_483_647;
/** Money and other BIGINT-backed numbers (CONTRACT §1: amounts up to 10^15). */
export const BIGINT_INPUT_MAX = 1e15;

export type UnsafeInput = { path: string[]; message: string };

/** The first string, key or nesting level in `value` that no field may hold, or null. */
export function findUnsafeInput(value: unknown): UnsafeInput | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === "string") {
      if (current.includes("\u0000")) return { path, message: "must not contain NUL characters" };
      if (current.length > MAX_TEXT_LENGTH) return { path, message: `must be at most ${MAX_TEXT_LENGTH} characters` };
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (path.length >= MAX_DEPTH) return { path, message: `nests deeper than ${MAX_DEPTH} levels` };
    const entries = Array.isArray(current) ? current.map((v, i) => [String(i), v] as const) : Object.entries(current);
    for (const [key, child] of entries) {
      if (key.includes("\u0000") || key.length > 200)
        return { path: [...path, key.slice(0, 200)], message: "is not an acceptable member name" };
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}
