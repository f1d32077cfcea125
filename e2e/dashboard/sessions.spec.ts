import { expect, test, type Browser } from "@playwright/test";
import { freshMerchant, signIn } from "./helpers";

/** Two browsers signed in as the same person (a laptop and a phone, or a stolen cookie). */
async function twoBrowsers(browser: Browser, email: string, password: string) {
  const here = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const there = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(here, email, password);
  await signIn(there, email, password);
  return { here, there };
}

test("a password change signs the other browser out; this one goes on", async ({ browser }) => {
  const m = await freshMerchant();
  const { here, there } = await twoBrowsers(browser, m.dashboard.email, m.dashboard.password);
  await here.goto("/dashboard/team");
  await here.getByLabel("Current password").fill(m.dashboard.password);
  await here.getByLabel(/New password/).fill("a brand new password");
  await here.getByRole("button", { name: "Change password" }).click();
  await expect(here.getByText("Your other sessions are signed out.").first()).toBeVisible();

  await there.goto("/dashboard/payments");
  await expect(there).toHaveURL(/\/login/);
  await here.goto("/dashboard/payments");
  await expect(here).toHaveURL(/\/dashboard\/payments/);
  await here.context().close();
  await there.context().close();
});

test("signing out ends the session for a copy of its cookie", async ({ browser }) => {
  const m = await freshMerchant();
  const page = await browser.newPage();
  await signIn(page, m.dashboard.email, m.dashboard.password);
  const copy = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await copy.addCookies(await page.context().cookies());
  const thief = await copy.newPage();
  await thief.goto("/dashboard/payments");
  await expect(thief).toHaveURL(/\/dashboard\/payments/);

  // Clicked until it takes: a click before the page hydrated does nothing (slow machines).
  await expect(async () => {
    await page.getByRole("button", { name: "Sign out" }).click({ timeout: 5_000 });
    await expect(page).toHaveURL(/\/login/, { timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  // The copy, opened afresh (a new tab of the copied cookies), is sent to sign in.
  const later = await copy.newPage();
  await later.goto("/dashboard/payments");
  await expect(later).toHaveURL(/\/login/);
  await page.context().close();
  await copy.close();
});
