import { expect, test } from "@playwright/test";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { startAttempt } from "@/lib/payments/pay/start-attempt";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import { sandboxPaymentProvider } from "@/lib/providers/sandbox/payment-provider";
import { cardCredential } from "@/lib/testing/payments";
import { chooseLanguage, freshMerchant, openFromMenu, signIn } from "./helpers";
import { checkPage } from "./quality";

type Merchant = Awaited<ReturnType<typeof freshMerchant>>;

const card = cardCredential(SANDBOX_CARDS.VISA_OK);

/**
 * In the server's database: an attempt whose process died two hours ago before calling the
 * provider (unsettled, needs attention), and a charge the provider made for an order we never
 * recorded (a mismatch).
 */
async function troubles(m: Merchant) {
  const channel = await getDb()
    .selectFrom("channels")
    .selectAll()
    .where("store_id", "=", m.store_id)
    .where("pg_provider", "=", "TOSSPAYMENTS")
    .executeTakeFirstOrThrow();
  const paymentId = `e2e-stranded-${newId().slice(-6)}`;
  const attempt = await startAttempt({
    merchantId: m.merchant_id,
    storeId: m.store_id,
    paymentId,
    channel,
    method: "CARD",
    orderName: "Stranded",
    currency: "KRW",
    totalAmount: 4200,
    taxFreeAmount: 0,
    customer: {},
    origin: { platform_type: "API", ip_address: "127.0.0.1" },
  });
  // Waiting for two hours (its call long over), its next look-up minutes away (the sweep leaves it
  // alone until the button).
  await getDb()
    .updateTable("transactions")
    .set({
      requested_at: Date.now() - 2 * 3_600_000,
      call_deadline_at: Date.now() - 2 * 3_600_000 + 32_000,
      lookup_due_at: Date.now() + 240_000,
      lookup_attempts: 9,
    })
    .where("id", "=", attempt.id)
    .execute();
  await sandboxPaymentProvider.approveCard({
    channel,
    txId: newId("tx-"),
    amount: 990,
    taxFreeAmount: 0,
    currency: "KRW",
    orderName: "stray",
    card,
  });
  return { paymentId };
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`${viewport.name}: the report shows a mismatch and an item needing attention; a look-up settles it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const m = await freshMerchant();
    const { paymentId } = await troubles(m);
    await signIn(page, m.dashboard.email, m.dashboard.password);
    // The overview's panel counts the same report as the reconciliation page.
    await page.goto("/dashboard");
    await expect(page.getByTestId("attention")).toContainText("Mismatches with the provider: 1");
    await expect(page.getByTestId("attention")).toContainText("Waiting on the provider for over an hour: 1");
    await openFromMenu(page, "Reconciliation");
    await expect(page.getByTestId("reconciliation-summary")).toContainText("Mismatches1");
    await expect(page.getByTestId("reconciliation-summary")).toContainText("Needs attention1");

    await expect(page.getByTestId("mismatches-table")).toContainText("Charge with no record");
    await expect(page.getByTestId("mismatches-table")).toContainText("990");
    const attention = page.getByTestId("attention-table").getByRole("row", { name: new RegExp(paymentId) });
    await expect(attention).toContainText("Payment attempt");
    await expect(attention).toContainText("4,200");
    await checkPage(page, `reconciliation (${viewport.name})`);

    // The process died before calling the provider: the look-up finds nothing there and settles FAILED.
    await attention.getByRole("button", { name: "Look up now" }).click();
    await expect(page.getByText("Settled: the provider answered.")).toBeVisible();
    await expect(page.getByTestId("attention-table")).toHaveCount(0);
    await expect(page.getByTestId("reconciliation-summary")).toContainText("Needs attention0");

    await chooseLanguage(page, "Language", "ko");
    await expect(page.getByRole("heading", { level: 1, name: "정산 대사" })).toBeVisible();
    await expect(page.getByTestId("mismatches-table")).toContainText("기록 없는 승인");
    await chooseLanguage(page, "언어", "en");
    await expect(page.getByRole("heading", { level: 1, name: "Reconciliation" })).toBeVisible();
    // The settled attempt left the overview's panel too; the mismatch stays for an operator.
    await page.goto("/dashboard");
    await expect(page.getByTestId("attention")).toContainText("Mismatches with the provider: 1");
    await expect(page.getByTestId("attention")).not.toContainText("Waiting on the provider");
  });
}
