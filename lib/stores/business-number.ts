/**
 * Korean business registration number (사업자등록번호): 10 digits, dashes allowed (000-00-00000).
 * The tenth digit is a check digit over the first nine (weights 1,3,7,1,3,7,1,3,5, plus the
 * tens digit of d9 × 5). Client-safe.
 */
const WEIGHTS = [1, 3, 7, 1, 3, 7, 1, 3, 5];

/** The number's shape alone: 10 digits, optionally grouped 3-2-5 by dashes. */
export const BUSINESS_NUMBER_FORMAT = /^\d{3}-?\d{2}-?\d{5}$/;

export function businessNumberCheckDigit(firstNine: string): number {
  const d = [...firstNine.slice(0, 9)].map(Number);
  let sum = 0;
  d.forEach((digit, i) => {
    sum += digit * (WEIGHTS[i] ?? 0);
  });
  sum += Math.floor(((d[8] ?? 0) * 5) / 10);
  return (10 - (sum % 10)) % 10;
}

/** True when `value` has the number's shape and its tenth digit matches the check digit. */
export function isValidBusinessNumber(value: string): boolean {
  if (!BUSINESS_NUMBER_FORMAT.test(value)) return false;
  const digits = value.replaceAll("-", "");
  return businessNumberCheckDigit(digits.slice(0, 9)) === Number(digits[9]);
}
