import { expect, test, type Page } from "@playwright/test";
import { createPayment } from "@/lib/testing/payment-fixtures";
import { freshMerchant } from "./helpers";
import { checkPage } from "./quality";

/**
 * The customer view: reached from a payment's customer id and from the ⌘K palette (by name, phone or
 * e-mail), in both languages and widths; phones written with dashes.
 */
const TEXT = {
  en: { email: "Email", password: "Password", signIn: "Sign in", title: "Customer", payments: "Payments" },
  ko: { email: "이메일", password: "비밀번호", signIn: "로그인", title: "고객", payments: "결제" },
} as const;

async function signIn(page: Page, lang: keyof typeof TEXT, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel(TEXT[lang].email).fill(email);
  await page.getByLabel(TEXT[lang].password).fill(password);
  await page.getByRole("button", { name: TEXT[lang].signIn }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

for (const lang of ["en", "ko"] as const) {
  for (const width of [1440, 390]) {
    test.describe(`${width} px, ${lang}`, () => {
      test.use({ viewport: { width, height: 900 }, locale: lang === "ko" ? "ko-KR" : "en-US" });

      test(`${lang} ${width}: a payment's customer id opens the customer's records`, async ({ page }) => {
        const m = await freshMerchant();
        const customerId = `cust-${lang}-${width}-${Date.now().toString(36)}`;
        const customer = { id: customerId, name: "김나리", phone_number: "01012345678" };
        const pay = { merchantId: m.merchant_id, storeId: m.store_id, customer };
        const paid = await createPayment({ ...pay, orderName: "텀블러 2개", amount: 24_000 });
        await createPayment({ ...pay, orderName: "머그컵", amount: 9_000, outcome: "FAILED" });
        await signIn(page, lang, m.dashboard.email, m.dashboard.password);

        await page.goto(`/dashboard/payments/${encodeURIComponent(paid.payment_id)}`);
        // The payment's customer panel writes a Korean phone with dashes too.
        await expect(page.getByTestId("customer-phone")).toHaveText("010-1234-5678");
        await page.screenshot({ path: `test-results/payment-customer-${lang}-${width}.png`, fullPage: true });
        await page.getByTestId("customer-link").click();
        await expect(page.getByRole("heading", { level: 1, name: `${TEXT[lang].title} ${customerId}` })).toBeVisible();
        await expect(page.getByTestId("customer-contact")).toContainText("김나리");
        await expect(page.getByTestId("customer-payments").getByRole("listitem")).toHaveCount(2);
        await expect(page.getByTestId("customer-payments")).toContainText("텀블러 2개");
        // A failed payment paid nothing: ₩0, as in the payments list; the phone is written with dashes.
        const failed = page.getByTestId("customer-payments").getByRole("listitem").filter({ hasText: "머그컵" });
        await expect(failed).toContainText("₩0");
        await expect(failed).not.toContainText("₩9,000");
        await expect(page.getByTestId("customer-contact")).toContainText("010-1234-5678");
        await checkPage(page, `customer (${lang}, ${width})`);
        await page.screenshot({ path: `test-results/customer-${lang}-${width}.png`, fullPage: true });
      });

      test(`${lang} ${width}: the palette finds a customer by given name, phone or e-mail`, async ({ page }) => {
        const m = await freshMerchant();
        const customerId = `cust-${lang}-${width}-${Date.now().toString(36)}`;
        const email = `nari-${lang}-${width}@example.com`;
        const customer = { id: customerId, name: "김나리", email, phone_number: "01012345678" };
        await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, customer });
        await signIn(page, lang, m.dashboard.email, m.dashboard.password);

        const palette = page.getByRole("dialog");
        for (const q of ["나리", "010-1234-5678", `nari-${lang}-${width}@`]) {
          await page.getByTestId("open-palette").click();
          await palette.getByRole("combobox").fill(q);
          const found = palette.getByRole("option").filter({ has: page.getByTestId("palette-customer") });
          await expect(found).toHaveCount(1);
          await expect(found).toContainText("김나리");
          await expect(found).toContainText(`${customerId} · 010-1234-5678 · ${email}`);
          if (q !== "나리") {
            await page.keyboard.press("Escape");
            continue;
          }
          await page.screenshot({ path: `test-results/palette-customer-${lang}-${width}.png` });
          await found.click();
          await expect(
            page.getByRole("heading", { level: 1, name: `${TEXT[lang].title} ${customerId}` }),
          ).toBeVisible();
          await page.goto("/dashboard");
        }
      });
    });
  }
}

test("another merchant's customer is not found; search finds the store's customers", async ({ page }) => {
  const m = await freshMerchant();
  const other = await freshMerchant();
  const mine = `cust-mine-${Date.now().toString(36)}`;
  const foreign = `cust-foreign-${Date.now().toString(36)}`;
  await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, customer: { id: mine } });
  await createPayment({ merchantId: other.merchant_id, storeId: other.store_id, customer: { id: foreign } });
  await signIn(page, "en", m.dashboard.email, m.dashboard.password);

  // The dashboard streams (loading.tsx), so the 404 is the page shown rather than the status line.
  await page.goto(`/dashboard/customers/${foreign}`);
  await expect(page.getByRole("heading", { name: "This page could not be found." })).toBeVisible();
  await expect(page.getByText(foreign)).toHaveCount(0);

  await page.goto("/dashboard");
  await page.getByTestId("open-palette").click();
  const palette = page.getByRole("dialog");
  await palette.getByRole("combobox").fill(mine.slice(0, 12));
  await palette.getByRole("option", { name: mine }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Customer ${mine}` })).toBeVisible();
});
