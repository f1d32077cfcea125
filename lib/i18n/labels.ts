type T = (key: string, vars?: Record<string, string | number>) => string;

/** A provider's decline code in words when we know it, else the code itself (it is the provider's own). */
export function declineLabel(t: T, code: string | null | undefined): string {
  const key = `decline.${code ?? "UNKNOWN"}`;
  const label = t(key);
  return label === key ? (code ?? t("decline.UNKNOWN")) : label;
}
