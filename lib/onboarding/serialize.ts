import { toRfc3339 } from "@/lib/time";
import { openCredential } from "./credential";
import { paymentTypesOf } from "./payment-types";
import type { ApplicationEventRecord, ApplicationRecord } from "./repository";
import { CONTRACT_OPEN_FOR_DRAFT } from "./status";

function strip<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as T;
}

/** The spec's Application (ApplicationPublic). */
export function serializeApplication(row: ApplicationRecord) {
  const credential = row.pg_credential ? openCredential(row.pg_credential) : undefined;
  return strip({
    id: row.id,
    store_id: row.store_id,
    pg_company: row.pg_company,
    methods: row.methods,
    status: row.status,
    pg_specific_info: row.pg_specific_info,
    failed_reason: row.failed_reason,
    pg_credential: credential && {
      ...credential,
      created: toRfc3339(credential.created),
      modified: toRfc3339(credential.modified),
    },
  });
}

function publicBaseUrl(): string {
  return (process.env.NEXTAUTH_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
}

/**
 * TosspaymentsApplicationUrl entries: one per payment type the methods need. The sandbox's sign-up
 * page is the store's dashboard page, where the contract can be progressed.
 */
export function serializeTosspaymentsUrls(row: ApplicationRecord) {
  const status = row.contract_status ?? "READY";
  return paymentTypesOf(row.methods).map((paymentType) =>
    strip({
      application_id: row.id,
      payment_type: paymentType,
      onboarding_url: CONTRACT_OPEN_FOR_DRAFT.includes(status)
        ? `${publicBaseUrl()}/dashboard/stores/${encodeURIComponent(row.store_id)}?application=${encodeURIComponent(row.id)}&payment_type=${paymentType}`
        : undefined,
      status,
    }),
  );
}

/** What the dashboard shows of an application: the wire shape plus times and history. */
export function toApplicationView(row: ApplicationRecord, events: ApplicationEventRecord[], storeName?: string) {
  return {
    ...serializeApplication(row),
    store_name: storeName ?? null,
    contract_status: row.contract_status,
    status_changed_at: toRfc3339(row.status_changed_at),
    contract_status_changed_at: toRfc3339(row.contract_status_changed_at) ?? null,
    created_at: toRfc3339(row.created_at),
    history: events.map((e) => ({
      id: e.id,
      field: e.field,
      from: e.from_value,
      to: e.to_value,
      reason: e.reason,
      at: toRfc3339(e.at),
    })),
  };
}
export type ApplicationView = ReturnType<typeof toApplicationView>;
