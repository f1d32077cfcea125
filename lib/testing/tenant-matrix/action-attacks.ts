import type { Target } from "./world";
import { cardCredential, newPaymentId } from "../payments";
import type { Json } from "../json";

/**
 * Each dashboard server action aimed at a target (key: `<area>/<export>`, area = its folder under
 * components/, with the file's name when it is not actions.ts). `refuse`: it names the target's records and must answer not found / forbidden
 * (plus `extra` codes the API uses for the same verb). `own`: it takes nothing that names another
 * tenant, so it runs on the caller's own store and its answer must merely leak nothing; `found`
 * picks what a search or list returned, which must be empty when the query names the target.
 * `many`: args returns a list of argument sets, one call each.
 */
export type ActionEntry = {
  kind: "refuse" | "own";
  args: (t: Target) => unknown;
  extra?: string[];
  found?: (data: Json) => unknown[];
  many?: boolean;
};

const FAR_FUTURE = Date.UTC(9999, 0, 1);
const refuse = (args: (t: Target) => unknown, extra?: string[]): ActionEntry => ({ kind: "refuse", args, extra });
const own = (args: unknown = {}): ActionEntry => ({ kind: "own", args: () => args });

export const ACTION_ATTACKS: Record<string, ActionEntry> = {
  "dashboard/switchStore": refuse((t) => ({ storeId: t.storeId })),
  "dashboard/switchLocale": own("en"),
  "overview/dismissGetStarted": own(),
  // Searching for the target's customer name (its canary) or its ids must find nothing of the target's.
  "dashboard/paletteSearchAction": {
    kind: "own",
    many: true,
    args: (t) => [t.canary, t.payment, t.billingKey, t.schedule, t.customerId].map((q) => ({ q })),
    found: (d) => [...d.payments, ...d.billingKeys, ...d.schedules, ...d.customers],
  },
  "billing-keys/listBillingKeysAction": own({ page: 0 }),
  "billing-keys/issueTestCardAction": refuse((t) => ({
    channel_key: t.paymentChannel,
    card_number: "4242424242424242",
    expiry_month: "12",
    expiry_year: "2099",
    birth: "900101",
    password_two_digits: "12",
  })),
  "billing-keys/bookedSchedulesAction": { kind: "own", args: (t) => ({ billing_key: t.billingKey }), found: (d) => d },
  // Cancelling a key's schedules first: the schedule verb answers an unknown key 400 (CONTRACT §5).
  "billing-keys/deleteBillingKeyAction": refuse(
    (t) => ({ billing_key: t.billingKey, cancel_schedules: true }),
    ["INVALID_REQUEST"],
  ),
  "billing-keys/billingKeyDetailAction": refuse((t) => ({ billing_key: t.billingKey })),
  "cash-receipts/listCashReceiptsAction": own({ page: 0 }),
  "channels/paymentChannelsAction": own(),
  "cash-receipts/issueCashReceiptAction": refuse((t) => ({
    payment_id: t.payment,
    channel_key: t.paymentChannel,
    customer_identifier: "01012345678",
    type: "PERSONAL",
    order_name: "x",
    currency: "KRW",
    amount: 1000,
  })),
  "cash-receipts/cancelCashReceiptAction": refuse((t) => ({ payment_id: t.payment })),
  "channels/listChannelsAction": own(),
  // A key Toss refuses: the channel is saved disabled in the caller's own store, nothing else.
  "channels/connectTossChannelAction": own({
    name: "matrix",
    pgMerchantId: "matrix_mid",
    secretKey: "live_sk_revoked_matrix_key",
  }),
  // Keys NICE refuses (nothing answers): the channel is saved disabled in the caller's own store.
  "channels/connectNiceChannelAction": own({
    name: "matrix",
    clientKey: "S2_matrixmatrixmatrix",
    secretKey: "matrixmatrixmatrixmatrixmatrix12",
  }),
  // The target's channel reference; the verbs look LIVE channels up within the caller's store only.
  "channels/testChannelAction": refuse((t) => ({ channelId: t.paymentChannel })),
  "channels/setChannelEnabledAction": refuse((t) => ({ channelId: t.paymentChannel, enabled: true })),
  // Reads the caller's own store's PG reports: nothing in it names another tenant.
  "settlements/readSettlementReportsAction": own(),
  "settlements/setContractTermsAction": refuse((t) => ({
    channel_id: t.paymentChannel,
    terms: {
      payout_days: 1,
      vat_bps: 1000,
      fees: {
        CARD: { kind: "RATE", rate_bps: 1 },
        VIRTUAL_ACCOUNT: { kind: "RATE", rate_bps: 1 },
        TRANSFER: { kind: "RATE", rate_bps: 1 },
        EASY_PAY: { kind: "RATE", rate_bps: 1 },
      },
    },
  })),
  "channels/changeChannelKeyAction": refuse((t) => ({
    channelId: t.paymentChannel,
    secretKey: "live_sk_revoked_matrix_key",
  })),
  "routing/listChannelGroupsAction": own(),
  "routing/channelHealthAction": own(),
  // A group naming the target's channel, or the target's group by key: refused as not found.
  "routing/createChannelGroupAction": refuse((t) => ({
    name: "matrix",
    targets: [{ channel_key: t.paymentChannel, weight: 1 }],
    rules: [],
  })),
  "routing/updateChannelGroupAction": refuse((t) => ({
    key: t.channelGroup,
    name: "matrix",
    targets: [{ channel_key: t.paymentChannel, weight: 1 }],
    rules: [],
  })),
  "routing/deleteChannelGroupAction": refuse((t) => ({ key: t.channelGroup })),
  "routing/previewRoutingAction": refuse((t) => ({
    key: t.channelGroup,
    group: { name: "matrix", targets: [{ channel_key: t.paymentChannel, weight: 1 }], rules: [] },
    sample: { payment_id: "matrix", method: "CARD", amount: 1000 },
  })),
  "developers/listKeysAction": own(),
  "developers/createKeyAction": own({ name: "matrix", limitToStore: true }),
  "developers/revokeKeyAction": refuse((t) => ({ id: t.apiKeyId })),
  "payments/listPaymentsAction": {
    kind: "own",
    many: true,
    args: (t) => [
      { q: t.canary, scope: "all" },
      { q: t.payment, scope: "all" },
      { store_id: t.storeId, scope: "all" },
    ],
    found: (d) => d.payments,
  },
  "payments/getPaymentAction": refuse((t) => ({ payment_id: t.payment })),
  "payments/instantPayAction": refuse((t) => ({
    payment_id: newPaymentId(),
    body: {
      channel_key: t.paymentChannel,
      order_name: "x",
      total_amount: 1000,
      currency: "KRW",
      payment_method_option: {
        card: {
          card_credential: cardCredential("4242424242424242"),
        },
      },
    },
  })),
  "payments/cancelPaymentAction": refuse((t) => ({ payment_id: t.payment, reason: "hijack" })),
  "payments/simulateDepositAction": refuse((t) => ({ payment_id: t.vaPayment })),
  "payments/voidVirtualAccountAction": refuse((t) => ({ payment_id: t.vaPayment })),
  "payments/registerEscrowAction": refuse((t) => ({
    payment_id: t.escrowPayment,
    body: {
      sender: {},
      receiver: { address: { address_line_1: "Seoul", address_line_2: "1" } },
      logistics_form: { company: "CJGLS", invoice_number: "1", sent_at: new Date().toISOString() },
      send_email: false,
    },
  })),
  "payments/completeEscrowAction": refuse((t) => ({ payment_id: t.escrowPayment })),
  "payments/issueReceiptForPaymentAction": refuse((t) => ({
    payment_id: t.vaPayment,
    type: "PERSONAL",
    customer_identifier: "01012345678",
  })),
  "reconciliation/lookUpAction": refuse((t) => ({ kind: "attempt", id: t.txId })),
  "schedules/listSchedulesAction": own({ start: 0, end: FAR_FUTURE, page: 0 }),
  "schedules/bookableKeysAction": own(),
  "schedules/bookScheduleAction": refuse((t) => ({
    billing_key: t.billingKey,
    payment_id: newPaymentId(),
    order_name: "x",
    total_amount: 1000,
    currency: "KRW",
    scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
  })),
  "schedules/cancelSelectedAction": refuse(
    (t) => ({ schedules: [{ id: t.schedule, billing_key: t.billingKey }] }),
    ["INVALID_REQUEST"],
  ),
  "stores/listStoresAction": own(),
  "stores/getStoreAction": refuse((t) => ({ store_id: t.subStore })),
  "stores/createStoreAction": own({ name: "" }),
  "stores/updateStoreAction": refuse((t) => ({ store_id: t.subStore, name: "hijacked" })),
  "stores/listApplicationsAction": refuse((t) => ({ store_id: t.subStore })),
  "stores/submitApplicationAction": refuse((t) => ({
    store_id: t.subStore,
    pg_company: "TOSSPAYMENTS",
    methods: ["CARD_GENERAL"],
    pg_specific_info: {},
  })),
  "stores/advanceApplicationAction": refuse((t) => ({ application_id: t.application, status: "RECEPTION_COMPLETED" })),
  "stores/advanceContractAction": refuse((t) => ({ application_id: t.application, status: "IN_DRAFT" })),
  "stores/onboardingBoardAction": own(),
  "stores/listStoreUsersAction": refuse((t) => ({ store_id: t.subStore })),
  "stores/createStoreUserAction": refuse((t) => ({
    store_id: t.subStore,
    email: `intruder-${t.canary.toLowerCase()}@example.com`,
    password: "intruder-password",
    role: "ADMIN",
  })),
  "identity/listVerificationsAction": own({ page: 0 }),
  "identity/getVerificationAction": refuse((t) => ({ id: t.verification })),
  "identity/identityChannelsAction": own(),
  "identity/sendVerificationAction": refuse((t) => ({
    id: t.verification,
    channelKey: t.identityChannel,
    customer: { name: "Mallory", phoneNumber: "01055556666", identityNumber: "9001011" },
    operator: "SKT",
    method: "SMS",
  })),
  "identity/confirmVerificationAction": refuse((t) => ({ id: t.verification, otp: "000000" })),
  "identity/resendVerificationAction": refuse((t) => ({ id: t.verification })),
  "identity/inboxAction": own(),
  "webhooks/getSettingsAction": own(),
  "webhooks/rotateSecretAction": own({ overlapHours: 0 }),
  "webhooks/listEndpointsAction": own(),
  "webhooks/createEndpointAction": own({ url: "https://example.com/own-endpoint", events: ["Paid"] }),
  "webhooks/updateEndpointAction": refuse((t) => ({ id: t.endpointId, enabled: false, events: "all" })),
  "webhooks/rotateEndpointSecretAction": refuse((t) => ({ id: t.endpointId, overlapHours: 0 })),
  "webhooks/sendEndpointTestAction": refuse((t) => ({ id: t.endpointId })),
  "webhooks/deleteEndpointAction": refuse((t) => ({ id: t.endpointId })),
  "webhooks/listDeliveriesAction": own({}),
  "webhooks/listAttemptsAction": refuse((t) => ({ id: t.deliveryId })),
  "webhooks/resendDeliveryAction": refuse((t) => ({ id: t.deliveryId })),
  "webhooks/resendMatchingAction": own({}),
  "team/teamAction": own(),
  "team/inviteAction": refuse((t) => ({
    email: `intruder-${t.canary.toLowerCase()}@example.com`,
    role: "VIEWER",
    store_id: t.storeId,
  })),
  "team/changeRoleAction": refuse((t) => ({ user_id: t.ownerUserId, role: "VIEWER" })),
  "team/removeMemberAction": refuse((t) => ({ user_id: t.ownerUserId })),
  "team/revokeInvitationAction": refuse((t) => ({ id: t.invitationId })),
  "team/requireTwoFactorAction": own({ required: false }),
  "team/changePasswordAction": own({ current: "not the password", next: "another long password" }),
  "team/startTwoFactorAction": own(),
  "team/confirmTwoFactorAction": own({ code: "000000" }),
  "team/disableTwoFactorAction": own({ code: "000000" }),
  "payments/saved-view-actions/listViewsAction": own(),
  "payments/saved-view-actions/createViewAction": own({ name: "matrix", shared: false, query: "", columns: [] }),
  "payments/saved-view-actions/renameViewAction": refuse((t) => ({ id: t.viewId, name: "hijacked" })),
  "payments/saved-view-actions/deleteViewAction": refuse((t) => ({ id: t.viewId })),
  "payments/saved-view-actions/defaultViewAction": refuse((t) => ({ id: t.viewId })),
  // Public: the link's token is the credential; a guessed one is simply not valid.
  "team/accept-invitation-action/acceptInvitationAction": own({
    token: "not-a-real-invitation-token",
    name: "Mallory",
    password: "a long password",
  }),
};

/** `<area>/<export>` of an action file under components/ (`<area>/<file>/<export>` when not actions.ts). */
export function actionKey(file: string, name: string): string {
  const area = file
    .replace(/^components\//, "")
    .replace(/\.ts$/, "")
    .replace(/\/actions$/, "");
  return `${area}/${name}`;
}
