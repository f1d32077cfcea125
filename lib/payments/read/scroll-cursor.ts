import { z } from "zod";
import { DomainError } from "@/lib/errors/domain-error";

/**
 * The scroll cursor: the window fixed by the first request and the keyset position (creation
 * time, transaction id) of the last payment returned. Opaque to callers (base64url JSON).
 */
const cursorShape = z.object({
  v: z.literal(1),
  s: z.string().nullable(),
  a: z.number().int(),
  b: z.number().int(),
  c: z.number().int(),
  i: z.string().min(1),
});

export type ScrollCursor = z.output<typeof cursorShape>;

export function encodeCursor(cursor: ScrollCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

export function decodeCursor(text: string): ScrollCursor {
  try {
    const parsed = cursorShape.safeParse(JSON.parse(Buffer.from(text, "base64url").toString("utf8")));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through: not base64url JSON
  }
  throw new DomainError("INVALID_REQUEST", "query.cursor: not a cursor returned by this endpoint", { field: "cursor" });
}
