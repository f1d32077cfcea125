import { expect, test, type Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { getDb } from "@/lib/db/client";
import { insertUser } from "@/lib/users/repository";
import { addStoreEndpoint } from "@/lib/testing/webhook-endpoint";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { LANGUAGES, WIDTHS, freshMerchant, signIn, signInAs, toast } from "./helpers";
import { checkKoreanPage, checkPage, expectOnScreenWithoutSidewaysScroll } from "./quality";

const receivers: WebhookReceiver[] = [];
async function receiver() {
  const r = await startWebhookReceiver();
  receivers.push(r);
  return r;
}
test.afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

type Merchant = Awaited<ReturnType<typeof freshMerchant>>;

async function pay(page: Page, m: Merchant, paymentId: string, card = "4242424242424242") {
  const res = await page.request.post(`/v2/payments/${paymentId}/instant/pay`, {
    headers: { authorization: `PortOne ${m.api_key}` },
    data: {
      channel_key: m.channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!.key,
      order_name: "E2E order",
      total_amount: 11000,
      currency: "KRW",
      payment_method_option: {
        card: {
          card_credential: {
            card_number: card,
            expiry_month: "12",
            expiry_year: "2099",
            birth_or_business_registration_number: "900101",
            password_two_digits: "12",
          },
        },
      },
    },
  });
  return (await res.json()) as { tx_id?: string };
}

/** Adds an endpoint through the form and answers the secret shown once. */
async function addEndpoint(page: Page, url: string, events: string[] | "all") {
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const form = page.getByTestId("new-endpoint-form");
  await form.getByLabel("Endpoint URL").fill(url);
  if (events !== "all") {
    await form.getByLabel("All events, including ones added later").uncheck();
    for (const e of events) await form.getByLabel(e, { exact: true }).check();
  }
  await form.getByRole("button", { name: "Add", exact: true }).click();
  const shown = page.getByTestId("endpoint-secret");
  await expect(shown).toBeVisible();
  const secret = (await shown.getByTestId("endpoint-secret-value").textContent())!.trim();
  await shown.getByRole("button", { name: "Done" }).click();
  return secret;
}

test("endpoints: add two with their own events, test one, fan a payment out, rotate, disable, delete", async ({
  page,
}) => {
  const all = await receiver();
  const failures = await receiver();
  const m = await freshMerchant();
  await signIn(page, m.dashboard.email, m.dashboard.password);
  await page.goto("/dashboard/webhooks");
  await expect(page.getByText("No endpoints yet")).toBeVisible();

  // The server's refusal names the reason at the field.
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const form = page.getByTestId("new-endpoint-form");
  await form.getByLabel("Endpoint URL").fill("https://user:pw@example.com/hook");
  await form.getByRole("button", { name: "Add", exact: true }).click();
  await expect(form.locator('[data-field-error="new-endpoint-url"]')).toHaveText(
    "The address must not contain a user name or password.",
  );
  await form.getByLabel("All events, including ones added later").uncheck();
  await form.getByLabel("Endpoint URL").fill(all.url);
  await form.getByRole("button", { name: "Add", exact: true }).click();
  await expect(form.locator('[data-field-error="new-endpoint-events"]')).toHaveText("Choose at least one event");
  await form.getByRole("button", { name: "Cancel" }).click();

  const allSecret = await addEndpoint(page, all.url, "all");
  const failedSecret = await addEndpoint(page, failures.url, ["Failed"]);
  expect(allSecret).not.toBe(failedSecret);
  const rows = page.getByTestId("endpoints").getByRole("listitem");
  await expect(rows).toHaveCount(2);
  const allRow = rows.filter({ hasText: all.url });
  const failedRow = rows.filter({ hasText: failures.url });
  await expect(allRow.getByTestId("endpoint-events")).toHaveText("All events");
  await expect(failedRow.getByTestId("endpoint-events")).toHaveText("Failed");

  // A test event: to this endpoint only, marked as a test, logged as one.
  await failedRow.getByRole("button", { name: "Send test event" }).click();
  await expect(toast(page, `Test event to ${failures.url}: Delivered 200`)).toBeVisible();
  expect(all.received).toEqual([]);
  const hit = failures.received[0]!;
  expect(new Webhook(failedSecret).verify(hit.body, hit.headers)).toEqual({
    tx_id: null,
    payment_id: null,
    status: "Test",
    test: true,
  });
  const log = page.getByTestId("deliveries-table");
  await expect(log.getByRole("row", { name: /Test event/ })).toHaveCount(1);
  await expect(log.getByRole("row", { name: /Manual resend/ })).toHaveCount(0);

  // A Paid event goes to the endpoint taking everything, not the Failed-only one.
  const paid = await pay(page, m, `e2e-ep-${Date.now().toString(36)}`);
  await expect.poll(() => all.received.length, { timeout: 15_000 }).toBe(1);
  expect(new Webhook(allSecret).verify(all.received[0]!.body, all.received[0]!.headers)).toMatchObject({
    tx_id: paid.tx_id,
    status: "Paid",
  });
  expect(failures.received).toHaveLength(1);

  // Per-endpoint log, kept in the URL.
  await allRow.getByRole("button", { name: "Deliveries" }).click();
  await expect(page).toHaveURL(/endpoint=we_/);
  await expect(page.getByTestId("deliveries-total")).toHaveText("Deliveries: 1");

  // Rotate with an overlap: the new secret is shown once and both sign.
  await allRow.getByRole("button", { name: "Rotate secret" }).click();
  const dialog = page.getByRole("alertdialog");
  await dialog.getByLabel("Keep the old secret signing for").selectOption("24");
  await dialog.getByRole("button", { name: "Rotate secret" }).click();
  const rotated = (await page.getByTestId("endpoint-secret-value").textContent())!.trim();
  expect(rotated).not.toBe(allSecret);
  await page.getByTestId("endpoint-secret").getByRole("button", { name: "Done" }).click();
  await allRow.getByRole("button", { name: "Send test event" }).click();
  await expect.poll(() => all.received.length).toBe(2);
  for (const secret of [allSecret, rotated])
    expect(() => new Webhook(secret).verify(all.received[1]!.body, all.received[1]!.headers)).not.toThrow();

  // Edit events, disable, delete.
  await failedRow.getByRole("button", { name: "Edit" }).click();
  await failedRow.getByLabel("Paid", { exact: true }).check();
  await failedRow.getByRole("button", { name: "Save" }).click();
  await expect(failedRow.getByTestId("endpoint-events")).toHaveText("Paid, Failed");
  await allRow.getByRole("button", { name: "Disable" }).click();
  await expect(allRow.getByTestId("endpoint-state")).toHaveText("Disabled");
  await pay(page, m, `e2e-ep2-${Date.now().toString(36)}`);
  await expect.poll(() => failures.received.length, { timeout: 15_000 }).toBe(2);
  expect(all.received).toHaveLength(2);
  await failedRow.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Endpoint deleted.")).toBeVisible();
  await expect(rows).toHaveCount(1);
});

for (const size of WIDTHS) {
  for (const lang of LANGUAGES) {
    test.describe(`${size.name} ${lang.locale}`, () => {
      test.use({ viewport: { width: size.width, height: size.height }, locale: lang.browser });

      test(`${lang.locale} ${size.width}: endpoints, their refusal reasons and the log read in the reader's language`, async ({
        page,
      }) => {
        const r = await receiver();
        const m = await freshMerchant();
        await addStoreEndpoint({ merchant_id: m.merchant_id, store_id: m.store_id }, r.url);
        await addStoreEndpoint({ merchant_id: m.merchant_id, store_id: m.store_id }, `${r.url}/failed`, ["Failed"]);
        await signInAs(page, m, lang.locale);
        await page.goto("/dashboard/webhooks");
        const ko = lang.locale === "ko";
        const rows = page.getByTestId("endpoints").getByRole("listitem");
        await expect(rows).toHaveCount(2);
        const first = rows.filter({ hasText: "/failed" });
        await first.getByRole("button", { name: ko ? "테스트 이벤트 보내기" : "Send test event" }).click();
        await expect(
          page.getByTestId("deliveries-table").getByRole("row", { name: ko ? /테스트 이벤트/ : /Test event/ }),
        ).toHaveCount(1);
        for (const button of await first.getByRole("button").all())
          await expectOnScreenWithoutSidewaysScroll(button, `endpoint action at ${size.width}`);

        await page.getByRole("button", { name: ko ? "엔드포인트 추가" : "Add endpoint" }).click();
        const form = page.getByTestId("new-endpoint-form");
        await form.getByLabel(ko ? "엔드포인트 주소" : "Endpoint URL").fill("https://user:pw@example.com/hook");
        await form.getByRole("button", { name: ko ? "추가" : "Add", exact: true }).click();
        await expect(form.locator('[data-field-error="new-endpoint-url"]')).toHaveText(
          ko
            ? "주소에 사용자 이름이나 비밀번호를 넣을 수 없습니다."
            : "The address must not contain a user name or password.",
        );
        await checkKoreanPage(page, `webhooks ${lang.locale} ${size.width}`);
        await page.screenshot({ path: `test-results/webhooks-${lang.locale}-${size.width}.png`, fullPage: true });
      });
    });
  }
}

test("dark mode: the endpoints page and a new secret read in dark colours, axe clean", async ({ page }) => {
  const r = await receiver();
  const m = await freshMerchant();
  await signIn(page, m.dashboard.email, m.dashboard.password);
  await page.goto("/dashboard/webhooks");
  await page.getByLabel("Theme").selectOption("dark");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await addEndpoint(page, r.url, ["Paid", "Refunded"]);
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await page.getByTestId("new-endpoint-form").getByLabel("Endpoint URL").fill(`${r.url}/second`);
  await page.getByTestId("new-endpoint-form").getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByTestId("endpoint-secret")).toBeVisible();
  await checkPage(page, "webhooks dark");
  await page.screenshot({ path: "test-results/webhooks-dark.png", fullPage: true });
});

test("a viewer sees the endpoints but no change buttons", async ({ page }) => {
  const r = await receiver();
  const m = await freshMerchant();
  await addStoreEndpoint({ merchant_id: m.merchant_id, store_id: m.store_id }, r.url);
  const email = `viewer-${Date.now().toString(36)}@example.com`;
  await insertUser(getDb(), {
    merchantId: m.merchant_id,
    email,
    name: "Viewer",
    password: "viewer-password",
    role: "VIEWER",
  });
  await signIn(page, email, "viewer-password");
  await page.goto("/dashboard/webhooks");
  const rows = page.getByTestId("endpoints").getByRole("listitem");
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole("button", { name: "Deliveries" })).toBeVisible();
  for (const name of ["Send test event", "Edit", "Disable", "Rotate secret", "Delete"])
    await expect(rows.getByRole("button", { name })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add endpoint" })).toHaveCount(0);
});
