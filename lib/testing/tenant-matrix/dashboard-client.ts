import { readFileSync } from "node:fs";
import path from "node:path";
import type { Json } from "../json";

/** A dashboard server action as the production build registers it (.next/server/server-reference-manifest.json). */
export type ServerAction = { id: string; name: string; file: string };

export function serverActions(repoRoot: string): ServerAction[] {
  const manifest = JSON.parse(
    readFileSync(path.join(repoRoot, ".next/server/server-reference-manifest.json"), "utf8"),
  ) as { node: Record<string, { exportedName?: string; filename?: string }> };
  return Object.entries(manifest.node).map(([id, a]) => ({ id, name: a.exportedName ?? "?", file: a.filename ?? "?" }));
}

function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((c) => c.split(";")[0]!);
}

/**
 * A signed-in dashboard session over HTTP (next-auth's CSRF and credentials flow), able to
 * invoke server actions the way the browser does: POST with `Next-Action` and the arguments as
 * JSON; the answer is React's flight text, whose row 1 is the action's return value.
 */
export async function dashboardSession(baseUrl: string, email: string, password: string) {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  let jar = cookiesOf(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; ") },
    body: new URLSearchParams({ email, password, csrfToken, json: "true" }),
    redirect: "manual",
  });
  jar = [...jar, ...cookiesOf(signIn)];
  if (!jar.some((c) => c.includes("session-token"))) throw new Error(`sign-in as ${email} failed: ${signIn.status}`);
  const cookie = jar.join("; ");

  return {
    /** The session cookie(s), e.g. to copy into another client. */
    cookie,
    /** Signs out through next-auth (CSRF token and all), as the dashboard's menu does. */
    async signOut(): Promise<number> {
      const csrfAnswer = await fetch(`${baseUrl}/api/auth/csrf`, { headers: { cookie } });
      const token = ((await csrfAnswer.json()) as { csrfToken: string }).csrfToken;
      const answer = await fetch(`${baseUrl}/api/auth/signout`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie },
        body: new URLSearchParams({ csrfToken: token, json: "true" }),
        redirect: "manual",
      });
      return answer.status;
    },
    /** A page or route handler, with `extraCookie` (e.g. a forged store selection) added to the session's. */
    async get(url: string, extraCookie?: string): Promise<{ status: number; body: string; setCookies: string[] }> {
      const response = await fetch(`${baseUrl}${url}`, {
        headers: { cookie: extraCookie ? `${cookie}; ${extraCookie}` : cookie },
        redirect: "manual",
      });
      return { status: response.status, body: await response.text(), setCookies: response.headers.getSetCookie() };
    },
    /** The action's return value (our ActionResult) and the raw answer, for leak checks. */
    call(
      action: ServerAction,
      arg: unknown,
      extraCookie?: string,
    ): Promise<{ status: number; result: Json; raw: string }> {
      return this.callWith(action, JSON.stringify(arg === undefined ? [] : [arg]), extraCookie);
    },
    /** The same with the argument list as JSON text (the fuzzer sends what JSON.stringify cannot produce). */
    async callWith(
      action: ServerAction,
      argsJson: string,
      extraCookie?: string,
    ): Promise<{ status: number; result: Json; raw: string }> {
      const response = await fetch(`${baseUrl}/dashboard`, {
        method: "POST",
        headers: {
          "next-action": action.id,
          "content-type": "text/plain;charset=UTF-8",
          accept: "text/x-component",
          origin: baseUrl,
          cookie: extraCookie ? `${cookie}; ${extraCookie}` : cookie,
        },
        body: argsJson,
        redirect: "manual",
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      const raw = bytes.toString("utf8");
      const row = flightRows(bytes).get("1");
      let result: Json;
      try {
        result = row === undefined ? undefined : JSON.parse(row);
      } catch {
        result = undefined;
      }
      return { status: response.status, result, raw };
    },
  };
}

/**
 * The rows of a React flight answer by id. A row is `id:json\n`, or `id:T<hex byte length>,<text>`
 * with no newline after the text (long strings, such as a QR code's data URL), so rows cannot be
 * found by splitting lines.
 */
function flightRows(bytes: Buffer): Map<string, string> {
  const rows = new Map<string, string>();
  let at = 0;
  while (at < bytes.length) {
    const colon = bytes.indexOf(":", at);
    if (colon < 0) break;
    const id = bytes.toString("utf8", at, colon);
    if (bytes[colon + 1] === 0x54 /* T */) {
      const comma = bytes.indexOf(",", colon);
      const length = Number.parseInt(bytes.toString("utf8", colon + 2, comma), 16);
      rows.set(id, JSON.stringify(bytes.toString("utf8", comma + 1, comma + 1 + length)));
      at = comma + 1 + length;
      continue;
    }
    const end = bytes.indexOf("\n", colon);
    rows.set(id, bytes.toString("utf8", colon + 1, end < 0 ? bytes.length : end));
    at = end < 0 ? bytes.length : end + 1;
  }
  return rows;
}
