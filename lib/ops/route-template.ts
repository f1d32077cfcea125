type Params = Record<string, string | string[] | undefined>;

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * The route's file-system template for a concrete path (`/v2/payments/p-1/cancel` with
 * `{payment_id: "p-1"}` → `/v2/payments/[payment_id]/cancel`), so metrics labels stay few.
 */
export function routeTemplate(pathname: string, params: Params): string {
  const parts = pathname.split("/");
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      // A catch-all takes the rest of the path.
      const start = parts.length - value.length;
      if (start > 0) parts.splice(start, value.length, `[...${name}]`);
      continue;
    }
    if (value === undefined) continue;
    // From the end: parameters follow the static segments they could be mistaken for (/v2/payments/payments).
    for (let i = parts.length - 1; i > 0; i--) {
      if (decode(parts[i]!) === value) {
        parts[i] = `[${name}]`;
        break;
      }
    }
  }
  return parts.join("/");
}
