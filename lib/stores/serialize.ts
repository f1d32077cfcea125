import type { SubStoreRecord } from "./repository";

function strip<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as T;
}

/** The spec's Store (PublicStoreResponse). */
export function serializeStore({ store, profile }: SubStoreRecord) {
  return strip({
    id: store.id,
    name: store.name,
    tier_code: store.tier_code ?? "",
    service_urls: profile.service_urls,
    manager_name: profile.manager_name,
    manager_phone_number: profile.manager_phone_number,
    manager_email: profile.manager_email,
    representative: profile.representative,
    business_license: profile.business_license,
  });
}
export type PublicStore = ReturnType<typeof serializeStore>;
