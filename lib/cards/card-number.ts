/**
 * Card-number handling every layer shares (validation, masking, the log scrubber): neutral code
 * that knows no provider, table or area. Card numbers are never stored: only the masked form.
 */

/** Strips the spaces and dashes people type between digit groups. */
export function digitsOnly(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/** The Luhn checksum every real card number passes (and 12–19 digits). */
export function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** BIN + last 4 with the middle masked, e.g. 424242******4242. */
export function maskCardNumber(number: string): string {
  return `${number.slice(0, 6)}${"*".repeat(Math.max(number.length - 10, 0))}${number.slice(-4)}`;
}
