import { expect, test } from "@playwright/test";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import { freshMerchant, signIn } from "./helpers";

test("the Developers page links the API reference, which renders offline with auth schemes and sandbox cards", async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  const problems: string[] = [];
  // Nothing may be fetched from another origin (no CDN script, font or telemetry): fail those requests and list them.
  await page.route("**/*", (route) => {
    if (new URL(route.request().url()).origin === origin) return route.continue();
    elsewhere.push(route.request().url());
    return route.abort();
  });
  page.on("console", (message) => {
    if (message.type() === "error" || /Content Security Policy/i.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));

  const m = await freshMerchant();
  await signIn(page, m.dashboard.email, m.dashboard.password);
  await page.getByRole("link", { name: "Developers" }).click();
  await page.getByTestId("api-reference-link").click();
  await expect(page).toHaveURL(/\/docs$/);

  await expect(page.getByRole("heading", { name: "Payment platform API" })).toBeVisible();
  await expect(page.getByText("Testing with the sandbox").first()).toBeVisible();
  for (const number of [SANDBOX_CARDS.VISA_OK, SANDBOX_CARDS.DECLINED, SANDBOX_CARDS.CANCEL_REFUSED])
    await expect(page.getByText(number).first()).toBeAttached();
  await expect(page.getByText("Authorization: PortOne <api key>").first()).toBeAttached();
  // An operation from the document is listed in the sidebar.
  await expect(page.getByText("Log in with an API key").first()).toBeVisible();

  const csp = (await page.request.get("/docs")).headers()["content-security-policy"];
  expect(csp).toContain("script-src 'self' 'nonce-");
  expect(csp).not.toContain("unsafe-eval");
  expect(elsewhere).toEqual([]);
  expect(problems).toEqual([]);
});
