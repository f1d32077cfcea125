/** Fills `{name}` placeholders; a missing value stays visible as `{name}`. Client-safe (no dictionary). */
export function interpolate(text: string, vars: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? `{${k}}`));
}
