/**
 * What a customer search looks for: the digits of a phone number, or the start of a name or e-mail
 * (whitespace collapsed). A query that is a phone number however written (digits with
 * dashes, spaces, dots, brackets or a plus) becomes its digits: every search document carries the
 * stored phone's digits too (lib/search/repository/document.ts), so "010-2345-6789" finds a phone
 * stored as "01023456789" and the other way round.
 */
export function customerSearchText(q: string): string {
  const trimmed = q.trim();
  const digits = trimmed.replace(/\D/g, "");
  return /^[\d\s\-+.()]+$/.test(trimmed) && digits.length >= 3 ? digits : trimmed.replace(/\s+/g, " ");
}

/** A search text that is a phone number's digits (searched inside the stored phones). */
export function isPhoneDigits(text: string): boolean {
  return /^\d{3,}$/.test(text);
}
