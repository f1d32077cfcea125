/**
 * What a customer search looks for. A query that is a phone number however written (digits with
 * dashes, spaces, dots, brackets or a plus) becomes its digits: a customer's search document carries
 * the stored phone's digits too (migration 0185), so "010-2345-6789" finds a phone
 * stored as "01023456789" and the other way round.
 */
export function customerSearchText(q: string): string {
  const trimmed = q.trim();
  const digits = trimmed.replace(/\D/g, "");
  return /^[\d\s\-+.()]+$/.test(trimmed) && digits.length >= 3 ? digits : trimmed;
}
