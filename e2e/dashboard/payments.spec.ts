import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { getDb } from "@/lib/db/client";
import { createPayment } from "@/lib/testing/payment-fixtures";
import { insertUser } from "@/lib/users/repository";
import { createChannelGroup } from "@/lib/routing/groups";
import { freshMerchant, LANGUAGES, signIn, signInAs, toast } from "./helpers";

async function keyIn(page: Page, orderName: string, amount: string, card: string): Promise<string> {
  await page.getByRole("button", { name: "New key-in payment" }).click();
  const form = page.getByRole("form", { name: "Key-in card payment (test channels)" });
  const paymentId = await form.getByLabel("Payment ID").inputValue();
  await form.getByLabel("Order name").fill(orderName);
  await form.getByLabel("Amount", { exact: true }).fill(amount);
  await form.getByRole("button", { name: `Use ${card}` }).click();
  await expect(form.getByLabel("Card number")).toHaveValue(card);
  await form.getByRole("button", { name: "Pay" }).click();
  return paymentId;
}

test("key-in a payment, find it by search, cancel part of it then the rest", async ({ page }) => {
  const m = await freshMerchant();
  await signIn(page, m.dashboard.email, m.dashboard.password);
  await page.goto("/dashboard/payments");
  const order = `Hoodie ${Date.now().toString(36)}`;
  const paymentId = await keyIn(page, order, "15000", "4242424242424242");
  await expect(page.locator("main").getByText(`Payment ${paymentId} approved.`)).toBeVisible();

  // Partial, case-insensitive: a lower-cased word from the middle of the order name.
  await page.getByRole("searchbox", { name: "Search payments" }).fill(order.slice(7).toLowerCase());
  await page.getByRole("searchbox", { name: "Search payments" }).press("Enter");
  await expect(page).toHaveURL(/q=/);
  const row = page.getByTestId(`payment-${paymentId}`);
  await expect(row).toContainText("Paid");
  await expect(row).toContainText("₩15,000");
  await expect(page.getByTestId("payments-total")).toHaveText("Total: 1");

  await row.getByRole("link", { name: paymentId }).click();
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");
  const cancel = page.getByRole("form", { name: "Cancel payment" });
  await expect(cancel.getByTestId("cancellable-balance")).toContainText("₩15,000");
  await cancel.getByLabel("Partial cancellation").check();
  await cancel.getByLabel("Cancel amount").fill("5000");
  await cancel.getByLabel("Reason").fill("one size too big");
  await cancel.getByRole("button", { name: "Cancel payment" }).click();
  // A partial refund is reviewed too, with its amounts.
  const review = page.getByRole("alertdialog");
  await expect(review).toContainText("Refund ₩5,000?");
  await expect(review.getByTestId("refund-review")).toContainText("₩5,000");
  await expect(review.getByTestId("refund-review")).toContainText("Left to refund afterwards₩10,000");
  await review.getByRole("button", { name: "Refund ₩5,000" }).click();
  await expect(page.getByTestId("payment-status")).toHaveText("Partially refunded");
  await expect(toast(page, "Refunded ₩5,000.")).toBeVisible();
  await expect(page.getByTestId("amount-cancelled")).toHaveText("₩5,000");
  await expect(page.getByTestId("cancellations-table")).toContainText("one size too big");
  await expect(page.getByRole("form", { name: "Cancel payment" }).getByTestId("cancellable-balance")).toContainText(
    "₩10,000",
  );

  const again = page.getByRole("form", { name: "Cancel payment" });
  // The form keeps the mode it was used in.
  await expect(again.getByLabel("Partial cancellation")).toBeChecked();
  await again.getByLabel("Full cancellation").check();
  await again.getByLabel("Reason").fill("returned");
  await again.getByRole("button", { name: "Cancel payment" }).click();
  // A full refund asks first, naming the amount; Esc backs out, then confirm.
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Refund ₩10,000 in full?");
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId("payment-status")).toHaveText("Partially refunded");
  await again.getByRole("button", { name: "Cancel payment" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Refund ₩10,000" }).click();
  await expect(page.getByTestId("payment-status")).toHaveText("Refunded");
  await expect(page.getByTestId("amount-cancelled")).toHaveText("₩15,000");
  await expect(page.getByRole("form", { name: "Cancel payment" })).toHaveCount(0);

  await page.getByRole("link", { name: "All payments" }).click();
  await expect(page.getByTestId(`payment-${paymentId}`)).toContainText("Refunded");
  await expect(page.getByTestId(`payment-${paymentId}`).getByTestId("net-amount")).toContainText("₩0");
});

test("a declined test card shows the provider's error and leaves a FAILED payment", async ({ page }) => {
  const m = await freshMerchant();
  await signIn(page, m.dashboard.email, m.dashboard.password);
  await page.goto("/dashboard/payments");
  const paymentId = await keyIn(page, "Declined order", "1000", "4000000000000002");
  await expect(
    page.getByRole("form", { name: "Key-in card payment (test channels)" }).getByRole("alert"),
  ).toContainText("CARD_DECLINED");
  await expect(page.getByTestId(`payment-${paymentId}`)).toContainText("Failed");
  await page.getByRole("link", { name: paymentId }).click();
  await expect(page.getByTestId("transactions-table")).toContainText("CARD_DECLINED");
});

test("export the filtered view as CSV", async ({ page }) => {
  const m = await freshMerchant();
  const paid = [];
  for (let i = 0; i < 3; i++)
    paid.push(
      await createPayment({
        merchantId: m.merchant_id,
        storeId: m.store_id,
        orderName: `Export, "quoted" ${i}`,
        customer: { name: "김민수" },
      }),
    );
  const failed = await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, outcome: "FAILED" });
  await signIn(page, m.dashboard.email, m.dashboard.password);
  await page.goto("/dashboard/payments");
  await expect(page.getByTestId("payments-total")).toHaveText("Total: 4");
  await page.getByRole("button", { name: "Filters" }).click();
  await page.getByRole("form", { name: "Filters" }).getByLabel("Paid", { exact: true }).check();
  await page.getByRole("form", { name: "Filters" }).getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("payments-total")).toHaveText("Total: 3");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const raw = readFileSync((await (await download).path())!, "utf8");
  expect(raw.startsWith("\uFEFF")).toBe(true);
  const file = raw.slice(1);
  const lines = file.trimEnd().split("\r\n");
  expect(lines[0]).toMatch(/^Payment ID,Store ID,Transaction ID,Status,/);
  expect(lines).toHaveLength(4);
  for (const p of paid) expect(file).toContain(`${p.payment_id},${m.store_id},${p.id},Paid,`);
  expect(file).toContain('"Export, ""quoted"" 0"');
  expect(file).toContain(",김민수,");
  expect(file).not.toContain(failed.payment_id);

  // The export needs a session.
  const anonymous = await page.context().browser()!.newContext();
  const res = await anonymous.request.get(`${new URL(page.url()).origin}/dashboard/payments/export`);
  expect(res.status()).toBe(401);
  await anonymous.close();
});

