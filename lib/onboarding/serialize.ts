import type { StoreApplicationEventsTable, StoreApplicationsTable } from "@/lib/db/tables/stores";
import { toRfc3339 } from "@/lib/time";
import { openCredential } from "./credential";
import { paymentTypesOf } from "./payment-types";
import { CONTRACT_OPEN_FOR_DRAFT } from "./status";
import type { ContractStatus } from "./schema";

function strip<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as T;
}

/** The spec's Application (ApplicationPublic). */
export function serializeApplication(row: StoreApplicationsTable) {
  const credential = row.pg_credential ? openCredential(row.pg_credential) : undefined;
  return strip({
    id: row.id,
    store_id: row.store_id,
    pg_company: row.pg_company,
    methods: JSON.parse(row.methods) as string[],
    status: row.status,
    pg_specific_info: JSON.parse(row.pg_specific_info) as Record<string, unknown>,
    failed_reason: row.failed_reason,
    pg_credential: credential && { ...credential, created: toRfc3339(credential.created), modified: toRfc3339(credential.modified) },
  });
}

function publicBaseUrl(): string {
  return (process.env.NEXTAUTH_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
}

/**
 * TosspaymentsApplicationUrl entries: one per payment type the methods need. The sandbox's sign-up
 * page is the store's dashboard page, where the contract can be progressed.
 */
export function serializeTosspaymentsUrls(row: StoreApplicationsTable) {
  const status = (row.contract_status ?? "READY") as ContractStatus;
  return paymentTypesOf(JSON.parse(row.methods) as string[]).map((paymentType) =>
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
export function toApplicationView(row: StoreApplicationsTable, events: StoreApplicationEventsTable[], storeName?: string) {
  return {
    ...serializeApplication(row),
    store_name: storeName ?? null,
    contract_status: row.contract_status,
    status_changed_at: toRfc3339(row.status_changed_at),
    contract_status_changed_at: toRfc3339(row.contract_status_changed_at) ?? null,
    created_at: toRfc3339(row.created_at),
    history: events.map((e) => ({ field: e.field, from: e.from_value, to: e.to_value, reason: e.reason, at: toRfc3339(e.at) })),
  };
}
export type ApplicationView = ReturnType<typeof toApplicationView>;
