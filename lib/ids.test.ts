import { describe, expect, it } from "vitest";
import { idTime, newId, newOrderedId } from "./ids";

describe("newId", () => {
  it("is time-ordered, 26 characters after the prefix, and unique across pool refills", () => {
    const ids = Array.from({ length: 1000 }, () => newId("x_"));
    expect(new Set(ids).size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^x_[0-9A-HJKMNP-TV-Z]{26}$/);
    const later = newId();
    expect(later.slice(0, 10) >= ids[0]!.slice(2, 12)).toBe(true);
  });
});

describe("newOrderedId", () => {
  it("is strictly increasing within a process, even within one millisecond", () => {
    const ids = Array.from({ length: 1000 }, () => newOrderedId("x_"));
    for (const id of ids) expect(id).toMatch(/^x_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(1000);
  });
});

describe("idTime", () => {
  it("reads back the millisecond an id was made, whatever its prefix", () => {
    const before = Date.now();
    const ids = [newId("msg_"), newOrderedId(), newId("webhook-")];
    const after = Date.now();
    for (const id of ids) {
      expect(idTime(id)).toBeGreaterThanOrEqual(before);
      expect(idTime(id)).toBeLessThanOrEqual(after);
    }
  });
});
