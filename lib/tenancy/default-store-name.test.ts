import { describe, expect, it } from "vitest";
import { dialect, getDb } from "@/lib/db/client";
import { up as stripDefaultSuffix } from "@/lib/db/migrations/0130_default_store_name";
import { newMerchant } from "@/lib/testing/fixtures";

const storeName = async (id: string) =>
  (await getDb().selectFrom("stores").select("name").where("id", "=", id).executeTakeFirstOrThrow()).name;

describe("the default store's name ('(default)' stored in English)", () => {
  it("is the merchant's name; the dashboard adds '(default)' in the reader's language", async () => {
    const m = await newMerchant({ name: "Week Shop" });
    expect(await storeName(m.store_id)).toBe("Week Shop");
  });

  it("migration 0130 strips the stored English suffix from default stores only", async () => {
    const a = await newMerchant({ name: "Old Shop" });
    const b = await newMerchant({ name: "Other" });
    const db = getDb();
    await db.updateTable("stores").set({ name: "Old Shop (default)" }).where("id", "=", a.store_id).execute();
    // A sub-store someone named so keeps its name.
    await db
      .updateTable("stores")
      .set({ name: "Annex (default)", is_default: 0 })
      .where("id", "=", b.store_id)
      .execute();
    await stripDefaultSuffix(db as never, dialect());
    expect(await storeName(a.store_id)).toBe("Old Shop");
    expect(await storeName(b.store_id)).toBe("Annex (default)");
  });
});
