import { expect, test } from "@playwright/test";
import { freshMerchant, signIn } from "./helpers";

test("send an SMS verification, read the code in the sandbox inbox, confirm it: VERIFIED", async ({ page }) => {
  const m = await freshMerchant();
  await signIn(page, m.dashboard.email, m.dashboard.password);
  await page.getByRole("navigation", { name: "main" }).getByRole("link", { name: "Identity verification" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Identity verification" })).toBeVisible();

  // Validation first: nothing typed.
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.locator("[data-field-error='iv-name']")).toBeVisible();

  const id = await page.getByLabel("Verification id").inputValue();
  await page.getByLabel("Name", { exact: true }).fill("Hong Gildong");
  await page.getByLabel("Phone number").fill("01012345678");
  await page.getByLabel("Resident number (first 7 digits)").fill("9001011");
  await page.getByRole("button", { name: "Send", exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/verifications/${id}$`));
  await expect(page.getByTestId("verification-detail").getByTestId("status")).toHaveText("Waiting for code");

  await page.getByRole("link", { name: "Sandbox inbox" }).click();
  const message = page.getByTestId(`inbox-${id}`).getByTestId("inbox-text");
  await expect(message).toContainText("verification code");
  const otp = (await message.textContent())!.match(/\b(\d{6})\b/)![1]!;

  await page.getByTestId(`inbox-${id}`).getByRole("link", { name: id }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/verifications/${id}$`));
  await page.getByLabel("Code").fill(otp === "000000" ? "999999" : "000000");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "wrong code" })).toBeVisible();
  await page.getByLabel("Code").fill(otp);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.locator("main").getByText("Verified.")).toBeVisible();
  await expect(page.getByTestId("verification-detail").getByTestId("status")).toHaveText("Verified");
  await expect(page.getByTestId("verification-detail")).toContainText("1990-01-01");
  // The phone typed as 01012345678 is written for reading, on the detail and in the list.
  await expect(page.getByTestId("verification-detail")).toContainText("010-1234-5678");
  await expect(page.getByTestId("verification-detail")).not.toContainText("01012345678");

  await page.getByRole("link", { name: "Back to verifications" }).click();
  await page.getByLabel("Status").selectOption("VERIFIED");
  await expect(page).toHaveURL(/status=VERIFIED/);
  await expect(page.getByTestId(`verification-${id}`)).toContainText("Verified");
  await expect(page.getByTestId(`verification-${id}`)).toContainText("010-1234-5678");
  await page.getByLabel("Status").selectOption("FAILED");
  await expect(page.getByTestId(`verification-${id}`)).toHaveCount(0);
});

test("an APP verification is confirmed without a code", async ({ page }) => {
  const m = await freshMerchant();
  await signIn(page, m.dashboard.email, m.dashboard.password);
  await page.goto("/dashboard/verifications");
  await page.getByLabel("Method").selectOption("APP");
  await page.getByLabel("Name", { exact: true }).fill("Kim App");
  await page.getByLabel("Phone number").fill("01022223333");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByTestId("verification-detail").getByTestId("status")).toHaveText("Waiting for code");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("verification-detail").getByTestId("status")).toHaveText("Verified");
});

test("issue a cash receipt, open its receipt page, cancel it", async ({ page, context }) => {
  const m = await freshMerchant();
  await signIn(page, m.dashboard.email, m.dashboard.password);
  await page.getByRole("navigation", { name: "main" }).getByRole("link", { name: "Cash receipts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cash receipts" })).toBeVisible();

  const paymentId = `offline-${Date.now().toString(36)}`;
  await page.getByLabel("Payment id").fill(paymentId);
  await page.getByLabel("Phone or business number").fill("010-5555-6666");
  await page.getByLabel("Order name").fill("Counter sale");
  await page.getByLabel("Amount", { exact: true }).fill("15000");
  await page.getByRole("button", { name: "Issue", exact: true }).click();
  await expect(page.locator("main").getByText(/Issued\. Approval number \d+/)).toBeVisible();
  const row = page.getByTestId(`receipt-${paymentId}`);
  await expect(row).toContainText("Issued");
  await expect(row).toContainText("Counter sale");
  // The form starts over for the next receipt (it used to keep every typed value).
  for (const label of ["Payment id", "Phone or business number", "Order name"])
    await expect(page.getByLabel(label)).toHaveValue("");
  await expect(page.getByLabel("Amount", { exact: true })).toHaveValue("");

  const [receiptPage] = await Promise.all([
    context.waitForEvent("page"),
    row.getByRole("link", { name: "Receipt" }).click(),
  ]);
  await receiptPage.waitForLoadState();
  await expect(receiptPage).toHaveURL(/\/receipts\/[A-Za-z0-9_-]{32}$/);
  await expect(receiptPage.getByTestId("receipt")).toContainText("Counter sale");
  await expect(receiptPage.getByTestId("receipt")).toContainText("*******6666");
  await expect(receiptPage.getByRole("button", { name: "Print" })).toBeVisible();
  const receiptUrl = receiptPage.url();

  page.once("dialog", (d) => d.accept());
  await row.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toContainText("Cancelled");
  await page.getByLabel("Status").selectOption("ISSUED");
  await expect(page.getByTestId(`receipt-${paymentId}`)).toHaveCount(0);

  // The receipt page needs no session, and shows the cancellation.
  const anonymous = await context.browser()!.newContext();
  const publicPage = await anonymous.newPage();
  await publicPage.goto(receiptUrl);
  await expect(publicPage.getByTestId("receipt")).toContainText("This cash receipt was cancelled.");
  await anonymous.close();
});
