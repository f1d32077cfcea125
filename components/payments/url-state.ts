/**
 * The payments table's state lives in the URL under the API's own query names (status, methods,
 * start, end, sort_by, page…), so a view can be shared, reloaded and exported as is.
 */
export type UrlQuery = Record<string, string | string[]>;

const ARRAY_KEYS = new Set(["status", "methods", "pg_providers", "failure_codes", "channel_keys"]);

export function queryFromSearch(search: URLSearchParams): UrlQuery {
  const out: UrlQuery = {};
  for (const [key, value] of search) {
    if (value === "") continue;
    if (ARRAY_KEYS.has(key))
      out[key] = [...((out[key] as string[] | undefined) ?? []), ...value.split(",").filter(Boolean)];
    else out[key] = value;
  }
  return out;
}

export function searchFromQuery(query: UrlQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(","));
    } else if (value !== "") params.set(key, value);
  }
  return params.toString();
}

/** A change to the filters starts again at the first page. */
export function withFilters(query: UrlQuery, patch: Record<string, string | string[] | undefined>): UrlQuery {
  const next: UrlQuery = { ...query };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) delete next[key];
    else next[key] = value;
  }
  if (!("page" in patch)) delete next.page;
  return next;
}

export function single(query: UrlQuery, key: string): string {
  const v = query[key];
  return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
}

export function list(query: UrlQuery, key: string): string[] {
  const v = query[key];
  return Array.isArray(v) ? v : v ? [v] : [];
}
