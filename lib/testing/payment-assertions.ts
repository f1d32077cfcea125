import { expect } from "vitest";

/** Asserts a payment-family error: the status and exactly `{code, params}`. (vitest only; payments.ts stays runner-neutral.) */
export function expectError(res: { status: number; body: unknown }, status: number, code: string) {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { code, params: expect.any(Object) } });
}
