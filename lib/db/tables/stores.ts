/**
 * Sub-store details (the spec's Store beyond what every store has) and onboarding applications.
 * A sub-store is a row of `stores` plus its `store_profiles` row; the merchant's default store has
 * no profile. JSON columns hold wire-shaped documents (representative, business_license, ...).
 */
export interface StoreProfilesTable {
  store_id: string;
  merchant_id: string;
  service_urls: string;
  manager_name: string | null;
  manager_phone_number: string | null;
  manager_email: string | null;
  representative: string;
  business_license: string;
  terms_agreed_at: number;
  created_at: number;
  updated_at: number;
}

export interface StoreApplicationsTable {
  id: string;
  merchant_id: string;
  store_id: string;
  pg_company: string;
  methods: string;
  status: string;
  status_changed_at: number;
  pg_specific_info: string;
  failed_reason: string | null;
  /** The provider's contract status (TOSSPAYMENTS only; null for others). */
  contract_status: string | null;
  contract_status_changed_at: number | null;
  pg_credential: string | null;
  /** The TEST channel created when the application opened for service. */
  channel_id: string | null;
  created_at: number;
  updated_at: number;
}

/** Every status or contract-status change, with its time: the application's history. */
export interface StoreApplicationEventsTable {
  id: string;
  merchant_id: string;
  application_id: string;
  field: "status" | "contract_status";
  from_value: string | null;
  to_value: string;
  reason: string | null;
  at: number;
}

export interface StoreTables {
  store_profiles: StoreProfilesTable;
  store_applications: StoreApplicationsTable;
  store_application_events: StoreApplicationEventsTable;
}
