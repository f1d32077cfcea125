/** Keeps only the last 4 digits of a phone or business number. */
export function maskIdentifier(value: string): string {
  return value.length <= 4 ? "*".repeat(value.length) : "*".repeat(value.length - 4) + value.slice(-4);
}
