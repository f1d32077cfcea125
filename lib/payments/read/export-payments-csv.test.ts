import { describe, expect, it } from "vitest";
import { createPayment } from "@/lib/testing/payment-fixtures";
import { newMerchant } from "@/lib/testing/fixtures";
import { csvCell, csvLine } from "@/lib/csv";
import { exportPaymentsCsv } from "./export-payments-csv";
import { paymentFilterQuery } from "./schema";

async function collect(gen: AsyncGenerator<string>) {
  let out = "";
  for await (const chunk of gen) out += chunk;
  return out.trimEnd().split("\r\n");
}

describe("CSV cells", () => {
  it("quotes per RFC 4180 and defuses formulas", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(null)).toBe("");
    expect(csvLine(["a", 1, undefined])).toBe("a,1,\r\n");
  });
});

describe("exportPaymentsCsv", () => {
  it("walks the filtered view in order across batches, each payment once", async () => {
    const m = await newMerchant();
    const now = Date.now();
    const made = [];
    // Equal timestamps in pairs, so the keyset must break ties on the id.
    for (let i = 0; i < 9; i++)
      made.push(
        await createPayment({
          merchantId: m.merchant_id,
          storeId: m.store_id,
          outcome: i === 4 ? "FAILED" : "PAID",
          at: { statusUpdated: now - Math.floor(i / 2) * 1000 },
        }),
      );
    const scope = { merchantId: m.merchant_id, storeId: m.store_id };
    const window = { start: now - 60_000, end: now };
    const lines = await collect(exportPaymentsCsv(scope, paymentFilterQuery.parse({ status: "PAID" }), window, 2));
    expect(lines[0]!.split(",").slice(0, 4)).toEqual(["payment_id", "store_id", "tx_id", "status"]);
    const ids = lines.slice(1).map((l) => l.split(",")[0]);
    const paid = made.filter((_, i) => i !== 4);
    expect(new Set(ids).size).toBe(8);
    expect(ids.sort()).toEqual(paid.map((p) => p.payment_id).sort());
    const asc = await collect(
      exportPaymentsCsv(scope, paymentFilterQuery.parse({ sort_order: "ASCENDING" }), window, 3),
    );
    const times = asc.slice(1).map((l) => Date.parse(l.split(",")[23]!));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(asc).toHaveLength(10);
  });
});
