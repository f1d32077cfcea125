import { describe, expect, it } from "vitest";
import { refreshGraceMs } from "@/lib/auth/tokens";
import { sha256 } from "@/lib/crypto";
import { getDb } from "@/lib/db/client";
import { callApi } from "@/lib/testing/api";
import { newMerchant } from "@/lib/testing/fixtures";

const regenerate = (refreshToken: string) =>
  callApi("POST", "/v2/token-regeneration", { body: { refresh_token: refreshToken } });
const channels = (accessToken: string) => callApi("GET", "/v2/channels", { token: accessToken });

/** Moves a token's rotation back past the grace window. */
async function ageRotation(refreshToken: string) {
  await getDb()
    .updateTable("refresh_tokens")
    .set({ rotated_at: Date.now() - refreshGraceMs() - 1_000 })
    .where("token_hash", "=", sha256(refreshToken))
    .execute();
}

describe("refresh token grace window", () => {
  it("the same refresh token sent twice at once (a client retry) gets the same new pair and revokes nothing", async () => {
    const m = await newMerchant();
    const [a, b] = await Promise.all([regenerate(m.refreshToken), regenerate(m.refreshToken)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect((await channels(a.body.access_token)).status).toBe(200);
    expect((await channels(m.accessToken)).status).toBe(200);
    expect((await regenerate(a.body.refresh_token)).status).toBe(200);
  });

  it("a retry after the first answer was lost gets that answer again", async () => {
    const m = await newMerchant();
    const first = await regenerate(m.refreshToken);
    const retry = await regenerate(m.refreshToken);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
  });

  it("once the new refresh token has been used, the old one is reuse: the family is revoked", async () => {
    const m = await newMerchant();
    const first = await regenerate(m.refreshToken);
    const second = await regenerate(first.body.refresh_token);
    expect(second.status).toBe(200);
    const stolen = await regenerate(m.refreshToken);
    expect(stolen.status).toBe(401);
    expect((await channels(second.body.access_token)).status).toBe(401);
  });

  it("after the grace window the old token is reuse: the family is revoked", async () => {
    const m = await newMerchant();
    const first = await regenerate(m.refreshToken);
    await ageRotation(m.refreshToken);
    expect((await regenerate(m.refreshToken)).status).toBe(401);
    expect((await channels(first.body.access_token)).status).toBe(401);
    expect((await regenerate(first.body.refresh_token)).status).toBe(401);
  });

  it("keeps the issued pair only sealed, never in clear", async () => {
    const m = await newMerchant();
    const first = await regenerate(m.refreshToken);
    const row = await getDb()
      .selectFrom("refresh_tokens")
      .select("successor_sealed")
      .where("token_hash", "=", sha256(m.refreshToken))
      .executeTakeFirstOrThrow();
    expect(row.successor_sealed).toMatch(/^v1\./);
    expect(row.successor_sealed).not.toContain(first.body.refresh_token);
  });
});
