import { describe, expect, it } from "vitest";
import { newMerchant } from "@/lib/testing/fixtures";
import { memberOf, ownerOf } from "@/lib/testing/team";
import { viewSearch } from "./schema";
import { createView } from "./create-view";
import { deleteView } from "./delete-view";
import { defaultView } from "./get-default-view";
import { listViews } from "./list-views";
import { renameView } from "./rename-view";
import { setDefaultView } from "./set-default-view";

const me = (m: { merchantId: string; userId: string; role: "OWNER" | "ADMIN" | "VIEWER" }) => m;

describe("saved views", () => {
  it("private views stay with their user; shared ones reach the team; rename, delete and default", async () => {
    const m = await newMerchant();
    const owner = me(await ownerOf(m));
    const viewer = me(await memberOf(m, "VIEWER"));
    const mine = await createView(owner, {
      name: "Failed this week",
      shared: false,
      query: "status=FAILED&view=x&page=3",
      columns: ["status", "net"],
    });
    const team = await createView(owner, {
      name: "Paid",
      shared: true,
      query: "status=PAID",
      columns: ["order_name", "status"],
    });
    expect((await listViews(owner)).map((v) => [v.name, v.shared, v.mine, v.query])).toEqual([
      ["Failed this week", false, true, "status=FAILED"],
      ["Paid", true, true, "status=PAID"],
    ]);
    expect((await listViews(viewer)).map((v) => [v.name, v.mine])).toEqual([["Paid", false]]);
    expect(await createView(viewer, { name: "Mine", shared: false, query: "", columns: [] })).toHaveProperty("id");
    await expect(createView(viewer, { name: "Ours", shared: true, query: "", columns: [] })).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
    await expect(renameView(viewer, team.id, "Hijacked")).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
    await expect(renameView(viewer, mine.id, "Seen")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(renameView(me(await ownerOf(await newMerchant())), team.id, "x")).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    await renameView(owner, mine.id, "Failed");
    await setDefaultView(viewer, team.id);
    expect(await defaultView(viewer)).toMatchObject({ id: team.id, isDefault: true });
    expect(await defaultView(owner)).toBeNull();
    await expect(setDefaultView(viewer, mine.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await deleteView(owner, team.id);
    expect(await defaultView(viewer)).toBeNull();
    expect((await listViews(owner)).map((v) => v.name)).toEqual(["Failed"]);
  });

  it("a view opens as a URL with its filters, its id and its columns", () => {
    expect(viewSearch({ id: "view_1", query: "status=PAID&limit=50", columns: ["status", "net"] })).toBe(
      "status=PAID&limit=50&view=view_1&cols=status%2Cnet",
    );
  });
});
