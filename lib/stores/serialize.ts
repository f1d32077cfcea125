import type { StoreProfilesTable } from "@/lib/db/tables/stores";

function strip<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as T;
}

export type SubStoreRow = { store: { id: string; name: string; tier_code: string | null }; profile: StoreProfilesTable };

/** The spec's Store (PublicStoreResponse). */
export function serializeStore({ store, profile }: SubStoreRow) {
  return strip({
    id: store.id,
    name: store.name,
    tier_code: store.tier_code ?? "",
    service_urls: JSON.parse(profile.service_urls) as string[],
    manager_name: profile.manager_name,
    manager_phone_number: profile.manager_phone_number,
    manager_email: profile.manager_email,
    representative: JSON.parse(profile.representative) as Record<string, unknown>,
    business_license: JSON.parse(profile.business_license) as Record<string, unknown>,
  });
}
export type PublicStore = ReturnType<typeof serializeStore>;
