import { expect, type Page, test } from "@playwright/test";
import { getDb, withTransaction } from "@/lib/db/client";
import { deriveExpectedSettlements } from "@/lib/settlements/derive-expected";
import { cardPayBody } from "@/lib/testing/payments";
import { insertSettlements } from "@/lib/settlements/repository/derive";
import { newOrderedId } from "@/lib/ids";
import { koreaDate } from "@/lib/settlements/business-days";
import { insertStore } from "@/lib/tenancy/insert-store";
import { chooseLanguage, freshMerchant, openFromMenu, signIn, WIDTHS } from "./helpers";
import { checkPage } from "./quality";

const DAY = 86_400_000;
const SHOTS = "test-results/settlements";

type Row = {
  store: string;
  channel: string;
  kind: "PAYMENT" | "REFUND";
  payment: string;
  payout: string;
  gross: number;
  fee: number;
  vat: number;
};

/** Settlement rows as the derivation job writes them (the page is under test here, not the job). */
async function seed(rows: Row[], merchantId: string) {
  const now = Date.now();
  await insertSettlements(
    rows.map((r) => ({
      id: newOrderedId("stl_"),
      merchant_id: merchantId,
      store_id: r.store,
      channel_id: r.channel,
      pg_provider: "TOSSPAYMENTS",
      kind: r.kind,
      source_key: `e2e:${newOrderedId()}`,
      payment_id: r.payment,
      transaction_id: null,
      cancellation_id: null,
      method: "CARD",
      currency: "KRW",
      sold_on: r.payout,
      payout_on: r.payout,
      gross: r.gross,
      fees: JSON.stringify([{ type: "RATE", amount: r.fee }]),
      fee_total: r.fee,
      vat_on_fees: r.vat,
      net: r.gross - r.fee - r.vat,
      status: "EXPECTED" as const,
      pg_key: null,
      pg_order_id: null,
      created_at: now,
      updated_at: now,
    })),
  );
}

async function tossChannel(storeId: string) {
  const row = await getDb()
    .selectFrom("channels")
    .select("id")
    .where("store_id", "=", storeId)
    .where("pg_provider", "=", "TOSSPAYMENTS")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A hosting company with two stores: a sale and a partial refund netted on the next payout, an older payout, and a sale in the other store. */
async function world() {
  const m = await freshMerchant({ hosting: true });
  const other = await withTransaction((tx) =>
    insertStore(tx, { merchantId: m.merchant_id, name: "Second shop", isDefault: false }),
  );
  const next = koreaDate(Date.now() + 2 * DAY);
  const past = koreaDate(Date.now() - 3 * DAY);
  const channel = await tossChannel(m.store_id);
  await seed(
    [
      {
        store: m.store_id,
        channel,
        kind: "PAYMENT",
        payment: "order-1001",
        payout: next,
        gross: 11_000,
        fee: 275,
        vat: 27,
      },
      {
        store: m.store_id,
        channel,
        kind: "REFUND",
        payment: "order-1001",
        payout: next,
        gross: -3_000,
        fee: -75,
        vat: -7,
      },
      {
        store: m.store_id,
        channel,
        kind: "PAYMENT",
        payment: "order-0999",
        payout: past,
        gross: 20_000,
        fee: 500,
        vat: 50,
      },
      {
        store: other.id,
        channel: await tossChannel(other.id),
        kind: "PAYMENT",
        payment: "order-2001",
        payout: next,
        gross: 5_000,
        fee: 125,
        vat: 12,
      },
    ],
    m.merchant_id,
  );
  return { m, next, past };
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`${viewport.name}: next payouts, the day table, a payout's rows, the CSV and all stores, in English and Korean`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const { m, next, past } = await world();
    await signIn(page, m.dashboard.email, m.dashboard.password);
    await openFromMenu(page, "Settlements");

    // 11,000 − 275 − 27 and the refund's −3,000 + 75 + 7: one payout of 7,780 from two rows.
    const upcoming = page.getByTestId("next-payouts");
    await expect(upcoming).toContainText(next);
    await expect(upcoming).toContainText("7,780");
    await expect(upcoming).toContainText("Count 2");
    const days = page.getByTestId("day-table");
    await expect(days.getByRole("row", { name: new RegExp(past) })).toContainText("19,450");
    await expect(days.getByRole("row", { name: new RegExp(next) })).toContainText("8,000");
    await checkPage(page, `settlements (${viewport.name})`);
    await shot(page, `${viewport.name}-en-overview`);

    // Drill-down: the payout's payment and refund.
    await days.getByRole("link", { name: next }).click();
    const rows = page.getByTestId("payout-rows");
    await expect(rows.getByRole("row", { name: /^Payment order/ })).toContainText("10,698");
    await expect(rows.getByRole("row", { name: /^Refund order/ })).toContainText("2,918");
    await expect(rows).not.toContainText("order-2001");
    await checkPage(page, `settlements payout (${viewport.name})`);
    await shot(page, `${viewport.name}-en-payout`);

    // The CSV: Korean headers behind a BOM, one line per row.
    const href = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    const text = await csv.text();
    expect(text.startsWith("\uFEFF지급일,매출일,구분,상태")).toBe(true);
    expect(text.trim().split("\r\n")).toHaveLength(4);
    expect(text).toContain(",환불,예정,");

    // A hosting company sees all its stores summed, and each store's sums.
    // The filter's store choice (the sidebar's store switcher has the same label).
    await page.locator('select[name="all"]').selectOption("1");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByTestId("next-payouts")).toContainText("12,643");
    await expect(page.getByTestId("store-sums")).toContainText("Second shop");
    await checkPage(page, `settlements all stores (${viewport.name})`);
    await shot(page, `${viewport.name}-en-all-stores`);

    await chooseLanguage(page, "Language", "ko");
    await expect(page.getByRole("heading", { level: 1, name: "정산" })).toBeVisible();
    await expect(page.getByText("지급 예정")).toBeVisible();
    await expect(page.getByTestId("store-sums")).toContainText("상점");
    await checkPage(page, `settlements ko (${viewport.name})`);
    await shot(page, `${viewport.name}-ko-all-stores`);
    await chooseLanguage(page, "언어", "en");
  });
}

