import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { inProcess, newMerchant } from "@/lib/testing/fixtures";
import { storeBody } from "@/lib/testing/stores";
import { sealedAuditLog } from "@/lib/testing/audit";

describe("audit log through the API", () => {
  it("a change made with an API key is recorded under the key's name and prefix", async () => {
    const m = inProcess(await newMerchant({ hosting: true }));
    const store = await m.api.post("/v2/stores", storeBody());
    expect(store.status).toBe(200);
    const res = await m.api.put(`/v2/stores/${store.body.id}`, { name: "Renamed" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const key = await getDb()
      .selectFrom("api_keys")
      .select(["id", "key_prefix"])
      .where("merchant_id", "=", m.merchant_id)
      .executeTakeFirstOrThrow();
    const { entries } = await sealedAuditLog(m.merchant_id, { action: "store.update" });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorType: "API_KEY",
      actorId: key.id,
      actorName: `default (${key.key_prefix}…)`,
      targetId: store.body.id,
      summary: { after: { changed: ["name"] } },
    });
  });

  it("a refused change leaves no entry", async () => {
    const m = inProcess(await newMerchant({ hosting: true }));
    const other = await newMerchant({ hosting: true });
    const theirs = await other.api.post("/v2/stores", storeBody());
    expect((await m.api.put(`/v2/stores/${theirs.body.id}`, { name: "Hijack" })).status).toBe(404);
    expect((await sealedAuditLog(m.merchant_id, {})).entries).toEqual([]);
    expect((await sealedAuditLog(other.merchant_id, { action: "store.update" })).entries).toEqual([]);
  });
});
