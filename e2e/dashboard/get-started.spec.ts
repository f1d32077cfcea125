import { expect, test, type Page } from "@playwright/test";
import { addStoreEndpoint } from "@/lib/testing/webhook-endpoint";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { createPayment } from "@/lib/testing/payment-fixtures";
import { freshMerchant } from "./helpers";
import { checkPage } from "./quality";

/** The first-run checklist on the overview, in both languages at desktop and phone widths. */
const TEXT = {
  en: {
    email: "Email",
    password: "Password",
    signIn: "Sign in",
    title: "Get started",
    dismiss: "Dismiss",
    zero: "0 of 4 steps done",
    two: "2 of 4 steps done",
    webhook: "Set a webhook",
  },
  ko: {
    email: "이메일",
    password: "비밀번호",
    signIn: "로그인",
    title: "시작하기",
    dismiss: "닫기",
    zero: "4단계 중 0단계 완료",
    two: "4단계 중 2단계 완료",
    webhook: "웹훅 설정하기",
  },
} as const;

async function signIn(page: Page, lang: keyof typeof TEXT, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel(TEXT[lang].email).fill(email);
  await page.getByLabel(TEXT[lang].password).fill(password);
  await page.getByRole("button", { name: TEXT[lang].signIn }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const liveChannel = (m: { merchant_id: string; store_id: string }) =>
  getDb()
    .insertInto("channels")
    .values({
      id: newId("ch_"),
      merchant_id: m.merchant_id,
      store_id: m.store_id,
      key: newId("channel-key-"),
      name: "live",
      type: "LIVE",
      pg_provider: "TOSSPAYMENTS",
      pg_merchant_id: "live-mid",
      is_for_payment: 1,
      is_for_identity_verification: 0,
      created_at: Date.now(),
    })
    .execute();

for (const lang of ["en", "ko"] as const) {
  for (const width of [1440, 390]) {
    test.describe(`${width} px, ${lang}`, () => {
      test.use({ viewport: { width, height: 900 }, locale: lang === "ko" ? "ko-KR" : "en-US" });

      test(`${lang} ${width}: the checklist ticks steps from the data and can be dismissed`, async ({ page }) => {
        const m = await freshMerchant();
        await signIn(page, lang, m.dashboard.email, m.dashboard.password);
        const card = page.getByTestId("get-started");
        await expect(card.getByRole("heading", { name: TEXT[lang].title })).toBeVisible();
        await expect(card).toContainText(TEXT[lang].zero);

        await createPayment({ merchantId: m.merchant_id, storeId: m.store_id });
        await addStoreEndpoint(m, "https://example.com/hook");
        await page.reload();
        await expect(card).toContainText(TEXT[lang].two);
        await expect(page.getByTestId("get-started-testPayment")).toHaveAttribute("data-done", "true");
        await expect(page.getByTestId("get-started-webhook")).toHaveAttribute("data-done", "true");
        await expect(page.getByTestId("get-started-channel")).toHaveAttribute("data-done", "false");
        await expect(card.getByRole("link", { name: TEXT[lang].webhook })).toHaveCount(0);
        await checkPage(page, `overview with checklist (${lang}, ${width})`);
        await card.screenshot({ path: `test-results/get-started-${lang}-${width}.png` });

        await card.getByRole("button", { name: TEXT[lang].dismiss }).click();
        await expect(card).toHaveCount(0);
        await page.reload();
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(card).toHaveCount(0);
      });
    });
  }
}

test("the checklist is gone once every step is done", async ({ page }) => {
  const m = await freshMerchant();
  await createPayment({ merchantId: m.merchant_id, storeId: m.store_id });
  await addStoreEndpoint(m, "https://example.com/hook");
  await liveChannel(m);
  await signIn(page, "en", m.dashboard.email, m.dashboard.password);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("get-started")).toContainText("3 of 4 steps done");
  const email = `mate-${Date.now().toString(36)}@example.com`;
  await page.goto("/dashboard/team");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByTestId("pending-invitations")).toContainText(email);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("channels-table")).toBeVisible();
  await expect(page.getByTestId("get-started")).toHaveCount(0);
});
