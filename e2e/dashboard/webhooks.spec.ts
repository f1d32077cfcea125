import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { freshMerchant, signIn } from "./helpers";

let receiver: WebhookReceiver;
test.beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
test.afterEach(async () => {
  await receiver.close();
});

test("set the webhook URL, send a test event, make a payment, see its delivery, inspect and resend it", async ({
  page,
  request,
}) => {
  const m = await freshMerchant();
  await signIn(page, m.dashboard.email, m.dashboard.password);
  await page.getByRole("navigation", { name: "main" }).getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();

  await page.getByLabel("Webhook URL").fill("not a url");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Must be an http(s) URL")).toBeVisible();
  await page.getByLabel("Webhook URL").fill(receiver.url);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("main").getByText("Saved.")).toBeVisible();

  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByTestId("webhook-secret")).toHaveText(m.webhook_secret);

  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(page.locator("main").getByText("Test event: Delivered 200")).toBeVisible();
  expect(receiver.received).toHaveLength(1);
  expect(new Webhook(m.webhook_secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers)).toEqual({
    tx_id: null,
    payment_id: null,
    status: "Test",
  });

  // A key-in payment over the API: the server's worker delivers its Paid webhook from the job table.
  const pay = await request.post("/v2/payments/e2e-webhook-order/instant/pay", {
    headers: { authorization: `PortOne ${m.api_key}` },
    data: {
      channel_key: m.channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!.key,
      order_name: "E2E order",
      total_amount: 11000,
      currency: "KRW",
      payment_method_option: {
        card: {
          card_credential: {
            card_number: "4242424242424242",
            expiry_month: "12",
            expiry_year: "2099",
            birth_or_business_registration_number: "900101",
            password_two_digits: "12",
          },
        },
      },
    },
  });
  expect(pay.status()).toBe(200);
  const tx = { id: (await pay.json()).tx_id as string };
  await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
  const paid = receiver.received[1]!;
  expect(new Webhook(m.webhook_secret).verify(paid.body, paid.headers)).toEqual({
    tx_id: tx.id,
    payment_id: "e2e-webhook-order",
    status: "Paid",
  });

  const table = page.getByTestId("deliveries-table");
  const paidRow = table.getByRole("row", { name: /e2e-webhook-order/ });
  await expect(paidRow).toContainText("Paid");
  await expect(paidRow).toContainText("Succeeded (200)");
  await expect(paidRow).toContainText("Automatic");

  await paidRow.getByRole("button", { name: "View" }).click();
  await expect(page).toHaveURL(/delivery=msg_/);
  const detail = page.getByTestId("delivery-detail");
  await expect(detail.getByTestId("attempt-request-body")).toContainText(`"tx_id":"${tx.id}"`);
  await expect(detail.getByTestId("attempt-response-code")).toHaveText("HTTP 200");
  await expect(detail).toContainText("webhook-signature: v1,");

  await paidRow.getByRole("button", { name: "Resend" }).click();
  await expect(page.locator("main").getByText("Resent: Delivered 200")).toBeVisible();
  expect(receiver.received).toHaveLength(3);
  expect(JSON.parse(receiver.received[2]!.body)).toEqual({
    tx_id: tx.id,
    payment_id: "e2e-webhook-order",
    status: "Paid",
  });
  await expect(table.getByRole("row", { name: /Manual resend/ }).filter({ hasText: "e2e-webhook-order" })).toHaveCount(
    1,
  );

  // Filters live in the URL; "resend all matching" queues every delivery that matches.
  await page.getByLabel("Event").selectOption("Test");
  await expect(page).toHaveURL(/event=Test/);
  await expect(page.getByTestId("deliveries-total")).toHaveText("Deliveries: 1");
  await page.getByLabel("Event").selectOption("Paid");
  await expect(page.getByTestId("deliveries-total")).toHaveText("Deliveries: 2");
  page.once("dialog", (d) => d.accept());
  await page.getByRole("button", { name: "Resend all matching" }).click();
  await expect(page.locator("main").getByText("Queued for resending: 2.")).toBeVisible();
  await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(5);
  await page.reload();
  await expect(page.getByLabel("Event")).toHaveValue("Paid");
  await expect(page.getByTestId("deliveries-total")).toHaveText("Deliveries: 4");
});

test("rotate the signing secret with an overlap: both signatures are sent", async ({ page }) => {
  const m = await freshMerchant();
  await signIn(page, m.dashboard.email, m.dashboard.password);
  await page.goto("/dashboard/webhooks");
  await page.getByLabel("Webhook URL").fill(receiver.url);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("main").getByText("Saved.")).toBeVisible();
  await page.getByLabel("Keep the old secret signing for").selectOption("24");
  page.once("dialog", (d) => d.accept());
  await page.getByRole("button", { name: "Rotate secret" }).click();
  await expect(page.getByTestId("previous-secret")).toBeVisible();
  await page.getByRole("button", { name: "Show" }).click();
  const newSecret = (await page.getByTestId("webhook-secret").textContent())!.trim();
  expect(newSecret).not.toBe(m.webhook_secret);

  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(page.locator("main").getByText("Test event: Delivered 200")).toBeVisible();
  const hit = receiver.received[0]!;
  expect(hit.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
  for (const secret of [m.webhook_secret, newSecret])
    expect(() => new Webhook(secret).verify(hit.body, hit.headers)).not.toThrow();
});
