/** An absolute link to one of our public pages (receipts, invitations): it works in an e-mail. */
export function publicUrl(path: string): string {
  const base = process.env.PUBLIC_URL ?? process.env.NEXTAUTH_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
  return `${base.replace(/\/$/, "")}${path}`;
}
