type T = (key: string, vars?: Record<string, string | number>) => string;

/** A provider's decline code in words when we know it, else the code itself (it is the provider's own). */
export function declineLabel(t: T, code: string | null | undefined): string {
  const key = `decline.${code ?? "UNKNOWN"}`;
  const label = t(key);
  return label === key ? (code ?? t("decline.UNKNOWN")) : label;
}

/** A store as the dashboard names it: its name, and "(default)" in the reader's language for the default store. */
export function storeLabel(t: T, store: { name: string; is_default?: number | boolean }): string {
  return store.is_default ? t("stores.defaultLabel", { name: store.name }) : store.name;
}

/**
 * A channel in a select: its name, then its type in the reader's language. The TEST channels every
 * store gets are named "Toss Payments (test)": that English suffix gives way to the localized type.
 */
export function channelLabel(t: T, channel: { name: string; type: string }): string {
  return `${channel.name.replace(/\s*\(test\)\s*$/i, "")} (${t(`enum.channelType.${channel.type}`)})`;
}

/**
 * Why a payment failed, in the reader's language: a decline code we know in words; otherwise the
 * provider's own message for English readers, "unknown reason" for others (providers answer in English).
 */
export function failureLabel(
  t: T,
  locale: string,
  code: string | null | undefined,
  message: string | null | undefined,
) {
  const key = `decline.${code ?? "UNKNOWN"}`;
  const label = t(key);
  if (label !== key) return label;
  if (locale === "en" && message) return message;
  return t("decline.UNKNOWN");
}
