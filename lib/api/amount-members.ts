import { z } from "zod";
import { DomainError } from "@/lib/errors/domain-error";

/**
 * CONTRACT §5: on a money-moving request an amount under another name is never dropped silently.
 * An alias (cancel's `amount`) is renamed to the member it stands for; any other unknown top-level
 * member whose name contains "amount" is refused, naming it. Declared members are left to zod.
 */
export type AmountMembers = { aliases?: Readonly<Record<string, string>> };

const AMOUNT_LIKE = /amount/i;

/** The top-level member names a body schema declares (through refinements and transforms). */
export function declaredMembers(schema: z.ZodType | undefined): ReadonlySet<string> {
  let current: unknown = schema;
  while (current instanceof z.ZodPipe) current = current.in;
  return new Set(current instanceof z.ZodObject ? Object.keys(current.shape) : []);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Returns the body with aliases renamed, and which member each renamed one was sent as (so a
 * validation error names what the client sent); throws 400 INVALID_REQUEST naming the offending member.
 */
export function guardAmountMembers(
  raw: unknown,
  declared: ReadonlySet<string>,
  rule: AmountMembers,
): { body: unknown; sentAs: Record<string, string> } {
  const sentAs: Record<string, string> = {};
  if (!isRecord(raw)) return { body: raw, sentAs };
  const body = { ...raw };
  for (const [alias, target] of Object.entries(rule.aliases ?? {})) {
    if (!(alias in body)) continue;
    if (target in body && JSON.stringify(body[target]) !== JSON.stringify(body[alias]))
      throw new DomainError(
        "INVALID_REQUEST",
        `body.${alias}, body.${target}: ${alias} is an alias of ${target}; they differ`,
        {
          field: alias,
        },
      );
    if (!(target in body)) sentAs[target] = alias;
    body[target] = body[alias];
    delete body[alias];
  }
  for (const name of Object.keys(body)) {
    if (declared.has(name) || !AMOUNT_LIKE.test(name)) continue;
    throw new DomainError(
      "INVALID_REQUEST",
      `body.${name}: unknown amount member (not ${[...declared].filter((d) => AMOUNT_LIKE.test(d)).join(", ") || "accepted here"})`,
      {
        field: name,
      },
    );
  }
  return { body, sentAs };
}
