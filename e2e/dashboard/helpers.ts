import { expect, type Page } from "@playwright/test";
import { createMerchant } from "@/lib/tenancy/create-merchant";

/** A fresh merchant in the server's database, so each test has its own tenant. */
export async function freshMerchant(options: { hosting?: boolean } = {}) {
  return createMerchant({ name: `E2E ${Date.now().toString(36)}`, hosting: options.hosting });
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A toast (sonner) with this text: every dashboard action ends with one. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/** Clicks until the two-factor set-up opens: a click before the page hydrated does nothing (slow machines). */
export async function startTwoFactorSetup(page: Page, buttonName: string) {
  const secret = page.getByTestId("totp-secret");
  await expect(async () => {
    if (!(await secret.isVisible())) await page.getByRole("button", { name: buttonName }).click({ timeout: 5_000 });
    await expect(secret).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
}

/** Opens a page through the menu, as a merchant would: below 1024 px it lives in a drawer behind the menu button. */
export async function openFromMenu(page: Page, name: string) {
  const menuButton = page.getByTestId("open-menu");
  if (await menuButton.isVisible()) {
    await menuButton.click();
    await page.getByRole("dialog").getByRole("link", { name }).click();
  } else {
    await page.getByRole("navigation", { name: "main" }).getByRole("link", { name }).click();
  }
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

/** The language menu sits in the sidebar, or in the drawer below 1024 px. */
export async function chooseLanguage(page: Page, label: string, locale: string) {
  const menuButton = page.getByTestId("open-menu");
  if (await menuButton.isVisible()) {
    await menuButton.click();
    await page.getByRole("dialog").getByLabel(label).selectOption(locale);
    await page.keyboard.press("Escape"); // the open drawer hides the page from assistive tech
  } else {
    await page.getByLabel(label).selectOption(locale);
  }
}

/** Signs in on the login page as the browser's language shows it (English or Korean). */
export async function signInAs(page: Page, m: { dashboard: { email: string; password: string } }, locale: "en" | "ko") {
  const ko = locale === "ko";
  await page.goto("/login");
  await page.getByLabel(ko ? "이메일" : "Email").fill(m.dashboard.email);
  await page.getByLabel(ko ? "비밀번호" : "Password").fill(m.dashboard.password);
  await page.getByRole("button", { name: ko ? "로그인" : "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The widths and languages every page is checked at. */
export const WIDTHS = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;
export const LANGUAGES = [
  { locale: "en", browser: "en-US" },
  { locale: "ko", browser: "ko-KR" },
] as const;
