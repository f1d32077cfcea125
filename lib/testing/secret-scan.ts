import { sql } from "kysely";
import { dialect, getDb } from "@/lib/db/client";
import { findCardNumbers, isSecretMember } from "@/lib/security/redaction";

/**
 * Finds what must never sit in the database in clear: card numbers, CVCs, card password digits,
 * resident (registration) numbers, API keys (ours and Toss's), refresh tokens, OTPs, webhook signing secrets and
 * bearer credentials. Values are judged by shape (a Luhn-valid run of 13–19 digits, grouped or not, `sk_…`,
 * `live_sk_…`, `rt_…`, `whsec_…`, a 13-digit resident number) and, inside JSON documents, by the member that
 * holds them (the named ones below, and any string under a member named like a secret, lib/security/redaction.ts).
 */
export type Finding = { table: string; column: string; kind: string; sample: string };

const SENSITIVE_MEMBERS: Record<string, string> = {
  card_number: "card number",
  cvc: "CVC",
  password_two_digits: "card password digits",
  birth_or_business_registration_number: "card holder's birth date",
  identityNumber: "resident number",
  identity_number: "resident number",
  otp: "OTP",
  apiKey: "API key",
  api_key: "API key",
  refresh_token: "refresh token",
  refreshToken: "refresh token",
};

// A token must stand alone: `sk_` inside sealed base64url ciphertext is chance, not a key.
const PATTERNS: [string, RegExp][] = [
  ["API key", /(?<![A-Za-z0-9_-])sk_[A-Za-z0-9_-]{20,}/],
  ["Toss secret key", /(?<![A-Za-z0-9_-])(live|test)_g?sk_[A-Za-z0-9_-]{12,}/],
  ["Authorization credential", /\b(Bearer|PortOne|Basic)\s+[A-Za-z0-9._~+/=-]{20,}/i],
  ["refresh token", /(?<![A-Za-z0-9_-])rt_[A-Za-z0-9_-]{32,}/],
  ["webhook signing secret", /(?<![A-Za-z0-9+/=_-])whsec_[A-Za-z0-9+/=_-]{20,}/],
  // Digit runs inside hex digests and ids are not numbers: a match must stand alone.
  ["resident number", /(?<![0-9A-Za-z])\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])-?[1-8]\d{6}(?![0-9A-Za-z])/],
];

/** Public numbers that share a resident number's shape (a corporate registration number is 13 digits). */
const PUBLIC_MEMBERS = new Set(["corporate_registration_number"]);

function cardNumbers(text: string): string[] {
  return findCardNumbers(text, { standalone: true }).map((hit) => text.slice(hit.start, hit.end));
}

/** Bank account numbers (10–14 digits, a virtual account's included) share a card number's shape; some pass Luhn. */
function holdsAccountNumber(key: string | null): boolean {
  return key !== null && /accountnumber/.test(key.toLowerCase().replace(/[_-]/g, ""));
}

/** A masked card number that still shows more than the first 6 and last 4 digits (e.g. Toss's own `12341234****123*`). */
function overExposedMasks(text: string): string[] {
  return [...text.matchAll(/(?<![0-9A-Za-z*])[0-9*]{13,19}(?![0-9A-Za-z*])/g)]
    .map((m) => m[0])
    .filter((shape) => shape.includes("*") && shape.replace(/\D/g, "").length > 10);
}

function scanShapes(text: string, report: (kind: string, sample: string) => void, key: string | null): void {
  if (!holdsAccountNumber(key)) for (const n of cardNumbers(text)) report("card number", n);
  for (const n of overExposedMasks(text)) report("masked card number showing more than 10 digits", n);
  for (const [kind, pattern] of PATTERNS) {
    const hit = text.match(pattern);
    if (hit) report(kind, hit[0]);
  }
}

/** Own members only: a stored body may have members named `__proto__` or `constructor`. */
function sensitiveKind(key: string | null): string | undefined {
  return key !== null && Object.hasOwn(SENSITIVE_MEMBERS, key) ? SENSITIVE_MEMBERS[key] : undefined;
}

/** Walks a JSON document: each string leaf is judged by shape and by the member holding it. */
function scanJson(value: unknown, key: string | null, report: (kind: string, sample: string) => void): void {
  if (Array.isArray(value)) {
    for (const v of value) scanJson(v, key, report);
    return;
  }
  if (typeof value === "string") {
    const kind = sensitiveKind(key);
    // Masked values (424242******4242) and single-digit remainders are what we are allowed to keep.
    if (kind && value.length > 1 && !value.includes("*")) report(`${kind} in member ${key}`, value);
    else if (key && isSecretMember(key) && value.length > 1 && !value.includes("*"))
      report(`secret in member ${key}`, value);
    // A registration number may be a business number (10 digits, public) but never a resident number (13).
    if (key === "registration_number" && value.replace(/\D/g, "").length === 13)
      report("resident number in member registration_number", value);
    if (!key || !PUBLIC_MEMBERS.has(key)) scanText(value, report, key);
    return;
  }
  if (typeof value === "number" && sensitiveKind(key)) report(`${sensitiveKind(key)} in member ${key}`, String(value));
  if (!value || typeof value !== "object") return;
  for (const [childKey, child] of Object.entries(value)) scanJson(child, childKey, report);
}

/** lib/sealed.ts output: AES-GCM ciphertext, by construction nothing in clear. */
const SEALED = /^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+$/;

/** `key`: the member or column holding the text, when known. */
export function scanText(
  text: string,
  report: (kind: string, sample: string) => void,
  key: string | null = null,
): void {
  if (SEALED.test(text)) return;
  if (/^\s*[[{]/.test(text)) {
    try {
      scanJson(JSON.parse(text), null, report);
      return;
    } catch {
      // not JSON after all
    }
  }
  scanShapes(text, report, key);
}

async function tableNames(): Promise<string[]> {
  const rows =
    dialect() === "sqlite"
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(getDb())
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
          getDb(),
        );
  return rows.rows.map((r) => r.name);
}

/**
 * The stored search documents (payments, 0095; customers, 0185): the row's own columns, each
 * scanned where it is kept, joined by spaces, so neighbouring fields' digits (a phone written
 * twice) can line up as a Luhn-valid run.
 */
const DERIVED_COLUMNS = new Set(["transactions.search_doc", "store_customers.search_doc"]);

/** Every row of every table, scanned. */
export async function scanDatabase(): Promise<{ findings: Finding[]; rows: number; tables: number }> {
  const findings: Finding[] = [];
  let rows = 0;
  const tables = await tableNames();
  for (const table of tables) {
    const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(getDb());
    for (const row of result.rows) {
      rows += 1;
      for (const [column, value] of Object.entries(row)) {
        if (typeof value !== "string" || DERIVED_COLUMNS.has(`${table}.${column}`)) continue;
        if (/otp/i.test(column) && /^\d{6}$/.test(value)) findings.push({ table, column, kind: "OTP", sample: value });
        scanText(value, (kind, sample) => findings.push({ table, column, kind, sample: sample.slice(0, 40) }), column);
      }
    }
  }
  return { findings, rows, tables: tables.length };
}
