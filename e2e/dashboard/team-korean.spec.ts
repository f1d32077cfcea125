import { expect, test, type Page } from "@playwright/test";
import { generate } from "otplib";
import { freshMerchant, startTwoFactorSetup } from "./helpers";
import { checkPage, expectOnScreenWithoutSidewaysScroll } from "./quality";

/**
 * The team page, invitations, two-factor set-up and the audit log as a Korean merchant meets them,
 * at desktop and phone widths: Korean labels, no raw enum names, no sideways scroll, axe clean.
 */

async function signInKorean(page: Page, email: string, password: string, code?: () => Promise<string>) {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "가맹점 관리자 로그인" })).toBeVisible();
  await page.getByLabel("이메일").fill(email);
  await page.getByLabel("비밀번호").fill(password);
  await page.getByRole("button", { name: "로그인" }).click();
  if (code) {
    await page.getByLabel("2단계 인증 코드").fill(await code());
    await page.getByRole("button", { name: "로그인" }).click();
  }
  await expect(page).toHaveURL(/\/dashboard$/);
}

for (const viewport of [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test.describe(`${viewport.width} px, Korean`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height }, locale: "ko-KR" });

    test(`${viewport.name}: 팀원 초대 → 수락 → 2단계 인증 설정 → 감사 로그`, async ({ page }) => {
      const m = await freshMerchant();
      const email = `ko-${viewport.name}-${Date.now().toString(36)}@example.com`;
      await signInKorean(page, m.dashboard.email, m.dashboard.password);
      await page.goto("/dashboard/team");
      await expect(page.getByRole("heading", { level: 1, name: "팀" })).toBeVisible();
      await checkPage(page, `team (${viewport.name})`);
      // On a phone each member is a card: the role selector is on screen, not in a table's hidden columns.
      await expectOnScreenWithoutSidewaysScroll(
        page.getByRole("combobox", { name: /의 역할$/ }),
        `the owner's role selector (${viewport.name})`,
      );

      await page.getByLabel("이메일", { exact: true }).fill(email);
      await page.getByLabel("역할", { exact: true }).selectOption("VIEWER");
      await page.getByRole("button", { name: "초대 보내기" }).click();
      await expect(
        page.getByText("초대를 만들었습니다. 링크는 72시간 동안 한 번만 쓸 수 있고 지금만 표시됩니다:"),
      ).toBeVisible();
      const link = (await page.getByTestId("invite-link").textContent())!;
      await expect(page.getByTestId("pending-invitations")).toContainText(email);
      await expect(page.getByTestId("pending-invitations")).toContainText("조회 전용");
      await checkPage(page, `team with an invitation (${viewport.name})`);
      await page.getByRole("link", { name: "보낸 편지함 열기" }).click();
      await expect(page.getByTestId("outbox")).toContainText(link);
      await checkPage(page, `outbox (${viewport.name})`);

      // The invitee, signed out, accepts in Korean.
      await page.context().clearCookies();
      await page.goto(new URL(link).pathname);
      await page.getByLabel("이름").fill("김나리");
      await page.getByLabel("비밀번호 (10자 이상)").fill("나리의 긴 비밀번호입니다");
      await page.getByRole("button", { name: "초대 수락" }).click();
      await expect(page.getByText("환영합니다! 이메일과 새 비밀번호로 로그인하세요.")).toBeVisible();

      await signInKorean(page, email, "나리의 긴 비밀번호입니다");
      await page.goto("/dashboard/team");
      await startTwoFactorSetup(page, "2단계 인증 설정");
      await checkPage(page, `two-factor set-up (${viewport.name})`);
      const secret = (await page.getByTestId("totp-secret").textContent())!;
      await page.getByLabel("6자리 코드").fill(await generate({ secret }));
      await page.getByRole("button", { name: "사용하기" }).click();
      await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
      await expect(page.getByTestId(`member-${email}`)).toContainText("사용");
      await expect(page.getByTestId(`member-${email}`)).not.toContainText("미사용");
      await checkPage(page, `recovery codes (${viewport.name})`);

      // Signing in again asks for the code (a later time step: each is accepted once).
      await page.context().clearCookies();
      await signInKorean(page, email, "나리의 긴 비밀번호입니다", () =>
        generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }),
      );

      await page.goto("/dashboard/audit-log");
      await expect(page.getByRole("heading", { level: 1, name: "감사 로그" })).toBeVisible();
      const log = page.getByTestId("audit-log");
      await expect(log.getByRole("row").filter({ hasText: "2단계 인증 사용" })).toContainText(`김나리 <${email}>`);
      await expect(log.getByRole("row").filter({ hasText: "초대 수락" })).toContainText("김나리");
      await expect(log.getByRole("row").filter({ hasText: "초대 발송" })).toBeVisible();
      await checkPage(page, `audit log (${viewport.name})`);
      await page.getByLabel("누가").selectOption({ label: `김나리 <${email}>` });
      await page.getByRole("button", { name: "적용" }).click();
      await expect(page).toHaveURL(/actor=user_/);
      await expect(log.getByRole("row").filter({ hasText: "초대 발송" })).toHaveCount(0);
      await checkPage(page, `audit log filtered (${viewport.name})`);
    });
  });
}
