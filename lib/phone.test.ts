import { describe, expect, it } from "vitest";
import { formatKoreanPhone } from "./phone";

describe("formatKoreanPhone", () => {
  it("writes mobile, Seoul and other area numbers with dashes, however they were stored", () => {
    expect(formatKoreanPhone("01012345678")).toBe("010-1234-5678");
    expect(formatKoreanPhone("010-1234-5678")).toBe("010-1234-5678");
    expect(formatKoreanPhone("010 1234 5678")).toBe("010-1234-5678");
    expect(formatKoreanPhone("0111234567")).toBe("011-123-4567");
    expect(formatKoreanPhone("021234567")).toBe("02-123-4567");
    expect(formatKoreanPhone("0212345678")).toBe("02-1234-5678");
    expect(formatKoreanPhone("0311234567")).toBe("031-123-4567");
  });

  it("leaves anything else as given", () => {
    expect(formatKoreanPhone("+82 10 1234 5678")).toBe("+82 10 1234 5678");
    expect(formatKoreanPhone("12345")).toBe("12345");
    expect(formatKoreanPhone("call me")).toBe("call me");
  });
});
