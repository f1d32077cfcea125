import { expect, test, type Page } from "@playwright/test";
import { cardPayBody, newPaymentId } from "@/lib/testing/payments";
import { storeBody } from "@/lib/testing/stores";
import { freshMerchant, signIn } from "./helpers";

/** Every CSP violation the page reports (console and securitypolicyviolation events). */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(message.text()))
      seen.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`Refused to load (CSP ${e.violatedDirective}) ${e.blockedURI}`),
    );
  });
  return seen;
}

const PAGES = [
  "/dashboard",
  "/dashboard/payments",
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

test("every dashboard page runs under the nonce CSP with no violation", async ({ page }) => {
  const violations = await watchViolations(page);
  const m = await freshMerchant({ hosting: true });
  const login = await page.goto("/login");
  const csp = login!.headers()["content-security-policy"]!;
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("unsafe-eval");
  await signIn(page, m.dashboard.email, m.dashboard.password);
  for (const path of PAGES) {
    const res = await page.goto(path);
    expect(res!.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // A client-side navigation too: chunks loaded by trusted scripts ('strict-dynamic').
  }
  await page.getByRole("navigation", { name: "main" }).getByRole("link", { name: "Payments" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});

test("detail pages, the palette and a stored dark theme run with no violation either", async ({ page, request }) => {
  const violations = await watchViolations(page);
  const m = await freshMerchant({ hosting: true });
  const api = (path: string, data: unknown) =>
    request.post(path, { headers: { authorization: `PortOne ${m.api_key}` }, data });
  const paymentId = newPaymentId();
  const paid = await api(
    `/v2/payments/${paymentId}/instant/pay`,
    cardPayBody(m, undefined, { order_name: "CSP desk" }),
  );
  expect(paid.status(), await paid.text()).toBe(200);
  const card = cardPayBody(m).payment_method_option;
  const key = await api("/v2/billing-keys", {
    channel_key: m.channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!.key,
    payment_method_option: card,
  });
  expect(key.status(), await key.text()).toBe(200);
  const verificationId = `iv-csp-${Date.now().toString(36)}`;
  const sent = await api(`/identity-verifications/${verificationId}/send`, {
    channelKey: m.channels.find((c) => c.pg_provider === "DANAL")!.key,
    customer: { name: "Kim", phoneNumber: "01011112222", identityNumber: "8703152" },
    operator: "SKT",
    method: "SMS",
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const store = await api("/v2/stores", storeBody());
  expect(store.status(), await store.text()).toBe(200);
  const storeId = (await store.json()).id as string;

  await signIn(page, m.dashboard.email, m.dashboard.password);
  // next-themes writes its inline script with the nonce; a stored choice makes it act on load.
  // A choice made before the select hydrates is not stored: choose until the page turns dark.
  await expect(async () => {
    await page.getByTestId("theme-select").first().selectOption("dark");
    await expect(page.locator("html")).toHaveClass(/dark/, { timeout: 2_000 });
  }).toPass();
  for (const path of [
    `/dashboard/payments/${paymentId}`,
    `/dashboard/billing-keys/${(await key.json()).billing_key}`,
    `/dashboard/verifications/${verificationId}`,
    `/dashboard/stores/${storeId}`,
    `/dashboard/stores/${storeId}/edit`,
    "/dashboard",
  ]) {
    const res = await page.goto(path);
    expect(res!.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.getByTestId("open-palette").click();
  await page.getByRole("dialog").getByRole("combobox").fill("CSP desk");
  await expect(
    page
      .getByRole("dialog")
      .getByRole("option", { name: /CSP desk/ })
      .first(),
  ).toBeVisible();
  expect(violations).toEqual([]);
});

test("the nonce differs per response and every response carries nosniff, Referrer-Policy and no framing", async ({
  request,
}) => {
  const [a, b] = [await request.get("/login"), await request.get("/login")];
  const nonce = (r: typeof a) => r.headers()["content-security-policy"]!.match(/'nonce-([^']+)'/)![1];
  expect(nonce(a)).not.toBe(nonce(b));
  for (const path of ["/login", "/openapi.json", "/v2/channels", "/v2/nope", "/favicon.ico"]) {
    const headers = (await request.get(path)).headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("same-origin");
    expect(headers["x-frame-options"], path).toBe("DENY");
  }
  const api = (await request.get("/v2/channels")).headers();
  expect(api["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  // Served over plain http here: no HSTS (it is sent when PUBLIC_URL / NEXTAUTH_URL is https).
  expect(api["strict-transport-security"]).toBeUndefined();
});

test("another site cannot frame the dashboard (its cancel buttons)", async ({ page, baseURL }) => {
  const framing = (src: string) => `<iframe id="victim" src="${src}" onload="document.title='loaded'"></iframe>`;
  await page.route("http://attacker.test/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: route.request().url().endsWith("/own")
        ? "<input id=own>"
        : framing(route.request().url().endsWith("/control") ? "/own" : `${baseURL}/login`),
    }),
  );
  // Control: a page without frame-ancestors renders inside the same frame.
  await page.goto("http://attacker.test/control");
  await expect(page.frameLocator("#victim").locator("#own")).toHaveCount(1);
  await page.goto("http://attacker.test/victim");
  await expect(page).toHaveTitle("loaded");
  const victim = page.frames().find((f) => f !== page.mainFrame())!;
  expect(victim.url()).not.toContain("/login");
  expect(await victim.locator("input").count()).toBe(0);
});
