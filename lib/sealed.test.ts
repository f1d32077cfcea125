import { describe, expect, it } from "vitest";
import { keyedDigest, openSealed, sealText } from "./sealed";

describe("sealed text", () => {
  it("round-trips, and never shows the plain text", () => {
    const sealed = sealText("inbox", "code 123456");
    expect(sealed).not.toContain("123456");
    expect(openSealed("inbox", sealed)).toBe("code 123456");
    expect(sealText("inbox", "code 123456")).not.toBe(sealed); // fresh IV each time
  });

  it("refuses another purpose's key and tampered text", () => {
    const sealed = sealText("inbox", "secret");
    expect(openSealed("other", sealed)).toBeNull();
    const parts = sealed.split(".");
    parts[2] = Buffer.from("SECRET").toString("base64url");
    expect(openSealed("inbox", parts.join("."))).toBeNull();
    expect(openSealed("inbox", "garbage")).toBeNull();
  });

  it("keyed digests differ by purpose and value", () => {
    expect(keyedDigest("a", "123456")).toBe(keyedDigest("a", "123456"));
    expect(keyedDigest("a", "123456")).not.toBe(keyedDigest("b", "123456"));
    expect(keyedDigest("a", "123456")).not.toBe(keyedDigest("a", "123457"));
  });
});
