import { expect, test, type Page } from "@playwright/test";
import { freshMerchant, signIn } from "./helpers";

/** `YYYY-MM-DDTHH:mm:ss` in local time, as the datetime-local input takes it. */
function localDateTime(ms: number): string {
  return new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
}

async function openArea(page: Page, name: string) {
  const link = page.getByRole("navigation", { name: "main" }).getByRole("link", { name });
  await link.click();
  // The page that was there keeps its heading until the new one arrives: wait for the menu to mark this area.
  await expect(link).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

async function book(page: Page, paymentId: string, at?: number) {
  await expect(page.getByLabel("Billing key", { exact: true })).toHaveValue(/^billing-key-/);
  await page.getByLabel("Payment id").fill(paymentId);
  if (at !== undefined) await page.getByLabel("Scheduled at").fill(localDateTime(at));
  await page.getByRole("button", { name: "Book schedule" }).click();
  await expect(page.locator("main").getByText(/Schedule schedule-\S+ booked\./)).toBeVisible();
  await expect(page.getByTestId(`schedule-${paymentId}`)).toBeVisible();
}

test("issue a billing key with a test card, book a schedule 2 s ahead and see its payment; cancel a booking; delete the key", async ({
  page,
}) => {
  const m = await freshMerchant();
  await signIn(page, m.dashboard.email, m.dashboard.password);

  await openArea(page, "Billing keys");
  await expect(page.getByLabel("Channel", { exact: true })).toHaveValue(/^channel-key-/);
  await page.getByLabel("Test card").selectOption({ label: "4242 4242 4242 4242 — VISA, approved" });
  await page.getByLabel("Customer id (optional)").fill("e2e-customer");
  await page.getByRole("button", { name: "Issue billing key" }).click();
  await expect(page.locator("main").getByText(/Billing key billing-key-\S+ issued\./)).toBeVisible();
  const keys = page.getByTestId("billing-keys-table");
  await expect(keys).toContainText("VISA •••• 4242");
  await expect(keys).toContainText("e2e-customer");
  await expect(keys.locator("[data-status]")).toHaveAttribute("data-status", "ISSUED");

  // A schedule two seconds ahead runs on the in-app worker and completes with its payment.
  await openArea(page, "Schedules");
  const soon = `e2e-soon-${Date.now()}`;
  await book(page, soon, Date.now() + 3_500);
  const row = page.getByTestId(`schedule-${soon}`);
  await expect(row.locator("[data-status]")).toHaveAttribute("data-status", "COMPLETED", { timeout: 20_000 });
  await expect(row.getByRole("link", { name: "View payment" })).toHaveAttribute("href", `/dashboard/payments/${soon}`);
  await row.getByRole("link", { name: /billing-key-/ }).click();
  const payments = page.getByTestId("key-payments-table");
  await expect(payments).toContainText(soon);
  await expect(payments.locator("[data-status]")).toHaveAttribute("data-status", "PAID");
  await expect(page.getByTestId("key-schedules-table")).toContainText("Completed");
  await payments.getByRole("link", { name: soon }).click();
  await expect(page.getByRole("heading", { level: 1, name: soon })).toBeVisible();

  // Cancel a booked schedule.
  await openArea(page, "Schedules");
  const later = `e2e-later-${Date.now()}`;
  await book(page, later);
  await page.getByLabel(`Select ${later}`).check();
  page.once("dialog", (d) => d.accept());
  await page.getByRole("button", { name: "Cancel selected" }).click();
  await expect(page.locator("main").getByText("1 schedule cancelled.")).toBeVisible();
  await expect(page.getByTestId(`schedule-${later}`).locator("[data-status]")).toHaveAttribute(
    "data-status",
    "CANCELLED",
  );

  // Deleting the key names the schedule still booked on it and cancels it first.
  const booked = `e2e-booked-${Date.now()}`;
  await book(page, booked);
  await openArea(page, "Billing keys");
  await keys.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("booked-schedules")).toContainText(booked);
  await dialog.getByRole("button", { name: "Cancel schedules and delete" }).click();
  await expect(page.locator("main").getByText("Billing key deleted.")).toBeVisible();
  await expect(keys.locator("[data-status]")).toHaveAttribute("data-status", "DELETED");
  await openArea(page, "Schedules");
  await expect(page.getByTestId(`schedule-${booked}`).locator("[data-status]")).toHaveAttribute(
    "data-status",
    "CANCELLED",
  );
});

test("a declined issuance shows the provider's error and lists the key as failed", async ({ page }) => {
  const m = await freshMerchant();
  await signIn(page, m.dashboard.email, m.dashboard.password);
  await openArea(page, "Billing keys");
  await expect(page.getByLabel("Channel", { exact: true })).toHaveValue(/^channel-key-/);
  await page.getByLabel("Test card").selectOption({ label: "4000 0000 0000 0002 — issuance declined" });
  await page.getByRole("button", { name: "Issue billing key" }).click();
  await expect(
    page
      .locator("main")
      .getByRole("alert")
      .filter({ hasText: /declined/i }),
  ).toBeVisible();
  await expect(page.getByTestId("billing-keys-table").locator("[data-status]")).toHaveAttribute(
    "data-status",
    "FAILED",
  );
});
