import { expect } from "vitest";
import { getDb, withTransaction } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { drainOnce } from "@/lib/jobs/worker";
import { createView } from "@/lib/saved-views/create-view";
import { createChannelGroup } from "@/lib/routing/groups";
import { dashboardContextOf } from "../dashboard-context";
import { inviteMember } from "@/lib/team/invite-member";
import { insertUser } from "@/lib/users/repository";
import { ownerOf } from "../team";
import { WEBHOOK_QUEUE } from "@/lib/webhooks/deliveries";
import { addStoreEndpoint } from "../webhook-endpoint";
import { issueKey, payBody } from "../billing";
import { newMerchant } from "../fixtures";
import { cardPayBody, newPaymentId, virtualAccountPayBody } from "../payments";
import { storeBody } from "../stores";
import { addStoreWithLimitedKey } from "../tenants";

type Merchant = Awaited<ReturnType<typeof newMerchant>>;

/** One store's records that another caller will try to reach, and the canary text inside them. */
export type Target = {
  storeId: string;
  paymentChannel: string;
  identityChannel: string;
  /** A channel group's key (lib/routing), named like a channel key. */
  channelGroup: string;
  payment: string;
  txId: string;
  vaPayment: string;
  escrowPayment: string;
  billingKey: string;
  schedule: string;
  verification: string;
  subStore: string;
  application: string;
  deliveryId: string;
  /** The store's webhook endpoint (its URL carries the canary). */
  endpointId: string;
  apiKeyId: string;
  /** The merchant's owner, a pending invitation and the owner's private saved view (teams). */
  ownerUserId: string;
  invitationId: string;
  viewId: string;
  /** One of the store's API request log entries (written by the server in batches). */
  requestLogId: string;
  /** The customer of the target's payments (the customer view). */
  customerId: string;
  canary: string;
};

/** A caller: a bearer token for the API and a dashboard login. */
export type Actor = { token: string; email: string; password: string };

export type World = {
  /** Merchant A's default store, aimed at by merchant C. */
  victim: Target;
  /** Merchant A itself: the positive control (the same calls do find A's records). */
  owner: Actor;
  /** Merchant C, merchant-wide (its own actions change only its own store). */
  attacker: Actor;
  /** Merchant B's default store, aimed at by B's key and login limited to another store. */
  sibling: Target;
  limited: Actor;
};

