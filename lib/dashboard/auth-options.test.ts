import bcrypt from "bcryptjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { newMerchant } from "@/lib/testing/fixtures";
import { authOptions } from "./auth-options";

type Authorize = (credentials: Record<string, string>, req: unknown) => Promise<unknown>;

function authorize(): Authorize {
  const provider = authOptions().providers[0] as unknown as { options: { authorize: Authorize } };
  return provider.options.authorize;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("dashboard sign-in (next-auth credentials)", () => {
  it("signs in with the right password only", async () => {
    const m = await newMerchant();
    expect(await authorize()({ email: m.dashboard.email, password: m.dashboard.password }, {})).toMatchObject({
      email: m.dashboard.email,
    });
    expect(await authorize()({ email: m.dashboard.email, password: "wrong" }, {})).toBeNull();
    expect(await authorize()({ email: "nobody@example.com", password: "wrong" }, {})).toBeNull();
  });

  it("an unknown e-mail costs a password comparison too, so its answer time does not reveal which accounts exist", async () => {
    const m = await newMerchant();
    const user = await getDb()
      .selectFrom("users")
      .select("password_hash")
      .where("email", "=", m.dashboard.email)
      .executeTakeFirstOrThrow();
    // Counted on the library, not timed: without the dummy comparison an unknown e-mail costs one
    // indexed read (~1 ms) against bcrypt's ~60 ms for a known one.
    const compare = vi.spyOn(bcrypt, "compare");
    expect(
      await authorize()({ email: `nobody-${m.merchant_id}@example.com`, password: "wrong-password" }, {}),
    ).toBeNull();
    expect(compare).toHaveBeenCalledTimes(1);
    const hash = String(compare.mock.calls[0]![1]);
    expect(bcrypt.getRounds(hash)).toBe(bcrypt.getRounds(user.password_hash));
  });
});
