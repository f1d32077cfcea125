import { expect, test } from "@playwright/test";
import { cardPayBody } from "@/lib/testing/payments";
import { freshMerchant, LANGUAGES, signInAs, WIDTHS } from "./helpers";
import { checkKoreanPage } from "./quality";

/** A partial refund is reviewed with its amounts, like a full one; the form keeps its mode. */
for (const size of WIDTHS)
  for (const lang of LANGUAGES)
    test.describe(`refund review, ${size.name}, ${lang.locale}`, () => {
      test.use({ viewport: { width: size.width, height: size.height }, locale: lang.browser });
      const ko = lang.locale === "ko";

      test("a partial refund shows the amounts before it is sent and the form stays on partial", async ({
        page,
        request,
      }) => {
        const m = await freshMerchant();
        const paymentId = `refund-${Date.now().toString(36)}`;
        const paid = await request.post(`/v2/payments/${paymentId}/instant/pay`, {
          headers: { authorization: `PortOne ${m.api_key}` },
          data: cardPayBody(m, undefined, { total_amount: 15000, order_name: "니트 스웨터" }),
        });
        expect(paid.status()).toBe(200);
        await signInAs(page, m, lang.locale);
        await page.goto(`/dashboard/payments/${paymentId}`);

        const form = page.getByRole("form", { name: ko ? "결제 취소" : "Cancel payment" });
        await form.getByLabel(ko ? "부분 취소" : "Partial cancellation").check();
        await form.getByLabel(ko ? "취소 금액" : "Cancel amount").fill("5000");
        await form.getByLabel(ko ? "취소 사유" : "Reason").fill(ko ? "사이즈 교환" : "size exchange");
        await form.getByRole("button", { name: ko ? "결제 취소" : "Cancel payment" }).click();

        const review = page.getByRole("alertdialog");
        await expect(review).toContainText(ko ? "₩5,000을 환불할까요?" : "Refund ₩5,000?");
        await expect(review.getByTestId("refund-review")).toContainText(
          ko ? "환불 후 취소 가능 잔액₩10,000" : "Left to refund afterwards₩10,000",
        );
        // Nothing is sent before the review is confirmed.
        await page.keyboard.press("Escape");
        await expect(page.getByTestId("amount-cancelled")).toHaveText("₩0");
        await form.getByRole("button", { name: ko ? "결제 취소" : "Cancel payment" }).click();
        await page
          .getByRole("alertdialog")
          .getByRole("button", { name: ko ? "₩5,000 환불" : "Refund ₩5,000" })
          .click();
        await expect(page.getByTestId("amount-cancelled")).toHaveText("₩5,000");
        await expect(form.getByLabel(ko ? "부분 취소" : "Partial cancellation")).toBeChecked();
        await expect(form.getByLabel(ko ? "취소 금액" : "Cancel amount")).toHaveValue("");
        await checkKoreanPage(page, `refunded in part ${lang.locale} ${size.width}`);
      });
    });
