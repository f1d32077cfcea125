import { expect, type Page, type Request, test } from "@playwright/test";
import { withTransaction } from "@/lib/db/client";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import { createPayment } from "@/lib/testing/payment-fixtures";
import { cardPayBody } from "@/lib/testing/payments";
import { insertStore } from "@/lib/tenancy/insert-store";
import { freshMerchant, signIn, toast } from "./helpers";
import { checkPage, watchForBlankTitle } from "./quality";

/**
 * Walked as a merchant admin: overview, search, palette, timeline, labels in the reader's
 * language, safe money actions, loading, phone layout, accessibility — at 1440 px and 390 px in
 * English and Korean. One test per viewport and language; each page is checked by checkPage
 * (no raw enum name, no sideways scroll, no serious or critical axe violation).
 */
const EVERY_PAGE = [
  "/dashboard/billing-keys",
  "/dashboard/schedules",
  "/dashboard/cash-receipts",
  "/dashboard/verifications",
  "/dashboard/sandbox-inbox",
  "/dashboard/stores",
  "/dashboard/stores/new",
  "/dashboard/stores/onboarding",
  "/dashboard/webhooks",
  "/dashboard/developers",
];

async function seed() {
  const m = await freshMerchant({ hosting: true });
  const desk = await createPayment({
    merchantId: m.merchant_id,
    storeId: m.store_id,
    orderName: "Standing desk",
    amount: 15000,
    customer: { name: "Lee Jiho", email: "jiho@example.com", phone_number: "010-1234-5678" },
  });
  const korean = await createPayment({
    merchantId: m.merchant_id,
    storeId: m.store_id,
    orderName: "책상 램프",
    amount: 8000,
    customer: { name: "이지호" },
  });
  await createPayment({
    merchantId: m.merchant_id,
    storeId: m.store_id,
    outcome: "FAILED",
    orderName: "Declined lamp",
    amount: 7000,
  });
  return { m, desk, korean };
}

