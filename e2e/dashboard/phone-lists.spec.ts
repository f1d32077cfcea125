import { expect, type Locator, type Page, test } from "@playwright/test";
import { cardCredential, cardPayBody } from "@/lib/testing/payments";
import { freshMerchant, LANGUAGES, signInAs, WIDTHS } from "./helpers";
import { checkKoreanPage } from "./quality";

/** How a list row is laid out: its cells' display, each cell's label, and whether the list scrolls sideways. */
async function layoutOf(row: Locator) {
  return row.evaluate((tr) => {
    const cells = [...tr.querySelectorAll("td")];
    const box = tr.closest("section") as HTMLElement;
    return {
      display: getComputedStyle(cells[0]!).display,
      labels: cells.map((td) => getComputedStyle(td, "::before").content).filter((c) => c !== "none" && c !== '""'),
      scrollsSideways: box.scrollWidth > box.clientWidth + 1,
    };
  });
}

async function expectLayout(page: Page, row: Locator, phone: boolean, label: string) {
  await expect(row).toBeVisible();
  const layout = await layoutOf(row);
  if (phone) {
    expect(layout.display, `${label}: stacked cells`).toBe("grid");
    expect(layout.labels.length, `${label}: each value named`).toBeGreaterThan(2);
    expect(layout.scrollsSideways, `${label}: no sideways scroll`).toBe(false);
  } else expect(layout.display, `${label}: a table`).toBe("table-cell");
  await checkKoreanPage(page, label);
}

/** Lists are stacked rows below 640 px (a table above), Korean never broken mid-word. */
for (const size of WIDTHS)
  for (const lang of LANGUAGES)
    test.describe(`lists, ${size.name}, ${lang.locale}`, () => {
      test.use({ viewport: { width: size.width, height: size.height }, locale: lang.browser });
      const phone = size.width < 640;

      test("payments, billing keys, schedules, cash receipts and the team", async ({ page, request }) => {
        const m = await freshMerchant();
        const headers = { authorization: `PortOne ${m.api_key}` };
        const channel_key = m.channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!.key;
        const stamp = Date.now().toString(36);
        const paid = `phone-${stamp}`;
        const order = "원목 책상과 의자 세트 배송";
        expect(
          (
            await request.post(`/v2/payments/${paid}/instant/pay`, {
              headers,
              data: cardPayBody(m, undefined, { order_name: order }),
            })
          ).status(),
        ).toBe(200);
        const key = await request.post("/v2/billing-keys", {
          headers,
          data: {
            channel_key,
            payment_method_option: { card: { card_credential: cardCredential("4242424242424242") } },
          },
        });
        expect(key.status()).toBe(200);
        const billingKey = (await key.json()).billing_key as string;
        const scheduled = await request.post("/v2/schedules", {
          headers,
          data: {
            billing_key: billingKey,
            payment_id: `sched-${stamp}`,
            order_name: "정기 구독",
            total_amount: 9900,
            currency: "KRW",
            scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
          },
        });
        expect(scheduled.status()).toBe(200);
        const receipt = await request.post(`/v2/payments/offline-${stamp}/cash-receipt`, {
          headers,
          data: {
            channel_key,
            customer_identifier: "01012345678",
            type: "PERSONAL",
            order_name: "현장 판매",
            currency: "KRW",
            amount: 5000,
          },
        });
        expect(receipt.status()).toBe(200);

        await signInAs(page, m, lang.locale);
        await page.goto("/dashboard/payments");
        const row = page.getByTestId(`payment-${paid}`);
        await expectLayout(page, row, phone, `payments ${lang.locale} ${size.width}`);
        // Korean breaks between words, never inside one.
        const orderCell = row.locator("td", { hasText: order });
        expect(await orderCell.evaluate((td) => getComputedStyle(td).wordBreak)).toBe(
          lang.locale === "ko" ? "keep-all" : "normal",
        );

        await page.goto("/dashboard/billing-keys");
        await expectLayout(
          page,
          page.getByTestId(`billing-key-${billingKey}`),
          phone,
          `billing keys ${lang.locale} ${size.width}`,
        );
        await page.goto("/dashboard/schedules");
        await expectLayout(
          page,
          page.getByTestId(`schedule-sched-${stamp}`),
          phone,
          `schedules ${lang.locale} ${size.width}`,
        );
        await page.goto("/dashboard/cash-receipts");
        await expectLayout(
          page,
          page.getByTestId(`receipt-offline-${stamp}`),
          phone,
          `receipts ${lang.locale} ${size.width}`,
        );

        // The team was already cards on a phone.
        await page.goto("/dashboard/team");
        await expect(page.getByTestId("team-member-cards")).toBeVisible({ visible: phone });
        await checkKoreanPage(page, `team ${lang.locale} ${size.width}`, [m.dashboard.email]);
      });
    });
