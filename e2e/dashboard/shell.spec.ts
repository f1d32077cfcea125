import { expect, test } from "@playwright/test";
import { freshMerchant, signIn } from "./helpers";

test("sign-in refuses a wrong password and shows the error", async ({ page }) => {
  const m = await freshMerchant();
  await page.goto("/login");
  await page.getByLabel("Email").fill(m.dashboard.email);
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Wrong email or password.")).toBeVisible();
});

test("the dashboard needs a session", async ({ page }) => {
  await page.goto("/dashboard/developers");
  await expect(page).toHaveURL(/\/login/);
});

test("sign in, see the store's channels, navigate every area, switch language, sign out", async ({ page }) => {
  const m = await freshMerchant();
  await signIn(page, m.dashboard.email, m.dashboard.password);
  await expect(page.getByTestId("channels-table")).toContainText("Toss Payments");
  for (const name of [
    "Payments",
    "Billing keys",
    "Schedules",
    "Cash receipts",
    "Identity verification",
    "Stores",
    "Webhooks",
    "Developers",
  ]) {
    await page.getByRole("navigation", { name: "main" }).getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  await page.getByLabel("Language").selectOption("ko");
  await expect(page.getByRole("link", { name: "결제", exact: true })).toBeVisible();
  await page.getByLabel("언어").selectOption("en");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
});

test("create an API key, log in with it over the API, then revoke it", async ({ page, request }) => {
  const m = await freshMerchant();
  await signIn(page, m.dashboard.email, m.dashboard.password);
  await page.getByRole("link", { name: "Developers" }).click();
  await page.getByRole("button", { name: "Create API key" }).click();
  await expect(page.getByText("Required")).toBeVisible();
  await page.getByLabel("Name").fill("e2e key");
  await page.getByRole("button", { name: "Create API key" }).click();
  const apiKey = (await page.getByTestId("new-api-key").textContent())!.trim();
  expect(apiKey).toMatch(/^sk_/);
  await expect(page.getByTestId("api-keys-table")).toContainText("e2e key");

  const login = await request.post("/login/api-key", { data: { apiKey } });
  expect(login.status()).toBe(200);
  const { accessToken } = await login.json();
  expect((await request.get("/v2/channels", { headers: { authorization: `Bearer ${accessToken}` } })).status()).toBe(
    200,
  );

  const row = page.getByRole("row", { name: /e2e key/ });
  await row.getByRole("button", { name: "Revoke" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Revoke the API key “e2e key”?");
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(row).toContainText("Revoked");
  expect((await request.post("/login/api-key", { data: { apiKey } })).status()).toBe(401);
});
