import { z } from "zod";

export const VOLUME_PERIODS = { "7d": 7, "30d": 30, "90d": 90 } as const;
export type VolumePeriod = keyof typeof VOLUME_PERIODS;
export const VOLUME_SORTS = ["name", "volume", "count", "approval", "refunds"] as const;
export type VolumeSort = (typeof VOLUME_SORTS)[number];

const periods = Object.keys(VOLUME_PERIODS) as [VolumePeriod, ...VolumePeriod[]];

/**
 * The all-stores view's URL state (page, CSV and a store's KPI page). Unknown or missing values
 * fall back to the defaults, so a hand-edited URL still shows a view.
 */
export const storeVolumesQuery = z.object({
  period: z.enum(periods).catch("30d"),
  mode: z.enum(["LIVE", "TEST"]).catch("LIVE"),
  sort: z.enum(VOLUME_SORTS).catch("volume"),
  dir: z.enum(["asc", "desc"]).catch("desc"),
});
export type StoreVolumesQuery = z.infer<typeof storeVolumesQuery>;

/** Reads the view's state from page search params or a URL's query (first value of each). */
export function parseStoreVolumesQuery(params: Record<string, string | string[] | undefined>): StoreVolumesQuery {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  return storeVolumesQuery.parse({
    period: first(params.period),
    mode: first(params.mode),
    sort: first(params.sort),
    dir: first(params.dir),
  });
}