export async function seedTarget(m: Merchant, label: string): Promise<Target> {
  const canary = `CANARY-${label}-${newId().slice(-8)}`;
  const api = m.api;
  const paymentChannel = m.channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!.key;
  const identityChannel = m.channels.find((c) => c.pg_provider === "DANAL")!.key;
  await getDb()
    .updateTable("stores")
    .set({ name: `${canary} store` })
    .where("id", "=", m.store_id)
    .execute();
  const endpointId = await addStoreEndpoint(m, `https://example.com/${canary}`);
  const customerId = `cust-${label.toLowerCase()}-${newId().slice(-8).toLowerCase()}`;
  const customer = {
    customer_id: customerId,
    customer_name: { full_name: `${canary} Kim` },
    email: `${canary.toLowerCase()}@example.com`,
  };
  const paid = async (extra: Record<string, unknown>) => {
    const id = newPaymentId();
    const res = await api.post(
      `/v2/payments/${id}/instant/pay`,
      cardPayBody(m, undefined, { order_name: `${canary} order`, customer, custom_data: canary, ...extra }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { id, txId: res.body.tx_id as string };
  };
  const payment = await paid({});
  const escrow = await paid({ is_escrow: true });
  const vaPayment = newPaymentId();
  expect(
    (
      await api.post(
        `/v2/payments/${vaPayment}/instant/pay`,
        virtualAccountPayBody(m, { order_name: `${canary} transfer`, customer }),
      )
    ).status,
  ).toBe(200);
  const receipt = await api.post(`/v2/payments/${payment.id}/cash-receipt`, {
    channel_key: paymentChannel,
    customer_identifier: "01012345678",
    type: "PERSONAL",
    order_name: `${canary} receipt`,
    currency: "KRW",
    amount: 1000,
    customer_name: `${canary} Kim`,
  });
  expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
  const billingKey = await issueKey(m, undefined, {
    customer: { customer_name: { full_name: `${canary} Kim` } },
    custom_data: canary,
  });
  const schedule = await api.post("/v2/schedules", {
    ...payBody(billingKey, { order_name: `${canary} plan` }),
    payment_id: newPaymentId(),
    scheduled_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  expect(schedule.status, JSON.stringify(schedule.body)).toBe(200);
  const verification = newId("iv-");
  const sent = await api.post(`/identity-verifications/${verification}/send`, {
    channelKey: identityChannel,
    customer: { name: `${canary} Kim`, phoneNumber: "01033334444", identityNumber: "8703152" },
    operator: "SKT",
    method: "SMS",
    customData: canary,
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const store = await api.post("/v2/stores", storeBody({ name: `${canary} sub-store` }));
  expect(store.status, JSON.stringify(store.body)).toBe(200);
  const app = await api.post(`/v2/stores/${store.body.id}/applications`, {
    applications: [{ pg_company: "TOSSPAYMENTS", methods: ["CARD_GENERAL"] }],
    pg_specific_info: { homepage_name: canary },
  });
  expect(app.status, JSON.stringify(app.body)).toBe(200);
  // The store's webhook deliveries: fan the outbox out (no attempt is sent; the HTTP pass runs no worker).
  const deadline = Date.now() + 15_000;
  let delivery: { id: string } | undefined;
  while (!delivery && Date.now() < deadline) {
    await drainOnce("tenant-matrix", [WEBHOOK_QUEUE]);
    delivery = await getDb()
      .selectFrom("webhook_deliveries")
      .select("id")
      .where("store_id", "=", m.store_id)
      .executeTakeFirst();
  }
  const key = await getDb()
    .selectFrom("api_keys")
    .select("id")
    .where("merchant_id", "=", m.merchant_id)
    .where("store_id", "is", null)
    .executeTakeFirstOrThrow();
  const owner = await ownerOf(m);
  const invitation = await inviteMember({
    ctx: owner,
    input: { email: `${canary.toLowerCase()}@example.com`, role: "ADMIN" },
  });
  const view = await createView({
    ctx: owner,
    input: { name: `${canary} view`, shared: false, query: `q=${canary}`, columns: [] },
  });
  const group = await createChannelGroup({
    ctx: dashboardContextOf(m, [m.store_id]),
    input: { name: `${canary} group`, targets: [{ channel_key: paymentChannel, weight: 1 }], rules: [] },
  });
  let requestLog: { id: string } | undefined;
  const logDeadline = Date.now() + 15_000;
  while (!requestLog && Date.now() < logDeadline) {
    requestLog = await getDb()
      .selectFrom("api_request_log")
      .select("id")
      .where("merchant_id", "=", m.merchant_id)
      .executeTakeFirst();
    if (!requestLog) await new Promise((r) => setTimeout(r, 200));
  }
  return {
    storeId: m.store_id,
    paymentChannel,
    identityChannel,
    channelGroup: group.key,
    payment: payment.id,
    txId: payment.txId,
    vaPayment,
    escrowPayment: escrow.id,
    billingKey,
    schedule: schedule.body.id,
    verification,
    subStore: store.body.id,
    application: app.body.applications[0].id,
    deliveryId: delivery!.id,
    endpointId,
    apiKeyId: key.id,
    ownerUserId: owner.userId,
    invitationId: invitation.id,
    viewId: view.id,
    requestLogId: requestLog!.id,
    customerId,
    canary,
  };
}

/** Three hosting merchants: A and B hold records, C attacks A; B also has a store with a key and a login limited to it. */
export async function buildWorld(): Promise<World> {
  const [a, b, c] = await Promise.all([
    newMerchant({ hosting: true }),
    newMerchant({ hosting: true }),
    newMerchant({ hosting: true }),
  ]);
  const [victim, sibling] = await Promise.all([seedTarget(a, "A"), seedTarget(b, "B1")]);
  const limitedKey = await addStoreWithLimitedKey(b.merchant_id);
  const email = `limited-${newId().slice(-8).toLowerCase()}@example.com`;
  const password = `pw-${newId()}`;
  await withTransaction((tx) =>
    insertUser(tx, {
      merchantId: b.merchant_id,
      storeId: limitedKey.storeId,
      email,
      name: "Limited",
      password,
      role: "ADMIN",
    }),
  );
  return {
    victim,
    owner: { token: a.accessToken, email: a.dashboard.email, password: a.dashboard.password },
    sibling,
    attacker: { token: c.accessToken, email: c.dashboard.email, password: c.dashboard.password },
    limited: { token: limitedKey.accessToken, email, password },
  };
}

/** What an attack could have changed on a target: compared before and after the matrix. */
export async function targetState(t: Target) {
  const db = getDb();
  const txs = await db
    .selectFrom("transactions")
    .select(["payment_id", "status", "cancelled_amount", "escrow_detail", "is_primary"])
    .where("store_id", "=", t.storeId)
    .where("payment_id", "in", [t.payment, t.vaPayment, t.escrowPayment])
    .orderBy("payment_id")
    .execute();
  return {
    transactions: txs,
    transactionCount: (await db.selectFrom("transactions").select("id").where("store_id", "=", t.storeId).execute())
      .length,
    receipts: await db
      .selectFrom("cash_receipts")
      .select(["status", "cancelled_at"])
      .where("store_id", "=", t.storeId)
      .execute(),
    billingKey: await db
      .selectFrom("billing_keys")
      .select(["status", "deleted_at"])
      .where("id", "=", t.billingKey)
      .executeTakeFirst(),
    schedule: await db
      .selectFrom("schedules")
      .select(["status", "cancelled_at"])
      .where("id", "=", t.schedule)
      .executeTakeFirst(),
    verification: await db
      .selectFrom("identity_verifications")
      .select(["status", "otp_attempts", "updated_at"])
      .where("store_id", "=", t.storeId)
      .where("verification_id", "=", t.verification)
      .executeTakeFirst(),
    subStore: await db
      .selectFrom("stores")
      .select(["name", "updated_at"])
      .where("id", "=", t.subStore)
      .executeTakeFirst(),
    applications: await db
      .selectFrom("store_applications")
      .select(["id", "status", "contract_status"])
      .where("store_id", "=", t.subStore)
      .orderBy("id")
      .execute(),
    storeUsers: (await db.selectFrom("users").select("id").where("store_id", "=", t.subStore).execute()).length,
    apiKey: await db.selectFrom("api_keys").select("revoked_at").where("id", "=", t.apiKeyId).executeTakeFirst(),
    store: await db
      .selectFrom("stores")
      .select(["webhook_url", "webhook_secret"])
      .where("id", "=", t.storeId)
      .executeTakeFirst(),
    endpoints: await db
      .selectFrom("webhook_endpoints")
      .select(["id", "url", "events", "enabled", "secret", "previous_secret"])
      .where("store_id", "=", t.storeId)
      .orderBy("id")
      .execute(),
    deliveries: (await db.selectFrom("webhook_deliveries").select("id").where("store_id", "=", t.storeId).execute())
      .length,
    owner: await db
      .selectFrom("users")
      .select(["role", "password_hash", "totp_enabled_at"])
      .where("id", "=", t.ownerUserId)
      .executeTakeFirst(),
    invitation: await db
      .selectFrom("invitations")
      .select(["accepted_at", "revoked_at"])
      .where("id", "=", t.invitationId)
      .executeTakeFirst(),
    view: await db.selectFrom("saved_views").select(["name", "shared"]).where("id", "=", t.viewId).executeTakeFirst(),
  };
}
