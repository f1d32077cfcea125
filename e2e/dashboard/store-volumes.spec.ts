import { expect, test, type Page } from "@playwright/test";
import { transaction } from "@/lib/db/transaction";
import { createPayment } from "@/lib/testing/payment-fixtures";
import { insertStore } from "@/lib/tenancy/insert-store";
import { freshMerchant } from "./helpers";
import { checkPage } from "./quality";

/** The hosting company's all-stores view, sorted from the URL, in both languages and widths. */
const TEXT = {
  en: { email: "Email", password: "Password", signIn: "Sign in", title: "All stores", count: "Sort by Payments" },
  ko: { email: "이메일", password: "비밀번호", signIn: "로그인", title: "전체 상점", count: "결제 건수 기준 정렬" },
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

      test(`${lang} ${width}: every store's volume and count, sortable`, async ({ page }) => {
        const m = await freshMerchant({ hosting: true });
        const second = await transaction((tx) =>
          insertStore(tx, { merchantId: m.merchant_id, name: "강남점", isDefault: false }),
        );
        await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, amount: 1_000 });
        await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, amount: 1_000 });
        await createPayment({ merchantId: m.merchant_id, storeId: second.id, amount: 50_000 });
        await signIn(page, lang, m.dashboard.email, m.dashboard.password);

        await page.goto("/dashboard/stores/volumes?mode=TEST");
        await expect(page.getByRole("heading", { level: 1, name: TEXT[lang].title })).toBeVisible();
        const rows = page.getByTestId("store-volume-row");
        await expect(rows).toHaveCount(2);
        await expect(rows.first()).toContainText("강남점");
        await checkPage(page, `store volumes (${lang}, ${width})`);
        await page.screenshot({ path: `test-results/store-volumes-${lang}-${width}.png`, fullPage: true });

        await page.getByRole("link", { name: TEXT[lang].count }).click();
        await expect(page).toHaveURL(/sort=count/);
        await expect(rows.first()).not.toContainText("강남점");
      });
    });
  }
}
