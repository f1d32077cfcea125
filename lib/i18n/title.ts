/** A path segment for a page title: decoded when it can be, never throwing on a stray "%". */
export function safeTitle(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
