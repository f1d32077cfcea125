import { expect, test } from "@playwright/test";
import { getDb } from "@/lib/db/client";
import { cardPayBody } from "@/lib/testing/payments";
import { freshMerchant, LANGUAGES, signInAs, toast, WIDTHS } from "./helpers";
import { checkKoreanPage } from "./quality";

/** Channel health, the open-circuit attention item, and channel groups edited with a preview. */
for (const size of WIDTHS)
  for (const lang of LANGUAGES)
    test.describe(`channel groups, ${size.name}, ${lang.locale}`, () => {
      test.use({ viewport: { width: size.width, height: size.height }, locale: lang.browser });
      const ko = lang.locale === "ko";

      test("health per channel, an open circuit on the overview, a group with a rule previewed, saved, edited and deleted", async ({
        page,
        request,
      }) => {
        const m = await freshMerchant();
        const channel = (pg: string) => m.channels.find((c) => c.pg_provider === pg)!;
        const paid = await request.post(`/v2/payments/groups-${Date.now().toString(36)}/instant/pay`, {
          headers: { authorization: `PortOne ${m.api_key}` },
          data: cardPayBody(m),
        });
        expect(paid.status()).toBe(200);
        // KCP's circuit is open (as after repeated failures): payments skip it and the overview says so.
        const kcp = await getDb()
          .selectFrom("channels")
          .select("id")
          .where("key", "=", channel("KCP").key)
          .executeTakeFirstOrThrow();
        const now = Date.now();
        await getDb()
          .insertInto("channel_circuits")
          .values({
            channel_id: kcp.id,
            state: "OPEN",
            consecutive_failures: 5,
            opened_at: now,
            probe_started_at: null,
            updated_at: now,
          })
          .execute();
        const names = [
          "Toss Payments (test)",
          "KCP (test)",
          "NICE (test)",
          "KakaoPay (test)",
          "Danal identity verification (test)",
        ];

        await signInAs(page, m, lang.locale);
        await expect(page.getByTestId("attention-circuits")).toContainText("KCP (test)");
        await page.getByTestId("attention-circuits").getByRole("link").click();
        await expect(page.getByRole("heading", { level: 1, name: ko ? "채널" : "Channels" })).toBeVisible();

        const toss = page.getByTestId(`health-${channel("TOSSPAYMENTS").key}`);
        await expect(toss.getByRole("cell").nth(1)).toHaveText("1");
        await expect(toss.getByTestId("circuit-state")).toHaveText(ko ? "정상" : "Closed");
        await expect(page.getByTestId(`health-${channel("KCP").key}`).getByTestId("circuit-state")).toHaveText(
          ko ? "열림" : "Open",
        );
        await expect(page.getByText(ko ? "아직 채널 그룹이 없습니다." : "No channel group yet.")).toBeVisible();
        await checkKoreanPage(page, `channels with health ${size.name} ${lang.locale}`, names);

        await page.getByRole("button", { name: ko ? "새 그룹" : "New group" }).click();
        const form = page.getByTestId("group-form");
        await form.getByLabel(ko ? "그룹 이름" : "Group name").fill("Cards split");
        await form.getByRole("button", { name: ko ? "규칙 추가" : "Add rule" }).click();
        const rule = form.getByTestId("rule-0");
        await rule.getByLabel(ko ? "규칙 이름" : "Rule name").fill("Amex rule");
        await rule.getByLabel(ko ? "아메리칸 익스프레스" : "American Express").check();
        await rule.getByLabel(ko ? "채널 1" : "Channel 1", { exact: true }).selectOption(channel("NICE").key);

        const preview = form.getByTestId("routing-preview");
        await preview.getByLabel(ko ? "카드 앞자리" : "Card's first digits").fill("371234");
        await preview.getByRole("button", { name: ko ? "미리보기" : "Preview", exact: true }).click();
        const result = preview.getByTestId("preview-result");
        await expect(result).toContainText("NICE (test)");
        await expect(result).toContainText("Amex rule");
        // A Visa card matches no rule: the group's 70/30 split, with KCP skipped while its circuit is open.
        await preview.getByLabel(ko ? "카드 앞자리" : "Card's first digits").fill("424242");
        await preview.getByRole("button", { name: ko ? "미리보기" : "Preview", exact: true }).click();
        await expect(result).toContainText(ko ? "맞는 규칙이 없어" : "No rule matches");
        await expect(result).toContainText("Toss Payments (test)");
        await expect(result).toContainText(
          ko ? "지금 건너뜀: KCP (test) (회로 열림)" : "Skipped now: KCP (test) (circuit open)",
        );
        await checkKoreanPage(page, `channel group form ${size.name} ${lang.locale}`, [
          ...names,
          "Cards split",
          "Amex rule",
          "order-1001",
        ]);

        // A weight out of range is refused at the field before anything is sent.
        await form
          .getByLabel(ko ? "채널 1의 비중" : "Weight of channel 1", { exact: true })
          .first()
          .fill("5000");
        await form.getByRole("button", { name: ko ? "그룹 만들기" : "Create group" }).click();
        await expect(form.getByRole("alert").first()).toBeVisible();
        await form
          .getByLabel(ko ? "채널 1의 비중" : "Weight of channel 1", { exact: true })
          .first()
          .fill("70");
        await form.getByRole("button", { name: ko ? "그룹 만들기" : "Create group" }).click();
        await expect(toast(page, ko ? "채널 그룹을 저장했습니다." : "Channel group saved.")).toBeVisible();
        const group = page.getByTestId("channel-groups").getByRole("listitem").filter({ hasText: "Cards split" });
        await expect(group).toContainText("channel-group-");

        await group.getByRole("button", { name: ko ? "수정" : "Edit" }).click();
        await page
          .getByTestId("group-form")
          .getByLabel(ko ? "그룹 이름" : "Group name")
          .fill("Cards split 2");
        await page.getByRole("button", { name: ko ? "그룹 저장" : "Save group" }).click();
        // The creation's toast may still be showing: the second one joins it.
        await expect(toast(page, ko ? "채널 그룹을 저장했습니다." : "Channel group saved.").first()).toBeVisible();
        const renamed = page.getByTestId("channel-groups").getByRole("listitem").filter({ hasText: "Cards split 2" });
        await expect(renamed).toContainText(ko ? "규칙 1개" : "1 rule");

        await renamed.getByRole("button", { name: ko ? "삭제" : "Delete" }).click();
        await page
          .getByRole("alertdialog")
          .getByRole("button", { name: ko ? "삭제" : "Delete" })
          .click();
        await expect(toast(page, ko ? "채널 그룹을 삭제했습니다." : "Channel group deleted.")).toBeVisible();
        await expect(page.getByTestId("channel-groups").getByRole("listitem")).toHaveCount(0);
      });
    });