test("filters, sorting and paging live in the URL and survive a reload", async ({ page }) => {
  const m = await freshMerchant();
  const now = Date.now();
  for (let i = 0; i < 12; i++)
    await createPayment({
      merchantId: m.merchant_id,
      storeId: m.store_id,
      orderName: `Order ${i}`,
      at: { requested: now - i * 60_000, statusUpdated: now - (12 - i) * 60_000 },
    });
  await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, outcome: "FAILED", orderName: "Broken" });
  await signIn(page, m.dashboard.email, m.dashboard.password);
  await page.goto("/dashboard/payments");
  await page.getByRole("button", { name: "Filters" }).click();
  const filters = page.getByRole("form", { name: "Filters" });
  await filters.getByLabel("Paid", { exact: true }).check();
  await filters.getByLabel("Method").selectOption("CARD");
  await filters.getByLabel("Test payments").selectOption("true");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=PAID/);
  await page.getByRole("button", { name: /^Requested/ }).click();
  await expect(page).toHaveURL(/sort_by=REQUESTED_AT/);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=1/);
  await expect(page.getByTestId("payments-page")).toHaveText("Page 2 of 2");
  await expect(page.getByTestId("payments-table").locator("tbody tr")).toHaveCount(2);
  const secondPage = await page.getByTestId("payments-table").locator("tbody tr").allTextContents();

  await page.reload();
  await expect(page.getByTestId("payments-page")).toHaveText("Page 2 of 2");
  await expect(page.getByTestId("payments-total")).toHaveText("Total: 12");
  await expect(page.getByTestId("chip-status")).toContainText("Status: Paid");
  await page.getByRole("button", { name: /^Filters/ }).click();
  const reloaded = page.getByRole("form", { name: "Filters" });
  await expect(reloaded.getByLabel("Paid", { exact: true })).toBeChecked();
  await expect(reloaded.getByLabel("Failed", { exact: true })).not.toBeChecked();
  await expect(reloaded.getByLabel("Method")).toHaveValue("CARD");
  await expect(reloaded.getByLabel("Test payments")).toHaveValue("true");
  await expect(page.getByTestId("payments-table").locator("tbody tr")).toHaveText(secondPage);
  // Newest request first: the two oldest requests are on the last page.
  await expect(page.getByTestId("payments-table")).toContainText("Order 11");
});

