import { describe, expect, it } from "vitest";
import { STORE_REQUIRED_FIELDS } from "./required-fields";

describe("store form required fields", () => {
  it("are the members the API refuses to go without", () => {
    expect([...STORE_REQUIRED_FIELDS].sort()).toEqual(
      [
        "name",
        "tier_code",
        "representative.name_ko",
        "representative.name_en",
        "representative.email",
        "representative.phone_number",
        "representative.birth_date",
        "business_license.taxation_type",
        "business_license.company_name",
        "business_license.registration_number",
        "business_license.business_location",
        "business_license.business_location_detail",
        "business_license.postal_code",
        "business_license.business_types",
        "business_license.business_items",
      ].sort(),
    );
  });
});
