/** A JSON text indented for reading (a logged body, a provider's answer); text that is not JSON comes back as it is. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
