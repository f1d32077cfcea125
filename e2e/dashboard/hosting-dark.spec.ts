import { expect, test, type Page } from "@playwright/test";
import { getDb } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import { createPayment } from "@/lib/testing/payment-fixtures";
import { insertStore } from "@/lib/tenancy/insert-store";
import { freshMerchant } from "./helpers";
import { checkKoreanPage } from "./quality";

/**
 * The hosting company's and the customer pages in dark mode (the system's colour scheme; the theme
 * stays "System"): all-stores view, a store's figures, the customer list and search, one customer.
 * Both languages, desktop and phone widths, axe clean.
 */
const TEXT = {
  en: {
    email: "Email",
    password: "Password",
    signIn: "Sign in",
    volumes: "All stores",
    figures: "강남점: figures",
    customers: "Customers",
    search: "Search customers",
    customer: "Customer",
  },
  ko: {
    email: "이메일",
    password: "비밀번호",
    signIn: "로그인",
    volumes: "전체 상점",
    figures: "강남점 실적",
    customers: "고객",
    search: "고객 검색",
    customer: "고객",
  },
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
    test.describe(`${width} px, ${lang}, dark`, () => {
      test.use({ viewport: { width, height: 900 }, locale: lang === "ko" ? "ko-KR" : "en-US", colorScheme: "dark" });

      test(`${lang} ${width} dark: all stores, a store's figures, customers`, async ({ page }) => {
        const m = await freshMerchant({ hosting: true });
        const second = await transaction((tx) =>
          insertStore(tx, { merchantId: m.merchant_id, name: "강남점", isDefault: false }),
        );
        const home = await getDb()
          .selectFrom("stores")
          .select("name")
          .where("id", "=", m.store_id)
          .executeTakeFirstOrThrow();
        const customerId = `cust-dark-${lang}-${width}-${Date.now().toString(36)}`;
        const customer = { id: customerId, name: "한지민", phone_number: "010-4321-8765", email: "jimin@example.com" };
        const at = { merchantId: m.merchant_id, storeId: m.store_id, customer };
        await createPayment({ ...at, orderName: "텀블러", amount: 24_000 });
        await createPayment({ ...at, orderName: "머그컵", amount: 9_000, outcome: "FAILED" });
        await createPayment({ merchantId: m.merchant_id, storeId: second.id, amount: 50_000 });
        const data = [home.name, "jimin@example.com"];
        await signIn(page, lang, m.dashboard.email, m.dashboard.password);
        await expect(page.locator("html")).toHaveClass(/dark/);

        await page.goto("/dashboard/stores/volumes?mode=TEST");
        await expect(page.getByRole("heading", { level: 1, name: TEXT[lang].volumes })).toBeVisible();
        await expect(page.getByTestId("store-volume-row")).toHaveCount(2);
        await checkKoreanPage(page, `all stores dark (${lang}, ${width})`, data);

        await page
          .getByTestId("store-volume-row")
          .filter({ hasText: "강남점" })
          .getByRole("link", { name: "강남점", exact: true })
          .click();
        await expect(page.getByRole("heading", { level: 1, name: TEXT[lang].figures })).toBeVisible();
        await expect(page.getByTestId("store-kpi-volume-value")).toHaveText("₩50,000");
        await expect(page.getByTestId("store-kpi-count-value")).toHaveText("1");
        await checkKoreanPage(page, `store figures dark (${lang}, ${width})`, data);
        await page.screenshot({ path: `test-results/store-figures-dark-${lang}-${width}.png`, fullPage: true });

        // Still on the default store: the views' links to another store's dashboard used to be
        // prefetched, and the prefetch of /dashboard/open switched the store. Search by the phone's
        // digits without dashes: the customer stored with dashes is found.
        await page.goto("/dashboard/customers");
        await expect(page.getByRole("heading", { level: 1, name: TEXT[lang].customers })).toBeVisible();
        await page.getByRole("searchbox", { name: TEXT[lang].search }).fill("01043218765");
        await page.getByRole("searchbox", { name: TEXT[lang].search }).press("Enter");
        await expect(page).toHaveURL(/q=01043218765/);
        const found = page.getByTestId("customer-list").getByRole("listitem");
        await expect(found).toHaveCount(1);
        await expect(found).toContainText("한지민");
        await checkKoreanPage(page, `customers dark (${lang}, ${width})`, data);

        await found.getByRole("link", { name: "한지민" }).click();
        await expect(
          page.getByRole("heading", { level: 1, name: `${TEXT[lang].customer} ${customerId}` }),
        ).toBeVisible();
        await expect(page.getByTestId("customer-payments").getByRole("listitem")).toHaveCount(2);
        await checkKoreanPage(page, `customer dark (${lang}, ${width})`, data);
        await page.screenshot({ path: `test-results/customer-dark-${lang}-${width}.png`, fullPage: true });
      });
    });
  }
}

test("the all-stores CSV: Excel's byte-order mark, Korean headers, the view's rows", async ({ page }) => {
  const m = await freshMerchant({ hosting: true });
  await transaction((tx) => insertStore(tx, { merchantId: m.merchant_id, name: "강남점", isDefault: false }));
  await signIn(page, "en", m.dashboard.email, m.dashboard.password);
  await page.goto("/dashboard/stores/volumes?mode=TEST&period=7d");
  const link = page.getByRole("link", { name: "Download CSV" });
  await expect(link).toHaveAttribute("href", /\/dashboard\/stores\/volumes\/export\?period=7d&mode=TEST/);
  const res = await page.request.get((await link.getAttribute("href"))!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("text/csv");
  const body = await res.body();
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = body.subarray(3).toString("utf8").split("\r\n").filter(Boolean);
  expect(lines[0]).toMatch(/^기간,데이터,상점 ID,상점명,결제 금액\(원\)/);
  expect(lines).toHaveLength(3);
  expect(lines.slice(1).join("\n")).toContain("최근 7일,테스트");
  expect(lines.slice(1).join("\n")).toContain("강남점");
});
