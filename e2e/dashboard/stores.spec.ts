import { expect, test, type Page } from "@playwright/test";
import { freshMerchant, LANGUAGES, signIn, signInAs, WIDTHS } from "./helpers";

const LABELS: Record<string, string> = {
  RECEPTION_COMPLETED: "Received",
  MERCHANT_REVIEWING: "Under review",
  CONTRACT_PROCESSING: "Contract in progress",
  CONTRACT_COMPLETED: "Contract signed",
  SERVICE_OPEN: "Live",
};

async function fillStoreForm(page: Page, tierCode: string, name: string) {
  const fill = (id: string, value: string) => page.locator(`#store-${id}`).fill(value);
  await fill("name", name);
  await fill("tier_code", tierCode);
  await fill("service_urls", "https://shop.example.com");
  await fill("manager_name", "Kim Manager");
  await fill("manager_email", "manager@example.com");
  await fill("representative-name_ko", "홍길동");
  await fill("representative-name_en", "Gildong Hong");
  await fill("representative-email", "ceo@example.com");
  await fill("representative-phone_number", "010-1234-5678");
  await fill("representative-birth_date", "1980-01-31");
  await fill("business_license-company_name", "Example Shop");
  await fill("business_license-registration_number", "123-45-67891");
  await fill("business_license-postal_code", "06236");
  await fill("business_license-business_location", "1 Teheran-ro, Seoul");
  await fill("business_license-business_location_detail", "3F");
  await fill("business_license-business_types", "Retail");
  await fill("business_license-business_items", "E-commerce, Books");
}

test("without the hosting contract the Stores page explains why", async ({ page }) => {
  const m = await freshMerchant();
  await signIn(page, m.dashboard.email, m.dashboard.password);
  await page.getByRole("navigation", { name: "main" }).getByRole("link", { name: "Stores" }).click();
  await expect(page.getByText("Sub-stores need the hosting contract")).toBeVisible();
  await expect(page.getByRole("link", { name: "New store" })).toHaveCount(0);
});

