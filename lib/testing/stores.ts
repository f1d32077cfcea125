/** A valid POST /v2/stores body; tests override what they exercise. */
export function storeBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Sub store",
    tier_code: randomTierCode(),
    service_urls: ["https://shop.example.com"],
    manager_name: "Kim Manager",
    manager_phone_number: "010-1234-5678",
    manager_email: "manager@example.com",
    representative: {
      name_ko: "홍길동",
      name_en: "Gildong Hong",
      email: "ceo@example.com",
      phone_number: "01012345678",
      birth_date: "1980-01-31",
    },
    business_license: {
      taxation_type: "PERSON",
      company_name: "Example Shop",
      registration_number: "123-45-67891",
      business_location: "1 Teheran-ro, Gangnam-gu, Seoul",
      business_location_detail: "3F",
      postal_code: "06236",
      business_types: ["Retail"],
      business_items: ["E-commerce"],
    },
    terms_agreed: [true, true],
    ...overrides,
  };
}

let n = 0;
/** Three letters/digits, unique within a run. */
function randomTierCode(): string {
  n += 1;
  return `T${n.toString(36).toUpperCase().padStart(2, "0")}`;
}
