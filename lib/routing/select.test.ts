import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cardBrandOf } from "./card-brand";
import type { GroupDefinition } from "./schema";
import { selectChannel } from "./select";

const split: GroupDefinition = {
  targets: [
    { channel_id: "toss", weight: 70 },
    { channel_id: "nice", weight: 30 },
  ],
  rules: [],
};

const card = (paymentId: string, amount = 10_000, bin?: string) => ({
  paymentId,
  method: "CARD" as const,
  amount,
  bin,
});

describe("choosing a channel of a group by rules and weights", () => {
  it("a 70/30 split lands within ±5 points over 2,000 payments", () => {
    let toss = 0;
    for (let i = 0; i < 2000; i++)
      if (selectChannel("grp", split, card(randomUUID()))?.chosen.channel_id === "toss") toss++;
    expect(Math.abs((toss / 2000) * 100 - 70)).toBeLessThanOrEqual(5);
  });

  it("the same payment id always chooses the same channel (a retry goes where the first try went)", () => {
    for (let i = 0; i < 200; i++) {
      const id = `order-${i}`;
      const first = selectChannel("grp", split, card(id));
      expect(selectChannel("grp", split, card(id))).toEqual(first);
    }
  });

  it("puts the chosen channel first and the others after it, in the group's order", () => {
    const three: GroupDefinition = {
      targets: [
        { channel_id: "a", weight: 1 },
        { channel_id: "b", weight: 0 },
        { channel_id: "c", weight: 1 },
      ],
      rules: [],
    };
    for (let i = 0; i < 50; i++) {
      const decision = selectChannel("grp", three, card(`p${i}`))!;
      expect(decision.chosen.channel_id).not.toBe("b");
      expect(decision.order).toHaveLength(3);
      expect(decision.order.filter((id) => id !== decision.chosen.channel_id)).toEqual(
        ["a", "b", "c"].filter((id) => id !== decision.chosen.channel_id),
      );
    }
  });

  it("the first matching rule decides: by method, amount range, card brand and BIN prefix", () => {
    const ruled: GroupDefinition = {
      targets: [{ channel_id: "default", weight: 1 }],
      rules: [
        { name: "accounts", method: "VIRTUAL_ACCOUNT", targets: [{ channel_id: "va", weight: 1 }] },
        { name: "our bank's cards", bin_prefixes: ["9410"], targets: [{ channel_id: "bank", weight: 1 }] },
        { name: "amex", card_brands: ["AMEX"], targets: [{ channel_id: "amex", weight: 1 }] },
        { name: "big", min_amount: 1_000_000, targets: [{ channel_id: "big", weight: 1 }] },
        { name: "small", max_amount: 999, targets: [{ channel_id: "small", weight: 1 }] },
      ],
    };
    const pick = (facts: Parameters<typeof selectChannel>[2]) => selectChannel("g", ruled, facts);
    expect(pick({ paymentId: "1", method: "VIRTUAL_ACCOUNT", amount: 5 })).toMatchObject({
      rule: "accounts",
      chosen: { channel_id: "va" },
    });
    expect(pick(card("2", 5_000_000, "94101234"))?.rule).toBe("our bank's cards");
    expect(pick(card("3", 5_000_000, "371234"))?.chosen.channel_id).toBe("amex");
    expect(pick(card("4", 1_000_000, "424242"))?.chosen.channel_id).toBe("big");
    expect(pick(card("5", 999, "424242"))?.chosen.channel_id).toBe("small");
    expect(pick(card("6", 1000, "424242"))).toMatchObject({ rule: null, chosen: { channel_id: "default" } });
    // No card digits: a brand or BIN rule cannot match.
    expect(pick(card("7", 5000))?.rule).toBeNull();
  });

  it("skips unavailable channels (open circuit) and draws among the rest; none left: null", () => {
    const down = new Map([["toss", "circuit_open"]]);
    for (let i = 0; i < 50; i++) {
      const decision = selectChannel("grp", split, card(`x${i}`), down)!;
      expect(decision.chosen.channel_id).toBe("nice");
      expect(decision.skipped).toEqual([{ channel_id: "toss", reason: "circuit_open" }]);
    }
    expect(
      selectChannel(
        "grp",
        split,
        card("y"),
        new Map([
          ["toss", "circuit_open"],
          ["nice", "circuit_open"],
        ]),
      ),
    ).toBeNull();
  });

  it("knows the brand from the first digits only", () => {
    expect(cardBrandOf("424242")).toBe("VISA");
    expect(cardBrandOf("555555")).toBe("MASTER");
    expect(cardBrandOf("222100")).toBe("MASTER");
    expect(cardBrandOf("378282")).toBe("AMEX");
    expect(cardBrandOf("353011")).toBe("JCB");
    expect(cardBrandOf("620000")).toBe("UNIONPAY");
    expect(cardBrandOf("941012")).toBe("LOCAL");
    expect(cardBrandOf("42")).toBeUndefined();
  });
});