test("simulate the deposit on an issued virtual account", async ({ page, request }) => {
  const m = await freshMerchant();
  const paymentId = `va-${Date.now().toString(36)}`;
  const issued = await request.post(`/v2/payments/${paymentId}/instant/pay`, {
    headers: { authorization: `PortOne ${m.api_key}` },
    data: {
      channel_key: m.channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!.key,
      order_name: "Deposit me",
      total_amount: 25000,
      currency: "KRW",
      payment_method_option: {
        virtual_account: { bank: "KOOKMIN_BANK", account_expiry: { valid_hours: 24 }, account_type: "NORMAL" },
      },
    },
  });
  expect(issued.status(), await issued.text()).toBe(200);
  await signIn(page, m.dashboard.email, m.dashboard.password);
  await page.goto(`/dashboard/payments/${paymentId}`);
  await expect(page.getByTestId("payment-status")).toHaveText("Awaiting deposit");
  await expect(page.getByTestId("va-panel")).toContainText("KB Kookmin Bank");
  await page.getByRole("button", { name: "Simulate deposit" }).click();
  await expect(toast(page, "Deposit simulated: the payment is paid.")).toBeVisible();
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");
  await expect(page.getByTestId("timeline")).toContainText("Deposit received: ₩25,000");
  await expect(page.getByTestId("amount-paid")).toHaveText("₩25,000");
  await expect(page.getByRole("form", { name: "Cancel payment" })).toBeVisible();
});

test("register the delivery of an escrow payment, then complete the purchase", async ({ page }) => {
  const m = await freshMerchant();
  await signIn(page, m.dashboard.email, m.dashboard.password);
  await page.goto("/dashboard/payments");
  await page.getByRole("button", { name: "New key-in payment" }).click();
  const form = page.getByRole("form", { name: "Key-in card payment (test channels)" });
  const paymentId = await form.getByLabel("Payment ID").inputValue();
  await form.getByLabel("Order name").fill("Escrow desk");
  await form.getByLabel("Amount", { exact: true }).fill("50000");
  await form.getByLabel("Card number").fill("5555555555554444");
  await form.getByLabel("Escrow payment").check();
  await form.getByRole("button", { name: "Pay" }).click();
  await page.getByRole("link", { name: `Payment ${paymentId} approved.` }).click();

  const escrow = page.getByRole("form", { name: "Escrow delivery" });
  await escrow.getByRole("button", { name: "Register delivery" }).click();
  await expect(escrow.getByText("Required").first()).toBeVisible();
  await escrow.getByLabel("Invoice number").fill("INV-778899");
  await escrow.getByLabel("Receiver address line 1").fill("1 Teheran-ro");
  await escrow.getByRole("button", { name: "Register delivery" }).click();
  await expect(escrow.getByRole("status")).toHaveText("Saved.");
  await expect(page.getByTestId("escrow-panel")).toContainText("INV-778899");
  await expect(page.getByTestId("escrow-panel")).toContainText("Delivery registered");

  await escrow.getByRole("button", { name: "Complete escrow purchase" }).click();
  await expect(page.getByTestId("escrow-panel")).toContainText("Purchase confirmed");
  await expect(page.getByRole("form", { name: "Escrow delivery" })).toHaveCount(0);
});

