import { describe, expect, it } from "vitest";
import type { TransactionsTable } from "@/lib/db/tables/payments";
import { csvLine } from "@/lib/csv";
import { csvTime, localizedCsvColumns } from "./csv-columns";

const row = {
  payment_id: "p-1",
  store_id: "s",
  id: "tx",
  status: "PARTIAL_CANCELLED",
  method: "CARD",
  pg_provider: "TOSSPAYMENTS",
  channel_type: "TEST",
  order_name: "책상",
  currency: "USD",
  total_amount: 1050,
  tax_free_amount: 0,
  paid_amount: 1050,
  cancelled_amount: 50,
  requested_at: Date.UTC(2026, 10, 22, 5, 3, 5),
  status_updated_at: Date.UTC(2026, 10, 22, 5, 3, 5),
  paid_at: null,
  cancelled_at: null,
  failed_at: null,
} as unknown as TransactionsTable;

describe("dashboard CSV export", () => {
  it("gives a failed payment's reason in the reader's language, not the provider's English", () => {
    const failed = {
      ...row,
      status: "FAILED",
      failure_pg_code: "CARD_DECLINED",
      failure_reason: "The card was declined by the issuer (sandbox).",
    } as unknown as TransactionsTable;
    const reason = (locale: "ko" | "en") =>
      localizedCsvColumns(locale, "UTC").find(([h]) => h === (locale === "ko" ? "실패 사유" : "Failure reason"))?.[1](
        failed,
      );
    expect(reason("ko")).toBe("카드사 승인 거절");
    expect(reason("en")).toBe("Card declined by the issuer");
  });

  it("speaks the reader's language: headers, labels, local times with the offset, major units", () => {
    const ko = localizedCsvColumns("ko", "Asia/Seoul");
    expect(csvLine(ko.map(([h]) => h)).startsWith("결제 ID,상점 ID,거래 ID,상태,결제수단,PG사,")).toBe(true);
    const cells = ko.map(([, pick]) => pick(row));
    expect(cells).toContain("부분 취소");
    expect(cells).toContain("토스페이먼츠");
    expect(cells).toContain("10.50");
    expect(cells).toContain("2026-11-22 14:03:05 +09:00");
    const en = localizedCsvColumns("en", "UTC").map(([, pick]) => pick(row));
    expect(en).toContain("Partially refunded");
    expect(en).toContain("2026-11-22 05:03:05 +00:00");
  });

  it("writes times in any zone with its offset, empty when unset", () => {
    expect(csvTime(Date.UTC(2026, 0, 1, 0, 0, 0), "America/New_York")).toBe("2025-12-31 19:00:00 -05:00");
    expect(csvTime(null, "UTC")).toBe("");
  });
});
