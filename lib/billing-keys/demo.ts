import { listStoreChannels } from "@/lib/channels/repository";
import type { DemoSeeder } from "@/lib/demo/seeder";
import { createSchedule } from "@/lib/schedules/create-schedule";
import { DAY } from "@/lib/time";
import { issueBillingKey } from "./issue-billing-key";

/** Demo merchant: a test-card billing key with three monthly schedules booked on it. */
export const seedBillingDemo: DemoSeeder = async ({ merchantId, storeId }) => {
  const channel = (await listStoreChannels(merchantId, storeId)).find(
    (c) => c.is_for_payment === 1 && c.type === "TEST",
  );
  if (!channel) return;
  const ctx = {
    merchantId,
    storeId,
    storeLimited: false,
    hasHostingContract: false,
    origin: { platform_type: "API" as const, ip_address: "127.0.0.1", user_agent: "demo-seed" },
  };
  const { billing_key } = await issueBillingKey({
    ctx,
    input: {
      channel_key: channel.key,
      customer: {
        customer_id: "demo-customer-jiho",
        customer_name: { full_name: "이지호" },
        phone_number: "010-3456-7890",
        email: "jiho@example.com",
      },
      payment_method_option: {
        card: {
          card_credential: {
            card_number: "4242424242424242",
            expiry_month: "12",
            expiry_year: "2099",
            birth_or_business_registration_number: "900101",
            password_two_digits: "00",
          },
        },
      },
    },
  });
  for (let month = 1; month <= 3; month++) {
    await createSchedule({
      ctx,
      input: {
        billing_key,
        payment_id: `demo-subscription-${month}`,
        order_name: "월간 정기 구독",
        total_amount: 9900,
        currency: "KRW",
        scheduled_at: Date.now() + month * 30 * DAY,
      },
    });
  }
};
