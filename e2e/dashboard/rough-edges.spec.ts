import { expect, test } from "@playwright/test";
import { getDb } from "@/lib/db/client";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import { cardPayBody } from "@/lib/testing/payments";
import { freshMerchant, LANGUAGES, signInAs, WIDTHS } from "./helpers";
import { checkKoreanPage } from "./quality";

/** The dashboard's rough edges, each checked at 1440 and 390 px in English and Korean. */
type Merchant = Awaited<ReturnType<typeof freshMerchant>>;
const auth = (m: Merchant) => ({ authorization: `PortOne ${m.api_key}` });

for (const size of WIDTHS)
  for (const lang of LANGUAGES)
    test.describe(`rough edges, ${size.name}, ${lang.locale}`, () => {
      test.use({ viewport: { width: size.width, height: size.height }, locale: lang.browser });
      const ko = lang.locale === "ko";

      test("the public receipt page speaks the reader's language: status, 24-hour time, the store's own name", async ({
        page,
        request,
      }) => {
        const m = await freshMerchant();
        const issued = await request.post(`/v2/payments/offline-${Date.now().toString(36)}/cash-receipt`, {
          headers: auth(m),
          data: {
            channel_key: m.channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!.key,
            customer_identifier: "010-1234-5678",
            type: "PERSONAL",
            order_name: "현장 판매",
            currency: "KRW",
            amount: 11000,
          },
        });
        expect(issued.status(), await issued.text()).toBe(200);
        const url = new URL((await issued.json()).receipt_url as string);
        await page.goto(url.pathname);
        const receipt = page.getByTestId("receipt");
        await expect(receipt).toContainText(ko ? "발급 완료" : "Issued");
        await expect(receipt).not.toContainText("ISSUED");
        // Hours in 24-hour form, no AM/PM (nor 오전/오후) in a Korean date.
        await expect(receipt).not.toContainText(/\b(AM|PM)\b|오전|오후/);
        await expect(receipt).not.toContainText("(default)");
        await expect(page.locator("html")).toHaveAttribute("lang", lang.locale);
        await expect(page).toHaveTitle(ko ? /^현금영수증 · / : /^Cash receipt · /);
        // The merchant's and store's names are the merchant's own ("E2E …").
        const { name } = await getDb()
          .selectFrom("merchants")
          .select("name")
          .where("id", "=", m.merchant_id)
          .executeTakeFirstOrThrow();
        await checkKoreanPage(page, `receipt ${lang.locale} ${size.width}`, [name]);
      });

      test("shell, Developers and forms: full theme name, default store localized, code not backticks, a copy button, one channel type", async ({
        page,
        context,
      }) => {
        await context.grantPermissions(["clipboard-read", "clipboard-write"]);
        const m = await freshMerchant();
        await signInAs(page, m, lang.locale);
        await page.goto("/dashboard/developers");

        // The theme and store menus sit in the sidebar's header, or in the drawer on a phone.
        const menuButton = page.getByTestId("open-menu");
        if (await menuButton.isVisible()) await menuButton.click();
        const theme = page.getByTestId("theme-select").filter({ visible: true });
        const clipped = await theme.evaluate((select: HTMLSelectElement) => {
          const style = getComputedStyle(select);
          const canvas = document.createElement("canvas").getContext("2d")!;
          canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const text = select.options[select.selectedIndex]!.text;
          const room =
            select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
          return canvas.measureText(text).width > room ? text : null;
        });
        expect(clipped, "the theme menu's text is cut off").toBeNull();
        const store = page.getByTestId("store-switcher").filter({ visible: true });
        await expect(store.locator("option:checked")).toHaveText(ko ? / \(기본\)$/ : / \(default\)$/);
        if (await menuButton.isVisible()) await page.keyboard.press("Escape");

        const intro = page.getByTestId("developers-intro");
        await expect(intro).not.toContainText("`");
        await expect(intro.locator("code")).toContainText("Authorization: PortOne");

        await page.getByLabel(ko ? "이름" : "Name", { exact: true }).fill("ci");
        await page.getByRole("button", { name: ko ? "API 키 생성" : "Create API key" }).click();
        const key = (await page.getByTestId("new-api-key").textContent())!.trim();
        await page.getByTestId("copy-api-key").click();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
        await checkKoreanPage(page, `developers ${lang.locale} ${size.width}`);

        for (const path of ["/dashboard/cash-receipts", "/dashboard/verifications"]) {
          await page.goto(path);
          // The channels load after the page: wait for one before reading them all.
          await expect(
            page.locator("main select option", { hasText: ko ? "(테스트)" : "(Test)" }).first(),
          ).toBeAttached();
          const options = await page.locator("main select option").allTextContents();
          // One type per channel: the stored English "(test)" gives way to the localized type.
          expect(
            options.filter((o) => /\(test\)\s*\(/i.test(o) || (ko && /\(test\)/i.test(o))),
            path,
          ).toEqual([]);
        }
      });

      test("a failed payment's reason reads in the reader's language; the saved-view label stays on one line", async ({
        page,
        request,
      }) => {
        const m = await freshMerchant();
        const paymentId = `fail-${Date.now().toString(36)}`;
        const failed = await request.post(`/v2/payments/${paymentId}/instant/pay`, {
          headers: auth(m),
          data: cardPayBody(m, SANDBOX_CARDS.DECLINED, { order_name: "겨울 외투" }),
        });
        expect(failed.status()).toBeGreaterThanOrEqual(400);
        await signInAs(page, m, lang.locale);
        await page.goto(`/dashboard/payments/${paymentId}`);
        const timeline = page.getByTestId("timeline");
        await expect(timeline).toContainText(ko ? "카드사 승인 거절" : "Card declined by the issuer");
        await expect(timeline).not.toContainText("(sandbox)");
        await checkKoreanPage(page, `failed payment ${lang.locale} ${size.width}`);

        await page.goto("/dashboard/payments");
        const label = page.getByTestId("saved-views-label");
        await expect(label).toBeVisible();
        const lines = await label.evaluate((el) => {
          const lineHeight = Number.parseFloat(getComputedStyle(el).lineHeight) || 20;
          return Math.round(el.getBoundingClientRect().height / lineHeight);
        });
        expect(lines, "the saved-view label wraps").toBe(1);
      });

      test("/docs: its own favicon, chrome in the reader's language", async ({ page }) => {
        const missing: string[] = [];
        page.on("response", (r) => {
          if (r.status() === 404) missing.push(new URL(r.url()).pathname);
        });
        await page.goto("/docs");
        await expect(page.locator("html")).toHaveAttribute("lang", lang.locale);
        await expect(page).toHaveTitle(ko ? "API 레퍼런스 · 결제 플랫폼" : "API reference · Payment Platform");
        await expect(
          page.getByRole("link", { name: ko ? "← 대시보드로 돌아가기" : "← Back to the dashboard" }),
        ).toBeVisible();
        expect(missing).toEqual([]);
      });
    });
