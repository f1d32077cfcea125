/**
 * URL query → plain object. Repeated keys and the bracket form (`status[]=PAID`) become arrays;
 * comma lists are split by the array field schemas (see queryArray), per CONTRACT §1.
 */
export function queryToObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [rawKey, value] of params) {
    const isBracket = rawKey.endsWith("[]");
    const key = isBracket ? rawKey.slice(0, -2) : rawKey;
    const existing = out[key];
    if (existing === undefined) out[key] = isBracket ? [value] : value;
    else out[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return out;
}
