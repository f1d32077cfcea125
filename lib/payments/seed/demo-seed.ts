import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { listStoreChannels } from "@/lib/channels/repository";
import { cancelPayment } from "../cancel/cancel-payment";
import { instantPay } from "../pay/instant-pay";

const card = (card_number: string) => ({
  card: {
    card_credential: {
      card_number,
      expiry_month: "12",
      expiry_year: "2099",
      birth_or_business_registration_number: "900101",
      password_two_digits: "00",
    },
  },
});

/**
 * Sample payments for the demo merchant, made through the same verbs as the API: paid, partly
 * cancelled, a virtual account awaiting deposit, and a declined card.
 */
export async function seedDemoPayments(demo: { merchantId: string; storeId: string }): Promise<void> {
  const ctx: AuthContext = {
    merchantId: demo.merchantId,
    storeId: demo.storeId,
    storeLimited: false,
    hasHostingContract: true,
    origin: { platform_type: "API", ip_address: "127.0.0.1", user_agent: "demo-seeder" },
  };
  const channel = (await listStoreChannels(demo.merchantId, demo.storeId)).find((c) => c.is_for_payment === 1);
  if (!channel) return;
  const base = { channel_key: channel.key, currency: "KRW" };
  const customer = (name: string, email: string) => ({ customer_name: { full_name: name }, email });

  await instantPay({
    ctx,
    input: {
      ...base,
      payment_id: "demo-order-1001",
      order_name: "Ceramic mug set",
      total_amount: 39000,
      customer: customer("Kim Minji", "minji@example.com"),
      products: [{ id: "mug-set", name: "Ceramic mug set", amount: 39000, quantity: 1 }],
      payment_method_option: card("4242424242424242"),
    },
  });

  await instantPay({
    ctx,
    input: {
      ...base,
      payment_id: "demo-order-1002",
      order_name: "Books and stationery",
      total_amount: 120000,
      tax_free_amount: 20000,
      customer: customer("Lee Jiho", "jiho@example.com"),
      payment_method_option: card("5555555555554444"),
    },
  });
  await cancelPayment({
    ctx,
    input: {
      payment_id: "demo-order-1002",
      cancel_amount: 20000,
      tax_free_amount: 20000,
      reason: "One book out of stock",
    },
  });

  await instantPay({
    ctx,
    input: {
      ...base,
      payment_id: "demo-order-1003",
      order_name: "Standing desk",
      total_amount: 450000,
      customer: customer("Park Seoyeon", "seoyeon@example.com"),
      payment_method_option: {
        virtual_account: {
          bank: "KOOKMIN_BANK",
          account_expiry: { valid_hours: 72 },
          account_type: "NORMAL",
          remittee_name: "Demo Shop",
        },
      },
    },
  });

  try {
    await instantPay({
      ctx,
      input: {
        ...base,
        payment_id: "demo-order-1004",
        order_name: "Wireless earbuds",
        total_amount: 89000,
        customer: customer("Choi Yuna", "yuna@example.com"),
        payment_method_option: card("4000000000000002"),
      },
    });
  } catch (error) {
    // The declined card is the point of this sample: it leaves a FAILED payment.
    if (!(error instanceof DomainError) || error.code !== "PG_PROVIDER_ERROR") throw error;
  }
}
