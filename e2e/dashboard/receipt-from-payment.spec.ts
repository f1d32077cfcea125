import { expect, test } from "@playwright/test";
import { cardPayBody, virtualAccountPayBody } from "@/lib/testing/payments";
import { freshMerchant, LANGUAGES, signInAs, WIDTHS } from "./helpers";
import { checkKoreanPage } from "./quality";

/** A cash receipt issued from the payment page, amounts from the payment; none for a card. */
for (const size of WIDTHS)
  for (const lang of LANGUAGES)
    test.describe(`cash receipt from the payment, ${size.name}, ${lang.locale}`, () => {
      test.use({ viewport: { width: size.width, height: size.height }, locale: lang.browser });
      const ko = lang.locale === "ko";

      test("a deposited virtual account gets its receipt, capped by the payment; a card payment says why not", async ({
        page,
        request,
        context,
      }) => {
        const m = await freshMerchant();
        const headers = { authorization: `PortOne ${m.api_key}` };
        const stamp = Date.now().toString(36);
        const va = `va-${stamp}`;
        const card = `card-${stamp}`;
        const issued = await request.post(`/v2/payments/${va}/instant/pay`, {
          headers,
          data: virtualAccountPayBody(m, { total_amount: 25000, order_name: "원목 책상" }),
        });
        expect(issued.status()).toBe(200);
        const deposit = await request.post(`/v2/test-payments/${va}/notice-virtual-account-deposit`, {
          headers,
          data: {},
        });
        expect(deposit.status()).toBe(200);
        expect(
          (
            await request.post(`/v2/payments/${card}/instant/pay`, {
              headers,
              data: cardPayBody(m, undefined, { order_name: "원목 의자" }),
            })
          ).status(),
        ).toBe(200);

        await signInAs(page, m, lang.locale);
        await page.goto(`/dashboard/payments/${card}`);
        await expect(page.getByTestId("receipt-not-for-card")).toContainText(
          ko ? "카드 결제는 카드 전표가 증빙입니다" : "A card payment's slip is already its proof",
        );

        await page.goto(`/dashboard/payments/${va}`);
        const form = page.getByRole("form", { name: ko ? "현금영수증" : "Cash receipt" });
        const amount = form.getByLabel(ko ? "금액" : "Amount", { exact: true });
        await expect(amount).toHaveValue("25000");
        await form.getByLabel(ko ? "휴대폰 또는 사업자 번호" : "Phone or business number").fill("010-5555-6666");
        // More than was paid is refused before anything is sent.
        await amount.fill("25001");
        await form.getByRole("button", { name: ko ? "발급" : "Issue", exact: true }).click();
        await expect(form).toContainText(ko ? "₩25,000" : "₩25,000");
        await expect(page.getByTestId("receipt-issued")).toHaveCount(0);
        await amount.fill("25000");
        await form.getByRole("button", { name: ko ? "발급" : "Issue", exact: true }).click();
        const done = page.getByTestId("receipt-issued");
        await expect(done).toBeVisible();
        await checkKoreanPage(page, `receipt from the payment ${lang.locale} ${size.width}`);

        // The public page, in the reader's language, for the payment's order and amount.
        const [receiptPage] = await Promise.all([
          context.waitForEvent("page"),
          done.getByRole("link", { name: ko ? "영수증" : "Receipt" }).click(),
        ]);
        await receiptPage.waitForLoadState();
        const receipt = receiptPage.getByTestId("receipt");
        await expect(receipt).toContainText("원목 책상");
        await expect(receipt).toContainText("₩25,000");
        await expect(receipt).toContainText(ko ? "발급 완료" : "Issued");
      });
    });
