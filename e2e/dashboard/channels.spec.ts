import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { getDb } from "@/lib/db/client";
import { insertUser } from "@/lib/users/repository";
import { tossFakePort } from "../toss-fake/port";
import { startTossFake, type TossFake } from "../toss-fake/server";
import { chooseLanguage, freshMerchant, openFromMenu, signIn, toast } from "./helpers";
import { checkPage } from "./quality";

/** The server's LIVE Toss channels reach this fake (playwright.config.ts sets TOSS_API_BASE to its port). */
let fake: TossFake;
test.beforeAll(async () => {
  fake = await startTossFake({ port: tossFakePort() });
});
test.afterAll(async () => {
  await fake?.close();
});

const liveKey = (tag = "") => `live_sk_${tag}${randomBytes(9).toString("base64url")}`;

async function connect(page: Page, name: string, secretKey: string) {
  await page.getByLabel("Channel name").fill(name);
  await page.getByLabel("Merchant id (MID)").fill(`mid_${secretKey.slice(-6)}`);
  await page.getByLabel("Secret key").fill(secretKey);
  await page.getByRole("button", { name: "Connect and test" }).click();
}

for (const viewport of [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`${viewport.name}: an owner connects Toss, tests and enables it; TEST and LIVE are marked; the key is never shown; in Korean too`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const m = await freshMerchant();
    await signIn(page, m.dashboard.email, m.dashboard.password);
    await openFromMenu(page, "Channels");

    // The sandbox channels, each marked TEST; no LIVE channel yet.
    const testChannels = page.getByTestId("test-channels");
    await expect(testChannels.getByRole("listitem").first()).toContainText("Test");
    await expect(page.getByText("No live channel yet.")).toBeVisible();
    await checkPage(page, `channels, empty (${viewport.name})`);

    // A key that is not a live secret key is refused at the field, before anything is sent.
    await connect(page, "Toss live", "test_sk_not_live");
    await expect(page.getByText("A Toss Payments live secret key starts with live_sk_.")).toBeVisible();

    // Toss refuses this key (401 UNAUTHORIZED_KEY): saved, disabled, and it cannot be enabled.
    await connect(page, "Toss refused", liveKey("revoked"));
    await expect(toast(page, "The connection test failed.")).toBeVisible();
    const refused = page.getByTestId("live-channels").getByRole("listitem").filter({ hasText: "Toss refused" });
    await expect(refused).toContainText("Connection test failed");
    await expect(refused.getByRole("button", { name: "Enable" })).toBeDisabled();

    const secretKey = liveKey();
    await connect(page, "Toss live", secretKey);
    await expect(toast(page, "Channel connected and tested.")).toBeVisible();
    const live = page.getByTestId("live-channels").getByRole("listitem").filter({ hasText: "Toss live" });
    await expect(live).toContainText("Live");
    await expect(live).toContainText(`••••${secretKey.slice(-4)}`);
    await expect(live.getByTestId("channel-state")).toHaveText("Disabled");
    await expect(page.getByLabel("Secret key")).toHaveValue("");

    await live.getByRole("button", { name: "Test connection" }).click();
    await expect(toast(page, "The connection works.")).toBeVisible();
    await live.getByRole("button", { name: "Enable" }).click();
    await expect(toast(page, "Channel enabled.")).toBeVisible();
    await expect(live.getByTestId("channel-state")).toHaveText("Enabled");
    // Replacing the key tests the new one at once; only its last four characters are shown.
    const newKey = liveKey();
    await live.getByLabel("Replacement live key").fill(newKey);
    await live.getByRole("button", { name: "Change key and test" }).click();
    await expect(toast(page, "Secret key changed and tested.")).toBeVisible();
    await expect(live).toContainText(`••••${newKey.slice(-4)}`);
    await expect(live.getByLabel("Replacement live key")).toHaveValue("");
    // The secret key is sealed at rest and never sent back to the browser.
    expect(await page.content()).not.toContain(secretKey);
    expect(await page.content()).not.toContain(newKey);
    await checkPage(page, `channels, connected (${viewport.name})`);

    await chooseLanguage(page, "Language", "ko");
    await expect(page.getByRole("heading", { level: 1, name: "채널" })).toBeVisible();
    await expect(live.getByTestId("channel-state")).toHaveText("사용 중");
    await expect(live).toContainText("실연동");
    await expect(testChannels.getByRole("listitem").first()).toContainText("테스트");
    await live.getByRole("button", { name: "사용 중지" }).click();
    await expect(toast(page, "채널 사용을 중지했습니다.")).toBeVisible();
    await expect(live.getByTestId("channel-state")).toHaveText("사용 안 함");
    await checkPage(page, `channels, Korean (${viewport.name})`);
    await chooseLanguage(page, "언어", "en");
  });
}

test("a viewer sees the channels page tell them so, with nothing to change", async ({ page }) => {
  const m = await freshMerchant();
  const email = `viewer-${Date.now().toString(36)}@example.com`;
  await insertUser(getDb(), {
    merchantId: m.merchant_id,
    email,
    name: "Viewer",
    password: "viewer-password",
    role: "VIEWER",
  });
  await signIn(page, email, "viewer-password");
  await page.goto("/dashboard/channels");
  await expect(page.getByText("Only owners and admins manage channels.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Connect and test" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Enable" })).toHaveCount(0);
  await expect(page.getByLabel("Secret key")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Change key and test" })).toHaveCount(0);
});
