/**
 * Drives the API through the real route modules in-process: the same handler wrapper, parsing,
 * auth and envelopes as over HTTP, without a server. Routes come from app/ by file name, so a
 * path that has no route file answers as Next would (the catch-alls, or 405).
 *
 * With API_BASE_URL set (the HTTP pass, scripts/test-http.ts), every call goes over real HTTP to
 * that server instead: Next's own routing, params decoding and method handling.
 */
import type { Json } from "./json";
type RouteModule = Record<
  string,
  (request: Request, segment: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>
>;

const modules = import.meta.glob<RouteModule>("/app/**/route.ts");

type Compiled = { file: string; segments: string[]; rank: number[] };

const compiled: Compiled[] = Object.keys(modules)
  .map((file) => {
    const segments = file
      .replace(/^\/app/, "")
      .replace(/\/route\.ts$/, "")
      .split("/")
      .filter(Boolean)
      .filter((s) => !/^\(.*\)$/.test(s));
    const rank = segments.map((s) => (s.startsWith("[...") ? 2 : s.startsWith("[") ? 1 : 0));
    return { file, segments, rank };
  })
  .sort((a, b) => {
    for (let i = 0; i < Math.max(a.rank.length, b.rank.length); i++) {
      const d = (a.rank[i] ?? -1) - (b.rank[i] ?? -1);
      if (d !== 0) return d;
    }
    return 0;
  });

function match(pathname: string): { file: string; params: Record<string, string | string[]> } | null {
  const parts = pathname.split("/").filter(Boolean);
  for (const route of compiled) {
    const params: Record<string, string | string[]> = {};
    let ok = true;
    for (let i = 0; i < route.segments.length; i++) {
      const seg = route.segments[i]!;
      if (seg.startsWith("[...")) {
        if (i >= parts.length) ok = false;
        else params[seg.slice(4, -1)] = parts.slice(i).map(decodeURIComponent);
        i = route.segments.length;
        break;
      }
      const part = parts[i];
      if (part === undefined) {
        ok = false;
        break;
      }
      if (seg.startsWith("[")) params[seg.slice(1, -1)] = decodeURIComponent(part);
      else if (seg !== part) {
        ok = false;
        break;
      }
    }
    const catchAll = route.segments.at(-1)?.startsWith("[...");
    if (ok && (catchAll || route.segments.length === parts.length)) return { file: route.file, params };
  }
  return null;
}

export type ApiResult<T = Json> = { status: number; body: T; headers: Headers };

/** `inProcess`: always through the route modules, for tests that put state into this process (adapters, hooks, a faked clock). */
type CallOptions = {
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  token?: string;
  inProcess?: boolean;
};

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text; // not JSON (an HTML page, a redirect): tests see the raw text
  }
}

async function callOverHttp<T>(
  baseUrl: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<ApiResult<T>> {
  const response = await fetch(new URL(url, baseUrl), {
    method: method.toUpperCase(),
    headers,
    body,
    redirect: "manual",
  });
  return { status: response.status, body: parseBody(await response.text()) as T, headers: response.headers };
}

export async function callApi<T = Json>(method: string, url: string, options: CallOptions = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization ??= `Bearer ${options.token}`;
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers["content-type"] ??= "application/json";
  const baseUrl = process.env.API_BASE_URL;
  if (baseUrl && !options.inProcess) return callOverHttp<T>(baseUrl, method, url, headers, body);

  const full = new URL(url, "http://localhost");
  const found = match(full.pathname);
  if (!found) throw new Error(`no route file matches ${full.pathname}`);
  const mod = await modules[found.file]!();
  const handler = mod[method.toUpperCase()];
  if (!handler) return { status: 405, body: null as T, headers: new Headers() };
  const response = await handler(new Request(full, { method: method.toUpperCase(), headers, body }), {
    params: Promise.resolve(found.params),
  });
  return { status: response.status, body: parseBody(await response.text()) as T, headers: response.headers };
}

/** A client bound to one bearer token. */
export function apiAs(token: string, { inProcess = false }: { inProcess?: boolean } = {}) {
  const call = <T>(method: string, url: string, body: unknown, headers?: Record<string, string>) =>
    callApi<T>(method, url, { token, body, headers, inProcess });
  return {
    get: <T = Json>(url: string, headers?: Record<string, string>) => call<T>("GET", url, undefined, headers),
    post: <T = Json>(url: string, body?: unknown, headers?: Record<string, string>) =>
      call<T>("POST", url, body ?? {}, headers),
    put: <T = Json>(url: string, body?: unknown, headers?: Record<string, string>) =>
      call<T>("PUT", url, body ?? {}, headers),
    delete: <T = Json>(url: string, headers?: Record<string, string>) => call<T>("DELETE", url, undefined, headers),
  };
}