test("a viewer sees payments but no forms that change them; another merchant's payment is not found", async ({
  page,
}) => {
  const m = await freshMerchant();
  const other = await freshMerchant();
  const mine = await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, orderName: "Visible" });
  const theirs = await createPayment({ merchantId: other.merchant_id, storeId: other.store_id, orderName: "Hidden" });
  const email = `viewer-${Date.now().toString(36)}@example.com`;
  await insertUser(getDb(), {
    merchantId: m.merchant_id,
    email,
    name: "Viewer",
    password: "viewer-password",
    role: "VIEWER",
  });
  await signIn(page, email, "viewer-password");
  await page.goto("/dashboard/payments");
  await expect(page.getByTestId(`payment-${mine.payment_id}`)).toContainText("Visible");
  await expect(page.getByTestId("payments-table")).not.toContainText("Hidden");
  await expect(page.getByRole("button", { name: "New key-in payment" })).toHaveCount(0);
  await page.getByRole("link", { name: mine.payment_id }).click();
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");
  await expect(page.getByText("Viewers cannot change payments.")).toBeVisible();
  await expect(page.getByRole("form", { name: "Cancel payment" })).toHaveCount(0);
  await page.goto(`/dashboard/payments/${theirs.payment_id}`);
  await expect(page.getByText("No payment with this ID in this store.")).toBeVisible();
});

for (const lang of LANGUAGES)
  test.describe(`key-in through a channel group, 1440 px, ${lang.locale}`, () => {
    test.use({ viewport: { width: 1440, height: 900 }, locale: lang.browser });
    const ko = lang.locale === "ko";

    test("the key-in form offers the store's TEST channel groups beside its channels and pays through one", async ({
      page,
    }) => {
      const m = await freshMerchant();
      const key = (pg: string) => m.channels.find((c) => c.pg_provider === pg && c.type === "TEST")!.key;
      // Drawn: always Toss (KCP has weight 0, tried only on failover).
      const group = await createChannelGroup({
        ctx: {
          merchantId: m.merchant_id,
          storeId: m.store_id,
          storeLimited: false,
          hasHostingContract: false,
          origin: { platform_type: "PC", ip_address: "127.0.0.1" },
          role: "OWNER",
        },
        input: {
          name: "Card split",
          targets: [
            { channel_key: key("TOSSPAYMENTS"), weight: 1 },
            { channel_key: key("KCP"), weight: 0 },
          ],
          rules: [],
        },
      });
      await signInAs(page, m, lang.locale);
      await page.goto("/dashboard/payments");
      await page.getByRole("button", { name: ko ? "수기 결제" : "New key-in payment" }).click();
      const form = page.getByRole("form", {
        name: ko ? "카드 수기 결제 (테스트 채널)" : "Key-in card payment (test channels)",
      });
      const select = form.getByLabel(ko ? "테스트 채널 또는 그룹" : "Test channel or group");
      await expect(select.locator("optgroup")).toHaveCount(2);
      await expect(select.locator("optgroup").nth(0)).toHaveAttribute("label", ko ? "채널" : "Channels");
      const groups = select.locator("optgroup").nth(1);
      await expect(groups).toHaveAttribute("label", ko ? "채널 그룹" : "Channel groups");
      await expect(groups.locator("option")).toHaveText(["Card split"]);
      await select.selectOption(group.key);
      const paymentId = await form.locator("#ki-payment_id").inputValue();
      await form.locator("#ki-order_name").fill("Through a group");
      await form.locator("#ki-total_amount").fill("12000");
      await form.locator("#ki-card_number").fill("4242424242424242");
      await form.getByRole("button", { name: ko ? "결제" : "Pay", exact: true }).click();
      await expect(
        page.locator("main").getByText(ko ? `결제 ${paymentId} 승인되었습니다.` : `Payment ${paymentId} approved.`),
      ).toBeVisible();
      const [attempt] = await getDb()
        .selectFrom("transactions")
        .select(["status", "channel"])
        .where("payment_id", "=", paymentId)
        .where("merchant_id", "=", m.merchant_id)
        .execute();
      expect(attempt?.status).toBe("PAID");
      expect(JSON.parse(attempt?.channel ?? "{}").key).toBe(key("TOSSPAYMENTS"));
    });
  });
