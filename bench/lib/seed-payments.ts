/**
 * The bulk seeder: BENCH_ROWS (default 1,000,000) realistic payments written through the payment
 * repository's bulk insert (lib/payments/seed/repository.ts), in transactions of 10,000 payments, on
 * whichever database DATABASE_URL selects. Deterministic (seeded PRNG): the same run makes the same
 * rows. One hosting merchant with four stores (70/15/10/5 % of the traffic), a year of history
 * (busier recently and in the evening), card/easy-pay/virtual-account/transfer/mobile payments
 * across the stores' channels (10% marked test-mode), 4% scheduled, 3% with a failed attempt before the paid one,
 * full and partial cancellations (and some refused ones), a pool of 50,000 customers.
 */
import type { Insertable } from "kysely";
import type { AuthContext } from "@/lib/auth/context";
import { serializeChannel } from "@/lib/channels/serialize";
import { getDb, withTransaction } from "@/lib/db/client";
import type { ChannelsTable } from "@/lib/db/tables/foundation";
import type { CancellationsTable, TransactionsTable } from "@/lib/db/tables/payments";
import { insertCancellationRows, insertTransactionRows } from "@/lib/payments/seed/repository";
import { createStore } from "@/lib/stores/create-store";
import { createStoreInput } from "@/lib/stores/schema";
import { createMerchant } from "@/lib/tenancy/create-merchant";

const DAY = 86_400_000;
const BATCH = 10_000;

export type SeededMerchant = {
  merchantId: string;
  storeIds: string[];
  apiKey: string;
  from: number;
  to: number;
  rows: number;
};

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, weighted: readonly (readonly [T, number])[]): T {
  let r = random() * weighted.reduce((s, [, w]) => s + w, 0);
  for (const [value, weight] of weighted) {
    r -= weight;
    if (r < 0) return value;
  }
  return weighted[weighted.length - 1]![0];
}

const METHODS = [
  ["CARD", 64],
  ["EASY_PAY", 14],
  ["VIRTUAL_ACCOUNT", 8],
  ["TRANSFER", 7],
  ["MOBILE", 5],
  ["GIFT_CERTIFICATE", 2],
] as const;
const OUTCOMES = [
  ["PAID", 86],
  ["FAILED", 7],
  ["CANCELLED", 3],
  ["PARTIAL_CANCELLED", 2],
  ["VIRTUAL_ACCOUNT_ISSUED", 1],
  ["PENDING", 0.5],
  ["READY", 0.5],
] as const;
const PRODUCTS = [
  "Standing desk",
  "Desk lamp",
  "Office chair",
  "책상 램프",
  "Monitor arm",
  "Notebook",
  "Coffee beans",
  "무선 키보드",
  "USB-C hub",
  "Yoga mat",
  "겨울 코트",
  "Running shoes",
  "Green tea",
  "Phone case",
];
const FAMILY = ["Kim", "Lee", "Park", "Choi", "Jung", "Kang", "Cho", "Yoon", "김", "이", "박", "최", "정"];
const GIVEN = ["Minji", "Jiho", "Seoyeon", "Minsu", "Yuna", "Hoon", "지호", "서연", "민수", "유나", "하준", "도윤"];
const FAIL_CODES = [
  ["CARD_DECLINED", "declined by issuer"],
  ["INSUFFICIENT_FUNDS", "insufficient funds"],
  ["EXPIRED_CARD", "card expired"],
] as const;
const REASONS = ["customer changed mind", "out of stock", "duplicate order", "고객 변심", "배송 지연"];

function customerOf(n: number) {
  const name = `${FAMILY[n % FAMILY.length]} ${GIVEN[(n * 7) % GIVEN.length]}`;
  const phone = `010${String((n * 7919) % 10_000).padStart(4, "0")}${String(n % 10_000).padStart(4, "0")}`;
  return { id: `cust-${n}`, name, email: `user${n}@example.com`, phone };
}

async function createStores(merchantId: string, defaultStoreId: string): Promise<string[]> {
  const ctx: AuthContext = {
    merchantId,
    storeId: defaultStoreId,
    storeLimited: false,
    hasHostingContract: true,
    origin: { platform_type: "API", ip_address: "127.0.0.1" },
  };
  const ids = [defaultStoreId];
  for (const [i, name] of ["Bench Books", "Bench Coffee", "Bench Outdoor"].entries()) {
    const store = await createStore({
      ctx,
      input: createStoreInput.parse({
        name,
        tier_code: `BN${i}`,
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
          company_name: name,
          registration_number: "123-45-67891",
          business_location: "1 Teheran-ro, Gangnam-gu, Seoul",
          business_location_detail: "3F",
          postal_code: "06236",
          business_types: ["Retail"],
          business_items: ["Goods"],
        },
        terms_agreed: [true, true],
      }),
    });
    ids.push((store as { id: string }).id);
  }
  return ids;
}

