import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "@/lib/errors/domain-error";
import { AUDIT_ACTIONS } from "@/lib/audit/actions";
import { cashReceiptProductType, cashReceiptStatus, cashReceiptType } from "@/lib/cash-receipts/schema";
import { identityMethod, identityStatus } from "@/lib/identity/schema";
import {
  APPLICATION_STATUSES,
  BANK_NAMES,
  CONTRACT_STATUSES,
  METHOD_AND_TYPES,
  PG_COMPANIES,
} from "@/lib/onboarding/schema";
import { PAYMENT_METHODS, PAYMENT_STATUSES, PG_PROVIDERS } from "@/lib/payments/read/schema";
import { VIRTUAL_ACCOUNT_BANKS } from "@/lib/payments/schema";
import { PAYMENT_FAILURE_CODES } from "@/lib/search/schema";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TYPES } from "@/lib/webhooks/schema";
import { ESCROW_COMPANIES } from "@/lib/payments/schema";
import { dictionaries, translate } from "./dictionary";
import { localeFromAcceptLanguage } from "./server";

/** The arguments a message takes, ICU plural/select arguments included (their names, not their branches). */
function placeholders(text: string): string[] {
  const names = new Set<string>();
  type Element = ReturnType<IntlMessageFormat["getAst"]>[number];
  const walk = (elements: Element[]) => {
    for (const el of elements) {
      // Type 0 is literal text, 7 the "#" of a plural branch; every other element names an argument.
      if ("value" in el && typeof el.value === "string" && el.type !== 0) names.add(el.value);
      if ("options" in el) for (const option of Object.values(el.options)) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(text, "en", undefined, { ignoreTag: true }).getAst());
  return [...names].sort();
}

describe("dictionaries", () => {
  it("has every key in both languages, non-empty, with the same placeholders", () => {
    const en = dictionaries.en;
    const ko = dictionaries.ko;
    expect(Object.keys(ko).filter((k) => !(k in en))).toEqual([]);
    expect(Object.keys(en).filter((k) => !(k in ko))).toEqual([]);
    for (const key of Object.keys(en)) {
      expect(en[key]!.trim(), key).not.toBe("");
      expect(ko[key]!.trim(), key).not.toBe("");
      expect(placeholders(ko[key]!), key).toEqual(placeholders(en[key]!));
    }
  });

  it("labels every enum value the dashboard shows, in both languages", () => {
    const kinds: [string, readonly string[]][] = [
      ["paymentStatus", PAYMENT_STATUSES],
      ["method", PAYMENT_METHODS],
      ["pgProvider", [...PG_PROVIDERS, ...PG_COMPANIES]],
      ["bank", VIRTUAL_ACCOUNT_BANKS],
      ["bankName", BANK_NAMES],
      ["applicationStatus", APPLICATION_STATUSES],
      ["contractStatus", CONTRACT_STATUSES],
      ["methodType", METHOD_AND_TYPES],
      ["escrowCompany", ESCROW_COMPANIES],
      ["webhookEvent", WEBHOOK_EVENT_TYPES],
      ["webhookType", WEBHOOK_TYPES],
      ["identityStatus", identityStatus.options],
      ["identityMethod", identityMethod.options],
      ["receiptStatus", cashReceiptStatus.options],
      ["productType", cashReceiptProductType.options],
      ["cancellationStatus", ["REQUESTED", "FAILED", "SUCCEEDED"]],
      ["channelType", ["LIVE", "TEST"]],
      ["auditAction", AUDIT_ACTIONS],
      ["actorType", ["USER", "API_KEY", "SYSTEM"]],
    ];
    const missing: string[] = [];
    for (const [kind, values] of kinds) {
      for (const value of values)
        for (const locale of ["en", "ko"] as const)
          if (!dictionaries[locale][`enum.${kind}.${value}`]) missing.push(`${locale} enum.${kind}.${value}`);
    }
    for (const code of PAYMENT_FAILURE_CODES)
      for (const locale of ["en", "ko"] as const)
        if (!dictionaries[locale][`decline.${code}`]) missing.push(`${locale} decline.${code}`);
    for (const type of cashReceiptType.options)
      for (const locale of ["en", "ko"] as const)
        if (!dictionaries[locale][`receipts.type.${type}`]) missing.push(`${locale} receipts.type.${type}`);
    expect(missing).toEqual([]);
    // A label is a word for people, never the API's name.
    expect(translate("ko", "enum.paymentStatus.PARTIAL_CANCELLED")).toBe("부분 취소");
    expect(translate("ko", "enum.bank.BANK_OF_KOREA")).toBe("한국은행");
  });

  it("says every API error code in both languages", () => {
    const missing = ERROR_CODES.flatMap((code) =>
      (["en", "ko"] as const).filter((l) => !dictionaries[l][`error.${code}`]).map((l) => `${l} error.${code}`),
    );
    expect(missing).toEqual([]);
  });
});

describe("counts read as words", () => {
  it("picks the singular or the plural through ICU plural messages", () => {
    expect(translate("en", "overview.attention.webhooks", { n: 1 })).toBe("1 webhook delivery failed");
    expect(translate("en", "overview.attention.webhooks", { n: 3 })).toBe("3 webhook deliveries failed");
    expect(translate("en", "overview.attention.cancellations", { n: 1 })).toBe("1 refund was refused by the provider");
    expect(translate("en", "schedules.cancelled", { count: 1 })).toBe("1 schedule cancelled.");
    expect(translate("ko", "overview.attention.webhooks", { n: 1 })).toBe("웹훅 전송 실패 1건");
  });

  it("writes no count as a bare number before a plural noun in English", () => {
    // "{n} deliveries" reads wrong for 1; such a message must be an ICU plural.
    const bare = Object.entries(dictionaries.en).filter(([, text]) => /\{(n|count)\} \w+s\b/.test(text));
    expect(bare.map(([key]) => key)).toEqual([]);
  });
});

describe("first visit follows the browser's language", () => {
  it("picks the highest-ranked language we have", () => {
    expect(localeFromAcceptLanguage("en-US,en;q=0.9,ko;q=0.8")).toBe("en");
    expect(localeFromAcceptLanguage("ko-KR,ko;q=0.9,en-US;q=0.8")).toBe("ko");
    expect(localeFromAcceptLanguage("fr-FR,fr;q=0.9,en;q=0.8,ko;q=0.5")).toBe("en");
    expect(localeFromAcceptLanguage("ko;q=0.4,en;q=0.9")).toBe("en");
    expect(localeFromAcceptLanguage(null)).toBe("ko");
    expect(localeFromAcceptLanguage("de")).toBe("ko");
  });
});
