/**
 * A Korean phone number written for reading: 010-1234-5678, 02-123-4567, 031-123-4567. Numbers as
 * payments carry them may have no dashes; anything that is not a Korean number shape is shown as
 * given. Client-safe.
 */
export function formatKoreanPhone(raw: string): string {
  const digits = raw.replace(/\D/g, "");
  if (!/^0\d{8,10}$/.test(digits) || /[^\d\s\-.()]/.test(raw.trim())) return raw;
  if (digits.startsWith("02")) {
    const rest = digits.slice(2);
    return rest.length === 7 || rest.length === 8 ? `02-${rest.slice(0, -4)}-${rest.slice(-4)}` : raw;
  }
  const rest = digits.slice(3);
  return rest.length === 7 || rest.length === 8 ? `${digits.slice(0, 3)}-${rest.slice(0, -4)}-${rest.slice(-4)}` : raw;
}
