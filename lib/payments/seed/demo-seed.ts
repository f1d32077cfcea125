import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { listStoreChannels } from "@/lib/channels/repository";
import { cancelPayment } from "../cancel/cancel-payment";
import { instantPay } from "../pay/instant-pay";
import { noticeVirtualAccountDeposit } from "../virtual-account/notice-virtual-account-deposit";

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

const virtualAccount = {
  virtual_account: {
    bank: "KOOKMIN_BANK",
    account_expiry: { valid_hours: 72 },
    account_type: "NORMAL",
    remittee_name: "데모 상점",
  },
} as const;

/** The demo's customers: Korean names and mobile numbers as a shop's checkout would send them. */
export const DEMO_CUSTOMERS = {
  minji: { customer_id: "demo-customer-minji", name: "김민지", phone: "010-2345-6789", email: "minji@example.com" },
  jiho: { customer_id: "demo-customer-jiho", name: "이지호", phone: "010-3456-7890", email: "jiho@example.com" },
  seoyeon: {
    customer_id: "demo-customer-seoyeon",
    name: "박서연",
    phone: "010-4567-8901",
    email: "seoyeon@example.com",
  },
  yuna: { customer_id: "demo-customer-yuna", name: "최유나", phone: "010-5678-9012", email: "yuna@example.com" },
} as const;

const customer = (c: (typeof DEMO_CUSTOMERS)[keyof typeof DEMO_CUSTOMERS]) => ({
  customer_id: c.customer_id,
  customer_name: { full_name: c.name },
  phone_number: c.phone,
  email: c.email,
});

/**
 * Sample payments for the demo merchant, made through the same verbs as the API: paid, partly
 * refunded, a virtual account awaiting deposit, one deposited, and a declined card (a failure with
 * the provider's reason), for Korean customers with their phone numbers.
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
  const { minji, jiho, seoyeon, yuna } = DEMO_CUSTOMERS;

  await instantPay({
    ctx,
    input: {
      ...base,
      payment_id: "demo-order-1001",
      order_name: "도자기 머그잔 세트",
      total_amount: 39000,
      customer: customer(minji),
      products: [{ id: "mug-set", name: "도자기 머그잔 세트", amount: 39000, quantity: 1 }],
      payment_method_option: card("4242424242424242"),
    },
  });

  await instantPay({
    ctx,
    input: {
      ...base,
      payment_id: "demo-order-1002",
      order_name: "도서 및 문구류",
      total_amount: 120000,
      tax_free_amount: 20000,
      customer: customer(jiho),
      payment_method_option: card("5555555555554444"),
    },
  });
  await cancelPayment({
    ctx,
    input: { payment_id: "demo-order-1002", cancel_amount: 20000, tax_free_amount: 20000, reason: "도서 1권 품절" },
  });

  await instantPay({
    ctx,
    input: {
      ...base,
      payment_id: "demo-order-1003",
      order_name: "높이 조절 책상",
      total_amount: 450000,
      customer: customer(seoyeon),
      payment_method_option: virtualAccount,
    },
  });

  // A virtual account the customer has paid into (the sandbox bank's deposit notice).
  await instantPay({
    ctx,
    input: {
      ...base,
      payment_id: "demo-order-1005",
      order_name: "유기농 원두 1kg",
      total_amount: 28000,
      customer: customer(minji),
      payment_method_option: virtualAccount,
    },
  });
  await noticeVirtualAccountDeposit({ ctx, input: { payment_id: "demo-order-1005" } });

  try {
    await instantPay({
      ctx,
      input: {
        ...base,
        payment_id: "demo-order-1004",
        order_name: "무선 이어폰",
        total_amount: 89000,
        customer: customer(yuna),
        payment_method_option: card("4000000000009995"),
      },
    });
  } catch (error) {
    // The declined card is the point of this sample: it leaves a FAILED payment with its reason.
    if (!(error instanceof DomainError) || error.code !== "PG_PROVIDER_ERROR") throw error;
  }
}
