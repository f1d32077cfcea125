import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { newMerchant } from "@/lib/testing/fixtures";
import { authOptions } from "./auth-options";

type Authorize = (credentials: Record<string, string>, req: unknown) => Promise<unknown>;

function authorize(): Authorize {
  const provider = authOptions().providers[0] as unknown as { options: { authorize: Authorize } };
  return provider.options.authorize;
}

async function medianMs(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[2]!;
}

describe("dashboard sign-in (next-auth credentials)", () => {
  it("signs in with the right password only", async () => {
    const m = await newMerchant();
    expect(await authorize()({ email: m.dashboard.email, password: m.dashboard.password }, {})).toMatchObject({ email: m.dashboard.email });
    expect(await authorize()({ email: m.dashboard.email, password: "wrong" }, {})).toBeNull();
    expect(await authorize()({ email: "nobody@example.com", password: "wrong" }, {})).toBeNull();
  });

  it("an unknown e-mail costs a password comparison too, so its answer time does not reveal which accounts exist", async () => {
    const m = await newMerchant();
    await authorize()({ email: "warm-up@example.com", password: "x" }, {});
    const known = await medianMs(() => authorize()({ email: m.dashboard.email, password: "wrong-password" }, {}));
    const unknown = await medianMs(() => authorize()({ email: `nobody-${m.merchant_id}@example.com`, password: "wrong-password" }, {}));
    // Without the dummy comparison an unknown e-mail answers ~50x faster (one indexed read vs bcrypt).
    expect(unknown).toBeGreaterThan(known * 0.4);
  });
});