test("create a sub-store through the form, apply, advance to SERVICE_OPEN, see it on the board", async ({ page }) => {
  const m = await freshMerchant({ hosting: true });
  await signIn(page, m.dashboard.email, m.dashboard.password);
  await page.getByRole("navigation", { name: "main" }).getByRole("link", { name: "Stores" }).click();
  await page.getByRole("link", { name: "New store" }).click();

  // An empty submission is refused field by field, before reaching the server.
  await page.getByRole("button", { name: "Create store" }).click();
  await expect(page.locator('[data-field-error="store-name"]')).toHaveText("Required");
  await expect(page.locator('[data-field-error="store-tier_code"]')).toHaveText("Required");
  await expect(page.locator('[data-field-error="store-representative-birth_date"]')).toHaveText("Required");
  await expect(page.locator('[data-field-error="store-business_license-business_types"]')).toHaveText(
    "Enter at least one business type",
  );

  await fillStoreForm(page, "E2E", "Bookshop");
  await page.locator("#store-representative-birth_date").fill("31/01/1980");
  await page.locator("#store-tier_code").fill("E2");
  await page.getByRole("button", { name: "Create store" }).click();
  await expect(page.locator('[data-field-error="store-representative-birth_date"]')).toHaveText(
    "Enter a date as yyyy-MM-dd",
  );
  await expect(page.locator('[data-field-error="store-tier_code"]')).toHaveText("Enter exactly 3 letters or digits");
  await expect(page.locator('[data-field-error="store-name"]')).toHaveCount(0);
  await page.locator("#store-representative-birth_date").fill("1980-01-31");
  await page.locator("#store-tier_code").fill("E2E");

  // Without both agreements the server refuses (TERMS_NOT_AGREED) and the form shows it on the field.
  await page.getByRole("button", { name: "Create store" }).click();
  await expect(page.locator('[data-field-error="terms_agreed"]')).toHaveText("Both agreements are required");
  await page.getByLabel("I agree to the collection and use of personal information.").check();
  await page.getByLabel("I agree to provide the store's information to the parent merchant.").check();
  await page.getByRole("button", { name: "Create store" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Bookshop" })).toBeVisible();
  await expect(page.getByTestId("store-summary")).toContainText("E2E");
  await expect(page.getByText("No applications yet.")).toBeVisible();

  // Application: provider, methods, settlement account.
  await page.getByRole("button", { name: "Submit application" }).click();
  await expect(page.locator('[data-field-error="methods"]')).toBeVisible();
  await page.getByLabel("Card", { exact: true }).check();
  await page.getByLabel("Virtual account", { exact: true }).check();
  await page.getByLabel("Bank", { exact: true }).selectOption("KB");
  await page.getByLabel("Account number", { exact: true }).fill("123-456-789012");
  await page.getByLabel("Account holder", { exact: true }).fill("Example Shop");
  await page.getByRole("button", { name: "Submit application" }).click();
  const card = page.getByTestId("applications").locator("[data-testid^=application-]").first();
  await expect(card).toContainText("Reception scheduled");
  await expect(card).toContainText("Not started");

  for (const next of [
    "RECEPTION_COMPLETED",
    "MERCHANT_REVIEWING",
    "CONTRACT_PROCESSING",
    "CONTRACT_COMPLETED",
    "SERVICE_OPEN",
  ]) {
    await card.getByRole("button", { name: `Advance to ${LABELS[next]}` }).click();
    await expect(card.locator(`span[data-status="${next}"]`).first()).toBeVisible();
  }
  await card.getByRole("button", { name: "Drafting" }).click();
  await expect(card).toContainText("Provider contract: Drafting");
  await expect(card.getByTestId("pg-credential")).toContainText("mert_key");
  await card.getByText("History").click();
  await expect(card.getByTestId("application-history").locator("li")).toHaveCount(8);
  await expect(card.getByTestId("application-history")).toContainText("Contract signed → Live");

  await page.getByRole("link", { name: "Back to stores" }).click();
  await expect(page.getByTestId("stores-table")).toContainText("Bookshop");
  await page.getByRole("link", { name: "Onboarding board" }).click();
  await expect(page.getByTestId("board-column-SERVICE_OPEN")).toContainText("Bookshop");
  await expect(page.getByTestId("board-column-RECEPTION_SCHEDULED")).not.toContainText("Bookshop");
});

test("edit a sub-store; a store-limited login sees only its store", async ({ page }) => {
  const m = await freshMerchant({ hosting: true });
  await signIn(page, m.dashboard.email, m.dashboard.password);
  await page.goto("/dashboard/stores/new");
  await fillStoreForm(page, "LIM", "Limited shop");
  await page.getByLabel("I agree to the collection and use of personal information.").check();
  await page.getByLabel("I agree to provide the store's information to the parent merchant.").check();
  await page.getByRole("button", { name: "Create store" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Limited shop" })).toBeVisible();

  // The server's TIER_CODE_ALREADY_EXISTS lands on the tier code field.
  await page.goto("/dashboard/stores/new");
  await fillStoreForm(page, "LIM", "Duplicate shop");
  await page.getByLabel("I agree to the collection and use of personal information.").check();
  await page.getByLabel("I agree to provide the store's information to the parent merchant.").check();
  await page.getByRole("button", { name: "Create store" }).click();
  await expect(page.locator('[data-field-error="store-tier_code"]')).toHaveText(
    "Another store already uses this tier code",
  );
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Limited shop" })).toBeVisible();

  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.locator("#store-tier_code")).toHaveCount(0);
  await expect(page.locator("#store-business_license-business_items")).toHaveValue("E-commerce, Books");
  await page.locator("#store-name").fill("Limited shop 2");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Limited shop 2" })).toBeVisible();
  const storeUrl = page.url();

  const email = `limited-${Date.now()}@example.com`;
  await page.locator("#store-user-email").fill(email);
  await page.locator("#store-user-password").fill("short");
  await page.getByRole("button", { name: "Add login" }).click();
  await expect(page.locator('[data-field-error="store-user-password"]')).toHaveText("At least 8 characters");
  await page.locator("#store-user-password").fill("limited-password");
  await page.getByRole("button", { name: "Add login" }).click();
  await expect(page.getByTestId("store-users")).toContainText(email);

  // The owner sees both stores; the new login only its own.
  await expect(page.getByTestId("store-switcher").locator("option")).toHaveCount(2);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, email, "limited-password");
  const options = page.getByTestId("store-switcher").locator("option");
  await expect(options).toHaveCount(1);
  await expect(options).toHaveText("Limited shop 2");
  await page.getByRole("navigation", { name: "main" }).getByRole("link", { name: "Stores" }).click();
  await expect(page.getByTestId("stores-table").locator("tbody tr")).toHaveCount(1);
  await expect(page.getByRole("link", { name: "New store" })).toHaveCount(0);

  // Adding a login is team management: this store-limited ADMIN sees the store's logins, no form.
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(storeUrl);
    await expect(page.getByRole("heading", { level: 1, name: "Limited shop 2" })).toBeVisible();
    await expect(page.getByTestId("store-users")).toContainText(email);
    await expect(page.getByRole("button", { name: "Add login" })).toHaveCount(0);
  }
});

/** The store form: required fields marked, the business number's check digit refused. */
for (const size of WIDTHS)
  for (const lang of LANGUAGES)
    test.describe(`store form, ${size.name}, ${lang.locale}`, () => {
      test.use({ viewport: { width: size.width, height: size.height }, locale: lang.browser });
      const ko = lang.locale === "ko";

      test("marks required fields and refuses a wrong check digit with its own message", async ({ page }) => {
        const m = await freshMerchant({ hosting: true });
        await signInAs(page, m, lang.locale);
        await page.goto("/dashboard/stores/new");

        await expect(page.getByTestId("store-required-legend")).toContainText(ko ? "필수 항목" : "Required fields");
        for (const id of ["name", "tier_code", "representative-birth_date", "business_license-registration_number"]) {
          await expect(page.locator(`#store-${id}`)).toHaveAttribute("aria-required", "true");
          await expect(page.locator(`label[for="store-${id}"] [data-required-mark]`)).toBeVisible();
        }
        await expect(page.locator("#store-business_license-business_types")).toHaveAttribute("aria-required", "true");
        await expect(page.locator("#store-manager_name")).not.toHaveAttribute("aria-required", "true");
        await expect(page.locator('label[for="store-manager_name"] [data-required-mark]')).toHaveCount(0);
        // The mark is not part of the accessible name.
        await expect(page.getByRole("textbox", { name: ko ? "상점 이름" : "Store name", exact: true })).toHaveCount(1);

        const number = page.locator("#store-business_license-registration_number");
        const numberError = page.locator('[data-field-error="store-business_license-registration_number"]');
        const postcodeError = page.locator('[data-field-error="store-business_license-postal_code"]');
        await number.fill("123-45-67890");
        await page.locator("#store-business_license-postal_code").fill("1234");
        await page.getByRole("button", { name: ko ? "상점 만들기" : "Create store" }).click();
        await expect(numberError).toHaveText(
          ko
            ? "유효하지 않은 사업자등록번호입니다 (검증번호가 맞지 않습니다)"
            : "This business registration number is not valid (its last digit does not match the check digit)",
        );
        await expect(postcodeError).toHaveText(
          ko ? "우편번호 5자리 또는 6자리를 입력하세요" : "Enter a 5- or 6-digit postal code",
        );
        await number.fill("123-45");
        await page.getByRole("button", { name: ko ? "상점 만들기" : "Create store" }).click();
        await expect(numberError).toHaveText(
          ko ? "사업자등록번호 10자리를 입력하세요" : "Enter the 10-digit business registration number",
        );
        await number.fill("123-45-67891");
        await page.locator("#store-business_license-postal_code").fill("06236");
        await page.getByRole("button", { name: ko ? "상점 만들기" : "Create store" }).click();
        await expect(page.locator('[data-field-error="store-name"]')).toBeVisible();
        await expect(numberError).toHaveCount(0);
        await expect(postcodeError).toHaveCount(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      });
    });