test("an owner enters a channel's contract terms", async ({ page }) => {
  const m = await freshMerchant();
  await signIn(page, m.dashboard.email, m.dashboard.password);
  await page.goto("/dashboard/settlements");
  const form = page.locator("form[data-testid^='terms-channel-key']").filter({ hasText: "Toss Payments" }).first();
  await expect(form).toContainText("Default terms");
  await form.getByLabel("Payout after (business days)").fill("2");
  await form.getByLabel("Card Rate (bp)").fill("250");
  await expect(async () => {
    await form.getByRole("button", { name: "Save terms" }).click();
    await expect(form.getByRole("status")).toContainText("Terms saved", { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await page.reload();
  const saved = page.locator("form[data-testid^='terms-channel-key']").filter({ hasText: "Toss Payments" }).first();
  await expect(saved).not.toContainText("Default terms");
  await expect(saved.getByLabel("Card Rate (bp)")).toHaveValue("250");
});

for (const viewport of WIDTHS) {
  test(`${viewport.name}: an owner reads the PG reports now and sees what was read and confirmed, in English and Korean`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const m = await freshMerchant();
    const channel = m.channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!;
    const paid = await request.post(`/v2/payments/read-${Date.now().toString(36)}/instant/pay`, {
      headers: { authorization: `PortOne ${m.api_key}` },
      data: cardPayBody(m, "4242424242424242", { channel_key: channel.key, total_amount: 12_000 }),
    });
    expect(paid.status()).toBe(200);
    await deriveExpectedSettlements({ storeId: m.store_id });
    await signIn(page, m.dashboard.email, m.dashboard.password);
    await page.goto("/dashboard/settlements");
    await expect(page.getByTestId("next-payouts")).toContainText("Expected");

    // The sandbox's report confirms the payment: one row read and confirmed.
    await page.getByRole("button", { name: "Read PG reports now" }).click();
    const result = page.getByTestId("read-reports-result");
    await expect(result).toContainText(/PG reports read: \d+\. Rows read: 1, newly confirmed: 1\./);
    await expect(page.getByTestId("next-payouts")).toContainText("Confirmed");
    // The page's refresh is part of the read: the button is back once it is done.
    await expect(page.getByRole("button", { name: "Read PG reports now" })).toBeEnabled();
    await checkPage(page, `settlements read (${viewport.name})`);
    await shot(page, `${viewport.name}-en-read`);

    // Read again in Korean: the same row, nothing new to confirm.
    await chooseLanguage(page, "Language", "ko");
    await page.getByRole("button", { name: "PG 정산 내역 지금 읽기" }).click();
    await expect(page.getByTestId("read-reports-result")).toContainText(/읽은 건수 1건, 새로 확정 0건/);
    await expect(page.getByRole("button", { name: "PG 정산 내역 지금 읽기" })).toBeEnabled();
    await checkPage(page, `settlements read ko (${viewport.name})`);
    await shot(page, `${viewport.name}-ko-read`);
    await chooseLanguage(page, "언어", "en");
  });
}
