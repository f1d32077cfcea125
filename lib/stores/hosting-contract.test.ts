import { describe, expect, it } from "vitest";
import type { AuthContext } from "@/lib/auth/context";
import { listApplications } from "@/lib/onboarding/list-applications";
import { listOnboardingBoard } from "@/lib/onboarding/list-onboarding-board";
import { newMerchant } from "@/lib/testing/fixtures";
import { createStore } from "./create-store";
import { getStore } from "./get-store";
import { listStores } from "./list-stores";
import { listStoreUsers } from "./list-store-users";

const origin = { platform_type: "API", ip_address: "127.0.0.1" } as const;

// The hosting contract is the verbs' rule, whoever calls them (API route, dashboard action, script).
describe("sub-store and onboarding verbs without the hosting contract", () => {
  it("answer FORBIDDEN", async () => {
    const m = await newMerchant({ hosting: false });
    const ctx: AuthContext = {
      merchantId: m.merchant_id,
      storeId: m.store_id,
      storeLimited: false,
      hasHostingContract: false,
      origin,
    };
    const store = { store_id: m.store_id };
    const calls = [
      listStores({ ctx }),
      getStore({ ctx, input: store }),
      createStore({ ctx, input: { name: "Sub" } as never }),
      listStoreUsers({ ctx, input: store }),
      listApplications({ ctx, input: store }),
      listOnboardingBoard({ ctx }),
    ];
    for (const call of calls) await expect(call).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
