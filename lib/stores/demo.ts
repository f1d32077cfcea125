import type { AuthContext } from "@/lib/auth/context";
import { advanceApplication } from "@/lib/onboarding/advance-application";
import { submitApplications } from "@/lib/onboarding/submit-applications";
import { createStore } from "./create-store";
import { createStoreInput } from "./schema";

/** A sample sub-store with one application open for service and one under review. */
export async function seedDemoStores({ merchantId, storeId }: { merchantId: string; storeId: string }): Promise<void> {
  const ctx: AuthContext = {
    merchantId,
    storeId,
    storeLimited: false,
    hasHostingContract: true,
    origin: { platform_type: "API", ip_address: "127.0.0.1" },
  };
  const store = await createStore({
    ctx,
    input: createStoreInput.parse({
      name: "Demo Bookshop",
      tier_code: "BK1",
      service_urls: ["https://bookshop.example.com"],
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
        company_name: "Demo Bookshop",
        registration_number: "123-45-67891",
        business_location: "1 Teheran-ro, Gangnam-gu, Seoul",
        business_location_detail: "3F",
        postal_code: "06236",
        business_types: ["Retail"],
        business_items: ["Books"],
      },
      terms_agreed: [true, true],
    }),
  });
  const { applications } = await submitApplications({
    ctx,
    input: {
      store_id: store.id,
      applications: [
        { pg_company: "UNIDENTIFIED", methods: ["CARD_GENERAL", "VBANK_GENERAL"] },
        { pg_company: "TOSSPAYMENTS", methods: ["CARD_GENERAL", "CARD_SUBSCRIBE"] },
      ],
      pg_specific_info: {
        bank_name: "KB",
        account_number: "123-456-789012",
        account_holder_name: "Demo Bookshop",
        homepage_name: "Demo Bookshop",
      },
    },
  });
  for (const status of [
    "RECEPTION_COMPLETED",
    "MERCHANT_REVIEWING",
    "CONTRACT_PROCESSING",
    "CONTRACT_COMPLETED",
    "SERVICE_OPEN",
  ] as const) {
    await advanceApplication({ ctx, input: { application_id: applications[0]!.id, status } });
  }
  for (const status of ["RECEPTION_COMPLETED", "MERCHANT_REVIEWING"] as const) {
    await advanceApplication({ ctx, input: { application_id: applications[1]!.id, status } });
  }
}
