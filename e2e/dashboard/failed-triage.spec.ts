import { expect, test } from "@playwright/test";
import { presetRange } from "@/lib/dashboard/date-range";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import { cardPayBody } from "@/lib/testing/payments";
import { freshMerchant, LANGUAGES, signInAs, WIDTHS } from "./helpers";
import { checkKoreanPage } from "./quality";

/** Failed-payment triage: the reason as a column and a filter, a "yesterday" preset, ₩0 paid. */
for (const size of WIDTHS)
  for (const lang of LANGUAGES)
    test.describe(`failed payments, ${size.name}, ${lang.locale}`, () => {
      test.use({ viewport: { width: size.width, height: size.height }, locale: lang.browser });
      const ko = lang.locale === "ko";

      test("the reason in the reader's language, ₩0 paid, filtered by reason, yesterday in one click", async ({
        page,
        request,
      }) => {
        const m = await freshMerchant();
        const headers = { authorization: `PortOne ${m.api_key}` };
        const stamp = Date.now().toString(36);
        const declined = `declined-${stamp}`;
        const paid = `paid-${stamp}`;
        await request.post(`/v2/payments/${declined}/instant/pay`, {
          headers,
          data: cardPayBody(m, SANDBOX_CARDS.DECLINED, { total_amount: 45000, order_name: "겨울 외투" }),
        });
        const ok = await request.post(`/v2/payments/${paid}/instant/pay`, {
          headers,
          data: cardPayBody(m, undefined, { order_name: "털모자" }),
        });
        expect(ok.status()).toBe(200);

        await signInAs(page, m, lang.locale);
        await page.goto("/dashboard/payments");
        const failedRow = page.getByTestId(`payment-${declined}`);
        await expect(failedRow.getByTestId("failure-reason")).toHaveText(
          ko ? "카드사 승인 거절" : "Card declined by the issuer",
        );
        // Nothing was paid: ₩0, not the requested ₩45,000.
        await expect(failedRow.getByTestId("net-amount")).toHaveText("₩0");
        await expect(page.getByTestId(`payment-${paid}`).getByTestId("failure-reason")).toHaveCount(0);
        await checkKoreanPage(page, `payments with a failure ${lang.locale} ${size.width}`);

        await page.getByRole("button", { name: ko ? /^필터/ : /^Filters/ }).click();
        const panel = page.getByRole("form", { name: ko ? "필터" : "Filters" });
        await panel.getByRole("button", { name: ko ? "어제" : "Yesterday", exact: true }).click();
        const zone = ko ? "Asia/Seoul" : await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
        const yesterday = presetRange("yesterday", Date.now(), zone);
        await expect(panel.getByLabel(ko ? "시작일" : "From", { exact: true })).toHaveValue(yesterday.from);
        await expect(panel.getByLabel(ko ? "종료일" : "To", { exact: true })).toHaveValue(yesterday.to);
        // Back to today: the payments above were made today.
        await panel.getByRole("button", { name: ko ? "오늘" : "Today", exact: true }).click();
        await panel.getByLabel(ko ? "실패 사유" : "Failure reason").selectOption("CARD_DECLINED");
        await panel.getByRole("button", { name: ko ? "적용" : "Apply" }).click();
        await expect(page).toHaveURL(/failure_codes=CARD_DECLINED/);
        await expect(page.getByTestId("chip-failure")).toContainText(
          ko ? "카드사 승인 거절" : "Card declined by the issuer",
        );
        await expect(page.getByTestId(`payment-${paid}`)).toHaveCount(0);
        await expect(failedRow).toBeVisible();
        await checkKoreanPage(page, `payments filtered by reason ${lang.locale} ${size.width}`);
      });
    });
