import { expect, test, type Page } from "@playwright/test";
import { generate } from "otplib";
import { getDb } from "@/lib/db/client";
import { insertUser } from "@/lib/users/repository";
import { checkPage, expectOnScreenWithoutSidewaysScroll } from "./quality";
import { freshMerchant, signIn, startTwoFactorSetup, toast } from "./helpers";

const nav = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "main" }).getByRole("link", { name, exact: true }).click();

/** A code of a later time step than any used so far (each step is accepted once). */
async function codeAfter(secret: string, stepsAhead: number) {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });
}

test("invite → accept → two-factor sign-in → the new user's actions are in the audit log under their name", async ({
  page,
}) => {
  const m = await freshMerchant();
  const email = `new-${Date.now().toString(36)}@example.com`;
  await signIn(page, m.dashboard.email, m.dashboard.password);
  await nav(page, "Team");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("ADMIN");
  await page.getByRole("button", { name: "Send invitation" }).click();
  const link = (await page.getByTestId("invite-link").textContent())!;
  await expect(page.getByTestId("pending-invitations")).toContainText(email);
  await checkPage(page, "team");
  await page.getByRole("link", { name: "Open the outbox" }).click();
  await expect(page.getByTestId("outbox")).toContainText(link);

  // The invitee, signed out.
  await page.context().clearCookies();
  await page.goto(new URL(link).pathname);
  await page.getByLabel("Your name").fill("Nari Kim");
  await page.getByLabel("Password (at least 10 characters)").fill("nari's long password");
  await page.getByRole("button", { name: "Accept invitation" }).click();
  await expect(page.getByText("Welcome!")).toBeVisible();
  await page.goto(new URL(link).pathname);
  await expect(page.getByText("This invitation link is not valid any more")).toBeVisible();

  await signIn(page, email, "nari's long password");
  await nav(page, "Team");
  await startTwoFactorSetup(page, "Set up two-factor");
  const secret = (await page.getByTestId("totp-secret").textContent())!;
  await page.getByLabel("6-digit code").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
  await expect(page.getByTestId(`member-${email}`)).toContainText("On");

  // Signing in again asks for the code after the password.
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("nari's long password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByLabel("Two-factor code").fill("000000");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("That code is not valid.")).toBeVisible();
  await page.getByLabel("Two-factor code").fill(await codeAfter(secret, 1));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // An action of the new user, then the log.
  await nav(page, "Developers");
  await page.getByLabel("Name").fill("Nari's key");
  await page.getByRole("button", { name: "Create API key" }).click();
  await expect(toast(page, /created/i)).toBeVisible();
  await nav(page, "Audit log");
  const log = page.getByTestId("audit-log");
  await expect(log.getByRole("row").filter({ hasText: "API key created" })).toContainText(`Nari Kim <${email}>`);
  await expect(log.getByRole("row").filter({ hasText: "Two-factor turned on" })).toContainText("Nari Kim");
  await expect(log.getByRole("row").filter({ hasText: "Invitation accepted" })).toContainText("Nari Kim");
  await expect(log.getByRole("row").filter({ hasText: "Invitation sent" })).toBeVisible();
  await checkPage(page, "audit log");
  await page.getByLabel("Who").selectOption({ label: `Nari Kim <${email}>` });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(log.getByRole("row").filter({ hasText: "Invitation sent" })).toHaveCount(0);
  await expect(page).toHaveURL(/actor=user_/);
});

test("a VIEWER sees the team and the logs but cannot change them; another merchant sees none of it", async ({
  page,
}) => {
  const m = await freshMerchant();
  const viewerEmail = `viewer-${Date.now().toString(36)}@example.com`;
  await insertUser(getDb(), {
    merchantId: m.merchant_id,
    email: viewerEmail,
    name: "Vera Viewer",
    password: "viewer's password",
    role: "VIEWER",
  });
  // The owner makes one change, so the log has an entry.
  await signIn(page, m.dashboard.email, m.dashboard.password);
  await nav(page, "Developers");
  await page.getByLabel("Name").fill("Owner key");
  await page.getByRole("button", { name: "Create API key" }).click();
  await expect(toast(page, /created/i)).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, viewerEmail, "viewer's password");
  await nav(page, "Team");
  await expect(page.getByTestId(`member-${m.dashboard.email.toLowerCase()}`)).toBeVisible();
  await expect(page.getByText("Only owners and admins of the whole merchant manage the team.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send invitation" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Remove" })).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: /Role of/ })).toHaveCount(0);
  await nav(page, "Audit log");
  await expect(page.getByTestId("audit-log").getByRole("row").filter({ hasText: "API key created" })).toBeVisible();
  await page.goto("/dashboard/team/outbox");
  await expect(page.getByRole("heading", { name: "Outbox" })).toHaveCount(0);

  const other = await freshMerchant();
  await page.context().clearCookies();
  await signIn(page, other.dashboard.email, other.dashboard.password);
  await nav(page, "Audit log");
  await expect(page.getByText("No entries match.")).toBeVisible();
  await nav(page, "Team");
  await expect(page.getByTestId("team-members").getByRole("row")).toHaveCount(2);
  await expect(page.getByText("Vera Viewer")).toHaveCount(0);
  const entryId = (
    await getDb()
      .selectFrom("audit_log")
      .select("target_id")
      .where("merchant_id", "=", m.merchant_id)
      .executeTakeFirstOrThrow()
  ).target_id;
  await page.goto(`/dashboard/audit-log?target=${entryId}`);
  await expect(page.getByText("No entries match.")).toBeVisible();
});

test("saved views: save the filters and columns, share, pick a default, rename, delete", async ({ page }) => {
  const m = await freshMerchant();
  await signIn(page, m.dashboard.email, m.dashboard.password);
  await page.goto("/dashboard/payments?status=PAID");
  await page.locator("summary", { hasText: "Columns" }).click();
  // The checkbox follows the URL (`cols=`), which updates in a transition.
  await page.getByRole("checkbox", { name: "Customer" }).click();
  await expect(page.getByRole("checkbox", { name: "Customer" })).not.toBeChecked();
  await expect(page).toHaveURL(/cols=/);
  await page.getByRole("button", { name: "Save view" }).click();
  await page.getByLabel("View name").fill("Paid only");
  await page.getByLabel("Share with the team").check();
  await page.getByRole("button", { name: "Save view" }).click();
  await expect(toast(page, "View saved.")).toBeVisible();
  await expect(page).toHaveURL(/view=view_/);
  await expect(page).toHaveURL(/status=PAID/);
  await page.getByRole("button", { name: "Open by default" }).click();
  await expect(toast(page, "Default view saved.")).toBeVisible();
  await nav(page, "Payments");
  await expect(page).toHaveURL(/view=view_/);
  await expect(page.getByTestId("payments-table").getByRole("columnheader", { name: "Customer" })).toHaveCount(0);
  // The default view arrives by a client redirect: a click during that re-render can be lost.
  await expect(async () => {
    await page.getByRole("button", { name: "Rename" }).click();
    await expect(page.getByLabel("View name")).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await page.getByLabel("View name").fill("Paid (all stores)");
  await page.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByLabel("View", { exact: true })).toContainText("Paid (all stores)");
  await page.getByRole("button", { name: "Delete view" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete view" }).click();
  await expect(toast(page, "View deleted.")).toBeVisible();
  await expect(page).not.toHaveURL(/view=/);
});

test("when the owner requires two-factor, a teammate without it can only set it up", async ({ page }) => {
  const m = await freshMerchant();
  const email = `admin-${Date.now().toString(36)}@example.com`;
  await insertUser(getDb(), {
    merchantId: m.merchant_id,
    email,
    name: "Ada Admin",
    password: "ada's long password",
    role: "ADMIN",
  });
  await signIn(page, m.dashboard.email, m.dashboard.password);
  await nav(page, "Team");
  await page.getByRole("button", { name: "Require two-factor" }).click();
  await expect(toast(page, "Saved.")).toBeVisible();

  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("ada's long password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard\/team\?setup=two-factor/);
  await expect(page.getByText("Your team requires two-factor. Set it up to continue.")).toBeVisible();
  await page.goto("/dashboard/payments");
  await expect(page).toHaveURL(/\/dashboard\/team\?setup=two-factor/);
  await startTwoFactorSetup(page, "Set up two-factor");
  const secret = (await page.getByTestId("totp-secret").textContent())!;
  await page.getByLabel("6-digit code").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
  await nav(page, "Payments");
  await expect(page).toHaveURL(/\/dashboard\/payments/);
});

test.describe("390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a phone shows each member as a card with its role selector on screen; changing a role works there", async ({
    page,
  }) => {
    const m = await freshMerchant();
    const email = `phone-${Date.now().toString(36)}@example.com`;
    await insertUser(getDb(), {
      merchantId: m.merchant_id,
      email,
      name: "Pat Phone",
      password: "pat's long password",
      role: "VIEWER",
    });
    await signIn(page, m.dashboard.email, m.dashboard.password);
    await page.goto("/dashboard/team");
    const role = page.getByRole("combobox", { name: "Role of Pat Phone" });
    await expectOnScreenWithoutSidewaysScroll(role, "Pat's role selector");
    const card = page.getByTestId(`member-card-${email}`);
    for (const text of ["Pat Phone", email, "All stores", "Never", "Off"]) await expect(card).toContainText(text);
    await expect(card.getByRole("button", { name: "Remove" })).toBeVisible();
    await expect(page.getByTestId("team-members")).toBeHidden();
    await checkPage(page, "team (390 px)");
    await role.selectOption("ADMIN");
    await expect(toast(page, "Role changed.")).toBeVisible();
    await expect(role).toHaveValue("ADMIN");
  });
});