async function signInKorean(page: Page, email: string, password: string) {
  await page.goto("/login");
  // The first visit follows the browser's language.
  await expect(page.getByRole("heading", { name: "가맹점 관리자 로그인" })).toBeVisible();
  await page.getByLabel("이메일").fill(email);
  await page.getByLabel("비밀번호").fill(password);
  await page.getByRole("button", { name: "로그인" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const seoul = (iso: number) =>
  new Intl.DateTimeFormat("ko-KR", {
    timeZone: "Asia/Seoul",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).format(new Date(iso));

test.describe("1440 px, English", () => {
  test.use({ viewport: { width: 1440, height: 900 }, locale: "en-US" });

  test("overview numbers, ⌘K to a payment, its timeline and panels, search with chips and presets, every page accessible", async ({
    page,
  }) => {
    test.slow(); // axe on every page of the dashboard: over a minute on a loaded machine
    const { m, desk } = await seed();
    await signIn(page, m.dashboard.email, m.dashboard.password);
    await expect(page).toHaveTitle("Overview · Payment Platform");
    await expect(page.getByTestId("test-mode-banner")).toContainText("TEST DATA");
    await expect(page.getByTestId("kpi-gross-value")).toHaveText("₩23,000");
    await expect(page.getByTestId("kpi-count-value")).toHaveText("2");
    await expect(page.getByTestId("kpi-approval-value")).toHaveText("66.7%");
    await expect(page.getByTestId("by-method")).toContainText("Card");
    await expect(page.getByTestId("by-provider")).toContainText("Toss Payments");
    await expect(page.getByTestId("declines")).toContainText("Card declined by the issuer");
    await expect(page.getByTestId("recent-failures")).toContainText("Declined lamp");
    await expect(page.getByTestId("volume-chart").locator("canvas")).toBeVisible();
    await checkPage(page, "overview");

    await page.keyboard.press("Control+k");
    const palette = page.getByRole("dialog");
    await palette.getByRole("combobox").fill("JIHO");
    await palette.getByRole("option", { name: /Standing desk/ }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/payments/${desk.payment_id}$`));
    await expect(page).toHaveTitle(`Payments ${desk.payment_id} · Payment Platform`);
    const timeline = page.getByTestId("timeline");
    await expect(timeline).toContainText("Approved: ₩15,000");
    await expect(timeline).toContainText("Payment of ₩15,000 requested (Card)");
    await expect(page.getByTestId("customer-panel")).toContainText("jiho@example.com");
    await expect(page.getByTestId("card-panel")).toContainText("424242******4242");
    await checkPage(page, "payment");

    await page.goto("/dashboard/payments?q=lee%20ji");
    await expect(page.getByTestId(`payment-${desk.payment_id}`)).toContainText("Paid");
    await expect(page.getByTestId("payments-total")).toHaveText("Total: 1");
    await page.getByRole("button", { name: "Filters" }).click();
    const filters = page.getByRole("form", { name: "Filters" });
    await filters.getByLabel("From", { exact: true }).fill("2030-01-02");
    await filters.getByLabel("To", { exact: true }).fill("2030-01-01");
    await expect(filters.getByText("The start date is after the end date")).toBeVisible();
    await expect(filters.getByRole("button", { name: "Apply" })).toBeDisabled();
    await filters.getByRole("button", { name: "Today" }).click();
    // Filters only change the URL: no server render of the page (it left the page without a
    // <title> while it ran), and the title never goes blank.
    const rendered: string[] = [];
    const onRequest = (r: Request) => {
      if (r.headers().rsc === "1" && !r.headers()["next-router-prefetch"]) rendered.push(r.url());
    };
    page.on("request", onRequest);
    const titleWentBlank = await watchForBlankTitle(page);
    await filters.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("chip-date")).toBeVisible();
    await expect(page.getByTestId(`payment-${desk.payment_id}`)).toBeVisible();
    await expect(page).toHaveURL(/[?&]start=/);
    page.off("request", onRequest);
    expect(rendered, "server renders of the page for a filter change").toEqual([]);
    expect(await titleWentBlank(), "the title went blank").toBe(false);
    await checkPage(page, "payments");

    // Search spans the merchant's stores; a result in another store opens there.
    const second = await withTransaction((tx) =>
      insertStore(tx, { merchantId: m.merchant_id, name: "Second shop", isDefault: false }),
    );
    const oak = await createPayment({ merchantId: m.merchant_id, storeId: second.id, orderName: "Oak desk" });
    await page.goto("/dashboard/payments?q=oak%20de");
    const oakRow = page.getByTestId(`payment-${oak.payment_id}`);
    await expect(oakRow).toContainText("Second shop");
    await oakRow.getByRole("link", { name: oak.payment_id }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/payments/${oak.payment_id}$`));
    await expect(page.getByTestId("store-switcher")).toHaveValue(second.id);
    await expect(page.getByTestId("payment-status")).toHaveText("Paid");

    for (const path of EVERY_PAGE) {
      await page.goto(path);
      await checkPage(page, path);
    }
  });
});

test.describe("390 px, Korean", () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: "ko-KR", timezoneId: "America/New_York" });

  test("drawer menu, Korean labels, Seoul time, no page scrolls sideways, every page accessible", async ({ page }) => {
    test.slow(); // axe on every page of the dashboard: over a minute on a loaded machine
    const { m, korean } = await seed();
    await signInKorean(page, m.dashboard.email, m.dashboard.password);
    await expect(page).toHaveTitle("개요 · 결제 플랫폼");
    await expect(page.locator("aside")).toBeHidden();
    await page.getByRole("button", { name: "메뉴 열기" }).click();
    const drawer = page.getByRole("dialog", { name: "결제 플랫폼" });
    await expect(drawer.getByRole("link", { name: "결제", exact: true })).toBeVisible();
    // Focus moves into the drawer, Esc closes it and gives focus back to the menu button.
    await expect.poll(() => drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);
    await expect(page.getByTestId("open-menu")).toBeFocused();
    await page.getByRole("button", { name: "메뉴 열기" }).click();
    await drawer.getByRole("link", { name: "결제", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/payments$/);
    const row = page.getByTestId(`payment-${korean.payment_id}`);
    await expect(row).toContainText("결제 완료");
    await expect(row).toContainText("토스페이먼츠");
    // Korean readers see Korean time, whatever the browser's zone.
    await expect(row).toContainText(seoul(korean.requested_at));
    await checkPage(page, "payments");

    await page.getByRole("searchbox", { name: "결제 검색" }).fill("지호");
    await page.getByRole("searchbox", { name: "결제 검색" }).press("Enter");
    await expect(page.getByTestId("payments-total")).toHaveText("총 1건");
    await row.getByRole("link").click();
    await expect(page.getByTestId("timeline")).toContainText("승인: ₩8,000");
    await checkPage(page, "payment");

    await page.goto("/dashboard");
    await expect(page.getByTestId("kpi-gross")).toContainText("총 결제액");
    await checkPage(page, "overview");
    for (const path of EVERY_PAGE) {
      await page.goto(path);
      await checkPage(page, path);
    }
  });
});

test.describe("1440 px, Korean", () => {
  test.use({ viewport: { width: 1440, height: 900 }, locale: "ko-KR" });

  test("a full refund asks first with the amount, Esc backs out, a toast ends it; dark mode follows the toggle", async ({
    page,
    request,
  }) => {
    const m = await freshMerchant();
    // Paid through the API, so the sandbox provider knows the payment it is asked to refund.
    const paymentId = `desk-${Date.now().toString(36)}`;
    const paid = await request.post(`/v2/payments/${paymentId}/instant/pay`, {
      headers: { authorization: `PortOne ${m.api_key}` },
      data: cardPayBody(m, SANDBOX_CARDS.VISA_OK, { order_name: "책상", total_amount: 15000 }),
    });
    expect(paid.status(), await paid.text()).toBe(200);
    await signInKorean(page, m.dashboard.email, m.dashboard.password);
    await page.goto(`/dashboard/payments/${paymentId}`);
    const form = page.getByRole("form", { name: "결제 취소" });
    await form.getByLabel("취소 사유").fill("고객 변심");
    await form.getByRole("button", { name: "결제 취소" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("₩15,000을 전액 환불할까요?");
    await expect(dialog.getByRole("button", { name: "돌아가기" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await form.getByRole("button", { name: "결제 취소" }).click();
    await dialog.getByRole("button", { name: "₩15,000 환불" }).click();
    await expect(toast(page, "₩15,000 환불했습니다.")).toBeVisible();
    await expect(page.getByTestId("payment-status")).toHaveText("결제 취소");
    await expect(page.getByTestId("timeline")).toContainText("₩15,000 취소 완료");
    await checkPage(page, "payment refunded");

    await page.getByLabel("테마").selectOption("dark");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.goto("/dashboard");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await checkPage(page, "overview dark");
  });
});

test.describe("390 px, English", () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: "en-US" });

  test("voiding a virtual account asks first; loading shows skeletons, not empty data; palette and pages fit", async ({
    page,
    request,
  }) => {
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
    expect(issued.status()).toBe(200);
    await signIn(page, m.dashboard.email, m.dashboard.password);
    await checkPage(page, "overview");
    // Slow the list down: the table shows skeleton rows, never "No payments".
    await page.route("**/dashboard/payments", async (route) => {
      if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.goto("/dashboard/payments");
    await expect(page.getByTestId("skeleton-row").first()).toBeVisible();
    await expect(page.getByTestId("table-empty")).toHaveCount(0);
    await expect(page.getByTestId(`payment-${paymentId}`)).toContainText("Awaiting deposit");
    await page.unrouteAll();
    await checkPage(page, "payments");

    await page.goto(`/dashboard/payments/${paymentId}`);
    await expect(page.getByTestId("va-panel")).toContainText("KB Kookmin Bank");
    await page.getByRole("button", { name: "Void virtual account" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("₩25,000");
    await dialog.getByRole("button", { name: "Void the account" }).click();
    await expect(toast(page, "Virtual account voided.")).toBeVisible();
    await expect(page.getByTestId("payment-status")).not.toHaveText("Awaiting deposit");
    await checkPage(page, "payment voided");

    await page.getByTestId("open-palette").click();
    await page.getByRole("dialog").getByRole("combobox").fill("webhooks");
    await page.getByRole("dialog").getByRole("option", { name: "Webhooks" }).click();
    await expect(page).toHaveURL(/\/dashboard\/webhooks$/);
    await checkPage(page, "webhooks");
  });
});
