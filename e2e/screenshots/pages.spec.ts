import { mkdirSync, writeFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";

/** Every page, light and dark, desktop and phone, English and Korean; also each page's JS size (gzip, as served). */
const OUT = process.env.SCREENSHOTS_DIR ?? "screenshots";
const PAGES: [string, string][] = [
  ["overview", "/dashboard"],
  ["payments", "/dashboard/payments"],
  ["payment", "/dashboard/payments/demo-order-1001"],
  ["payment-va", "/dashboard/payments/demo-order-1003"],
  ["billing-keys", "/dashboard/billing-keys"],
  ["schedules", "/dashboard/schedules"],
  ["cash-receipts", "/dashboard/cash-receipts"],
  ["verifications", "/dashboard/verifications"],
  ["sandbox-inbox", "/dashboard/sandbox-inbox"],
  ["stores", "/dashboard/stores"],
  ["store-new", "/dashboard/stores/new"],
  ["onboarding", "/dashboard/stores/onboarding"],
  ["webhooks", "/dashboard/webhooks"],
  ["developers", "/dashboard/developers"],
  ["logs", "/dashboard/logs"],
  ["channels", "/dashboard/channels"],
  ["reconciliation", "/dashboard/reconciliation"],
  ["team", "/dashboard/team"],
  ["team-outbox", "/dashboard/team/outbox"],
  ["audit-log", "/dashboard/audit-log"],
];

async function signIn(page: Page) {
  await page.goto("/login");
  await page.locator("#email, input[type=email]").first().fill("demo@example.com");
  await page.locator("input[type=password]").first().fill("screenshots-demo");
  await page.locator("button[type=submit]").click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  for (const locale of ["en-US", "ko-KR"] as const) {
    test(`screenshots ${width} ${locale}`, async ({ browser }) => {
      mkdirSync(OUT, { recursive: true });
      const bundles: Record<string, number> = {};
      for (const theme of ["light", "dark"] as const) {
        const context = await browser.newContext({ viewport: { width, height }, locale, colorScheme: theme });
        const page = await context.newPage();
        await signIn(page);
        for (const [name, path] of PAGES) {
          await page.goto(path);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          await page.waitForLoadState("networkidle");
          await page.screenshot({ path: `${OUT}/${width}-${locale.slice(0, 2)}-${theme}-${name}.png`, fullPage: true });
          if (theme === "light" && width === 1440 && locale === "en-US") {
            bundles[path] = await page.evaluate(() =>
              performance
                .getEntriesByType("resource")
                .filter((r) => (r as PerformanceResourceTiming).initiatorType === "script" || r.name.endsWith(".js"))
                .reduce((s, r) => s + (r as PerformanceResourceTiming).encodedBodySize, 0),
            );
          }
        }
        await context.close();
      }
      if (Object.keys(bundles).length) writeFileSync(`${OUT}/bundles.json`, JSON.stringify(bundles, null, 2));
    });
  }
}
