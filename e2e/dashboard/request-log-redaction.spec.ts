import { expect, test } from "@playwright/test";
import { getDb } from "@/lib/db/client";
import { insertUser } from "@/lib/users/repository";
import { freshMerchant, signIn } from "./helpers";

/**
 * What a client sends in a query or a body of any JSON type reaches the
 * request log redacted, so a read-only role browsing /dashboard/logs never sees an API key or a
 * card number.
 */
test("a viewer reading the request log sees no API key or card number a client sent in a query or a JSON-string body", async ({
  page,
  request,
}) => {
  const m = await freshMerchant();
  const leaked = `sk_${"Z9y8X7w6V5u4".repeat(3)}`;
  const card = "5555 5555 5555 4444";
  const auth = { authorization: `PortOne ${m.api_key}` };
  const listed = await request.get(`/v2/payments?api_key=${leaked}&q=${encodeURIComponent(card)}`, { headers: auth });
  expect(listed.status()).toBeLessThan(500);
  const stringBody = await request.post("/v2/billing-keys", {
    headers: { ...auth, "content-type": "application/json" },
    data: JSON.stringify(leaked),
  });
  expect(stringBody.status()).toBe(400);

  const email = `viewer-${Date.now().toString(36)}@example.com`;
  await insertUser(getDb(), {
    merchantId: m.merchant_id,
    email,
    name: "Viewer",
    password: "viewer-password",
    role: "VIEWER",
  });
  await signIn(page, email, "viewer-password");
  // The log is written in batches (REQUEST_LOG_FLUSH_MS): reload until both requests are listed.
  const entries = page.locator('a[href^="/dashboard/logs/"]');
  await expect(async () => {
    await page.goto("/dashboard/logs");
    await expect(entries).toHaveCount(2, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const forbidden = [leaked, card, encodeURIComponent(card), "5555555555554444"];
  // The page shows the query and the body, redacted: so an unredacted one would be seen.
  await expect(page.getByText("api_key=********").first()).toBeVisible();
  for (const text of forbidden) expect(await page.content()).not.toContain(text);
  let shown = "";
  const hrefs = await entries.evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  for (const href of hrefs) {
    await page.goto(href);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const html = await page.content();
    shown += html;
    for (const text of forbidden) expect(html, `${href} shows ${text}`).not.toContain(text);
  }
  expect(shown).toContain("sk_[redacted]");
});
