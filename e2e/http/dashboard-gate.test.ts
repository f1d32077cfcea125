import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newMerchant } from "@/lib/testing/fixtures";
import { memberOf } from "@/lib/testing/team";
import { dashboardSession } from "@/lib/testing/tenant-matrix/dashboard-client";

/**
 * The dashboard's route handlers pass the same gate as its pages and actions (HTTP pass, both
 * databases): while the owner requires two-factor, a login without it, signed in with a password
 * only, gets no CSV export. The same exports work for the same role when nothing is required.
 */
const EXPORTS = ["/dashboard/payments/export", "/dashboard/audit-log/export"];
let base: string;

beforeAll(() => {
  expect(process.env.API_BASE_URL, "runs against a server (vitest.http.config.ts)").toBeTruthy();
  base = process.env.API_BASE_URL!;
});

async function signedInViewer(requireTwoFactor: boolean) {
  const m = await newMerchant();
  if (requireTwoFactor)
    await getDb().updateTable("merchants").set({ require_two_factor: 1 }).where("id", "=", m.merchant_id).execute();
  const viewer = await memberOf(m, "VIEWER");
  return dashboardSession(base, viewer.userEmail, viewer.password);
}

describe("two-factor required: the CSV exports", () => {
  it.each(EXPORTS)("%s refuses a viewer who has not set up two-factor (403, no rows)", async (url) => {
    const session = await signedInViewer(true);
    const answer = await session.get(url);
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ code: "PERMISSION_DENIED" });
  });

  it.each(EXPORTS)("%s still serves a viewer when the team does not require two-factor", async (url) => {
    const session = await signedInViewer(false);
    const answer = await session.get(url);
    expect(answer.status).toBe(200);
    expect(answer.body).not.toMatch(/^\s*\{/); // CSV, not a refusal
  });
});
