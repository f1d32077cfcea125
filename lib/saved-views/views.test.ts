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
    const mine = await createView({
      ctx: owner,
      input: {
        name: "Failed this week",
        shared: false,
        query: "status=FAILED&view=x&page=3",
        columns: ["status", "net"],
      },
    });
    const team = await createView({
      ctx: owner,
      input: {
        name: "Paid",
        shared: true,
        query: "status=PAID",
        columns: ["order_name", "status"],
      },
    });
    expect((await listViews({ ctx: owner })).map((v) => [v.name, v.shared, v.mine, v.query])).toEqual([
      ["Failed this week", false, true, "status=FAILED"],
      ["Paid", true, true, "status=PAID"],
    ]);
    expect((await listViews({ ctx: viewer })).map((v) => [v.name, v.mine])).toEqual([["Paid", false]]);
    expect(
      await createView({ ctx: viewer, input: { name: "Mine", shared: false, query: "", columns: [] } }),
    ).toHaveProperty("id");
    await expect(
      createView({ ctx: viewer, input: { name: "Ours", shared: true, query: "", columns: [] } }),
    ).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
    await expect(renameView({ ctx: viewer, input: { id: team.id, name: "Hijacked" } })).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
    await expect(renameView({ ctx: viewer, input: { id: mine.id, name: "Seen" } })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      renameView({ ctx: me(await ownerOf(await newMerchant())), input: { id: team.id, name: "x" } }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    await renameView({ ctx: owner, input: { id: mine.id, name: "Failed" } });
    await setDefaultView({ ctx: viewer, input: { id: team.id } });
    expect(await defaultView({ ctx: viewer })).toMatchObject({ id: team.id, isDefault: true });
    expect(await defaultView({ ctx: owner })).toBeNull();
    await expect(setDefaultView({ ctx: viewer, input: { id: mine.id } })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await deleteView({ ctx: owner, input: { id: team.id } });
    expect(await defaultView({ ctx: viewer })).toBeNull();
    expect((await listViews({ ctx: owner })).map((v) => v.name)).toEqual(["Failed"]);
  });

  it("a view opens as a URL with its filters, its id and its columns", () => {
    expect(viewSearch({ id: "view_1", query: "status=PAID&limit=50", columns: ["status", "net"] })).toBe(
      "status=PAID&limit=50&view=view_1&cols=status%2Cnet",
    );
  });
});
