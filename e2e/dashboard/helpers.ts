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
