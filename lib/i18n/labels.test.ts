import { describe, expect, it } from "vitest";
import { translate } from "./dictionary";
import { channelLabel, failureLabel, storeLabel } from "./labels";

const ko = (key: string, vars?: Record<string, string | number>) => translate("ko", key, vars);
const en = (key: string, vars?: Record<string, string | number>) => translate("en", key, vars);

describe("labels in the reader's language", () => {
  it("names a default TEST channel once, with its type localized", () => {
    expect(channelLabel(en, { name: "Toss Payments (test)", type: "TEST" })).toBe("Toss Payments (Test)");
    expect(channelLabel(ko, { name: "Toss Payments (test)", type: "TEST" })).toBe("Toss Payments (테스트)");
    expect(channelLabel(en, { name: "Main", type: "LIVE" })).toBe("Main (Live)");
  });

  it("marks the default store in the reader's language", () => {
    expect(storeLabel(ko, { name: "Demo Shop", is_default: 1 })).toBe("Demo Shop (기본)");
    expect(storeLabel(en, { name: "Demo Shop", is_default: 1 })).toBe("Demo Shop (default)");
    expect(storeLabel(ko, { name: "Annex", is_default: 0 })).toBe("Annex");
  });

  it("never shows a provider's English failure message to a Korean reader", () => {
    expect(failureLabel(ko, "ko", "CARD_DECLINED", "The card was declined (sandbox)")).toBe("카드사 승인 거절");
    expect(failureLabel(ko, "ko", "SOMETHING_NEW", "Something went wrong")).toBe("알 수 없는 사유");
    expect(failureLabel(en, "en", "SOMETHING_NEW", "Something went wrong")).toBe("Something went wrong");
  });
});