/** Time of the i-th payment of n over [from, to]: denser toward `to`, with an evening peak each day. */
function timeOf(i: number, n: number, from: number, to: number, random: () => number): number {
  const u = Math.sqrt((i + random()) / n); // density grows linearly over the year
  const t = from + u * (to - from);
  const hour = (t / 3_600_000 + 9) % 24; // KST
  const shift = hour < 7 && random() < 0.6 ? 12 * 3_600_000 : 0; // move most night traffic to the evening
  return Math.min(to, Math.floor(t + shift));
}

export async function seedPayments(
  rows: number,
  options: { seed?: number; log?: (line: string) => void } = {},
): Promise<SeededMerchant> {
  const random = prng(options.seed ?? 18);
  const merchant = await createMerchant({ name: "Bench merchant", hosting: true });
  const storeIds = await createStores(merchant.merchant_id, merchant.store_id);
  const channels = await getDb()
    .selectFrom("channels")
    .selectAll()
    .where("merchant_id", "=", merchant.merchant_id)
    .where("store_id", "in", storeIds)
    .execute();
  const channelsOf = new Map<string, ChannelsTable[]>(
    storeIds.map((s) => [s, channels.filter((c) => c.store_id === s && c.type === "TEST")]),
  );
  const wire = new Map(channels.map((c) => [c.id, JSON.stringify(serializeChannel(c))]));
  const to = Date.now() - 60_000;
  const from = to - 365 * DAY;
  const started = Date.now();
  let seq = 0;
  for (let start = 0; start < rows; start += BATCH) {
    const txs: Insertable<TransactionsTable>[] = [];
    const cancels: Insertable<CancellationsTable>[] = [];
    for (let i = start; i < Math.min(rows, start + BATCH); i++) {
      const storeId =
        storeIds[
          pick(random, [
            [0, 70],
            [1, 15],
            [2, 10],
            [3, 5],
          ] as const)
        ]!;
      const channel = channelsOf.get(storeId)![Math.floor(random() * channelsOf.get(storeId)!.length)]!;
      const method = pick(random, METHODS);
      let status: TransactionsTable["status"] = pick(random, OUTCOMES);
      if (status === "VIRTUAL_ACCOUNT_ISSUED" && method !== "VIRTUAL_ACCOUNT") status = "PAID";
      const at = timeOf(i, rows, from, to, random);
      const customer = customerOf(Math.floor(random() * 50_000));
      const amount = (1 + Math.floor(random() * 400)) * 500;
      const paymentId = `bench-${i}`;
      const scheduled = random() < 0.04;
      const paidLike = status === "PAID" || status === "CANCELLED" || status === "PARTIAL_CANCELLED";
      const failure = status === "FAILED" ? FAIL_CODES[i % FAIL_CODES.length]! : null;
      const settledAt = at + 800 + Math.floor(random() * 3000);
      const cancelAt = settledAt + Math.floor(random() * 10 * DAY);
      const cancelled =
        status === "CANCELLED" ? amount : status === "PARTIAL_CANCELLED" ? Math.floor(amount / 1000) * 500 : 0;
      const card =
        method === "CARD"
          ? `${["424242", "536148", "949094"][i % 3]}******${String(i % 10_000).padStart(4, "0")}`
          : null;
      const base = {
        merchant_id: merchant.merchant_id,
        store_id: storeId,
        payment_id: paymentId,
        version: "V2" as const,
        channel_id: channel.id,
        channel_type: random() < 0.1 ? ("TEST" as const) : ("LIVE" as const),
        pg_provider: channel.pg_provider,
        channel: wire.get(channel.id)!,
        method,
        schedule_id: scheduled ? `sch-${i}` : null,
        billing_key: scheduled ? `bk-${customer.id}` : null,
        order_name: `${PRODUCTS[i % PRODUCTS.length]} #${i}`,
        currency: "KRW",
        total_amount: amount,
        tax_free_amount: 0,
        vat_amount: null,
        discount_amount: 0,
        customer_id: customer.id,
        customer_name: customer.name,
        customer_email: customer.email,
        customer_phone: customer.phone,
        customer: JSON.stringify({
          id: customer.id,
          name: customer.name,
          email: customer.email,
          phone_number: customer.phone,
        }),
        origin: JSON.stringify({ platform_type: "API", ip_address: "203.0.113.7" }),
        products: null,
        product_count: null,
        custom_data: null,
        country: "KR",
        promotion_id: null,
        is_cultural_expense: 0,
        is_escrow: 0,
        escrow_detail: null,
        notice_urls: null,
        pg_response: null,
      };
      if (!scheduled && random() < 0.03) {
        // An earlier declined attempt on the same payment id.
        const code = FAIL_CODES[(i + 1) % FAIL_CODES.length]!;
        txs.push(<Insertable<TransactionsTable>>{
          ...base,
          id: `btx-${i}-0`,
          is_primary: 0,
          status: "FAILED",
          status_updated_at: at - 60_000,
          updated_at: at,
          requested_at: at - 61_000,
          paid_at: null,
          failed_at: at - 60_000,
          cancelled_at: null,
          paid_amount: 0,
          cancelled_amount: 0,
          cancelled_tax_free_amount: 0,
          failure_reason: code[1],
          failure_pg_code: code[0],
          failure_pg_message: code[1],
          payment_method_detail: null,
          card_number: card,
          card_approval_number: null,
          virtual_account_number: null,
          pg_tx_id: null,
          created_at: at - 61_000,
        });
      }
      const txId = `btx-${i}`;
      const updated = cancelled > 0 ? cancelAt : status === "PENDING" || status === "READY" ? at : settledAt;
      txs.push(<Insertable<TransactionsTable>>{
        ...base,
        id: txId,
        is_primary: 1,
        status,
        status_updated_at: updated,
        updated_at: updated,
        requested_at: at,
        paid_at: paidLike ? settledAt : null,
        failed_at: failure ? settledAt : null,
        cancelled_at: cancelled > 0 ? cancelAt : null,
        paid_amount: paidLike ? amount : 0,
        cancelled_amount: cancelled,
        cancelled_tax_free_amount: 0,
        failure_reason: failure?.[1] ?? null,
        failure_pg_code: failure?.[0] ?? null,
        failure_pg_message: failure?.[1] ?? null,
        payment_method_detail: method === "CARD" ? JSON.stringify({ card: { number: card } }) : null,
        card_number: card,
        card_approval_number: paidLike && method === "CARD" ? String(10_000_000 + ((i * 7919) % 89_999_999)) : null,
        virtual_account_number: method === "VIRTUAL_ACCOUNT" ? `9${String(i).padStart(11, "0")}` : null,
        pg_tx_id: paidLike || status === "VIRTUAL_ACCOUNT_ISSUED" ? `pg-${i}` : null,
        created_at: at,
      });
      // Cast: columns with database defaults (added by later migrations) are left to the database.
      const cancellation = (id: string, amountOf: number, state: CancellationsTable["status"], when: number) =>
        <Insertable<CancellationsTable>>{
          id,
          merchant_id: merchant.merchant_id,
          store_id: storeId,
          transaction_id: txId,
          payment_id: paymentId,
          status: state,
          cancel_amount: amountOf,
          tax_free_amount: 0,
          vat_amount: null,
          easy_pay_discount_amount: null,
          reason: REASONS[i % REASONS.length]!,
          pg_cancellation_id: state === "SUCCEEDED" ? `pgc-${id}` : null,
          requested_at: when,
          cancelled_at: state === "SUCCEEDED" ? when + 500 : null,
          refund_account: null,
          failure_pg_code: state === "FAILED" ? "CANCEL_REFUSED" : null,
          failure_pg_message: state === "FAILED" ? "refused by provider" : null,
        };
      if (cancelled > 0) cancels.push(cancellation(`bcn-${i}`, cancelled, "SUCCEEDED", cancelAt - 500));
      else if (status === "PAID" && random() < 0.005)
        cancels.push(cancellation(`bcn-${i}`, amount, "FAILED", settledAt + DAY));
      seq++;
    }
    await withTransaction(async (tx) => {
      await insertTransactionRows(tx, txs);
      await insertCancellationRows(tx, cancels);
    });
    const done = Math.min(rows, start + BATCH);
    if (done % 100_000 === 0 || done === rows)
      options.log?.(
        `seeded ${done.toLocaleString("en-US")} / ${rows.toLocaleString("en-US")} payments (${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
  }
  return { merchantId: merchant.merchant_id, storeIds, apiKey: merchant.api_key, from, to, rows: seq };
}
