import type { FuzzCase, FuzzContext, Operation } from "./cases";
import { generateCase, operationsOf } from "./cases";
import { seededRandom } from "./random";
import type { Json } from "../json";

/** 500s a provider or receiver may legitimately answer (the spec's own codes), never SERVICE_ERROR. */
const PROVIDER_FAILURES = new Set(["PG_PROVIDER_ERROR", "PG_PROVIDER", "WEBHOOK_ERROR"]);

/** `resent`: requests sent again because their pooled connection was closed under them (see `send`). */
export type FuzzSummary = {
  requests: number;
  byStatus: Record<string, number>;
  problems: string[];
  seed: number;
  resent: string[];
};

/** Does an error body have the shape of the envelope the operation documents? */
function envelopeProblem(envelope: Record<string, Json>, body: Json): string | null {
  if (!body || typeof body !== "object" || Array.isArray(body)) return "not a JSON object";
  const required: string[] = envelope.required ?? [];
  for (const key of required) if (!(key in body)) return `missing ${key}`;
  if (required.includes("type"))
    return typeof body.type === "string" && !("code" in body) ? null : "not {type, message}";
  if (typeof body.code !== "string" || "type" in body) return "not {code, params}";
  if (body.params !== undefined && (typeof body.params !== "object" || body.params === null))
    return "params is not an object";
  if (envelope.properties?.message && required.includes("params") && typeof body.message !== "string")
    return "missing message";
  return null;
}

function describe(c: FuzzCase): string {
  const body =
    c.body === undefined ? "" : ` body=${c.body.length > 300 ? `${c.body.slice(0, 300)}…(${c.body.length})` : c.body}`;
  return `${c.method} ${c.url.length > 300 ? `${c.url.slice(0, 300)}…` : c.url} [${c.kind}]${body}`;
}

/** Checks one answer: no 5xx but the spec's provider failures, JSON, 4xx in the operation's envelope. */
export function responseProblem(
  op: Operation,
  status: number,
  contentType: string | null,
  text: string,
): string | null {
  let body: Json;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    return `${status} with a non-JSON body: ${text.slice(0, 200)}`;
  }
  if (!contentType?.includes("application/json")) return `${status} with content-type ${contentType}`;
  if (status >= 500) {
    const code = body?.code ?? body?.type;
    return status === 500 && PROVIDER_FAILURES.has(code) ? null : `${status} ${JSON.stringify(body).slice(0, 300)}`;
  }
  if (status >= 400) {
    const problem = envelopeProblem(op.errorEnvelope, body);
    return problem ? `${status} envelope ${problem}: ${JSON.stringify(body).slice(0, 300)}` : null;
  }
  return null;
}

/** "fetch failed" says nothing: the cause (other side closed, ECONNRESET, ECONNREFUSED…) does. */
function failure(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause
    ? `${(error as Error).message} (${[cause.code, cause.message].filter(Boolean).join(": ")})`
    : (error as Error).message;
}

/**
 * One case. A request that found its pooled connection closed under it (the server closed the
 * idle socket as the client, its timers late on a loaded machine, reused it) never reached the
 * server: it is sent once more (`Connection: close`, so the socket is not pooled again). A server
 * that drops or dies on the request fails the second time too, and is reported.
 */
async function send(baseUrl: string, c: FuzzCase, resent: string[]): Promise<Response> {
  const init = { method: c.method, headers: c.headers, body: c.body, redirect: "manual" as const };
  try {
    return await fetch(`${baseUrl}${c.url}`, { ...init, signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    if ((error as Error).name === "TimeoutError") throw error;
    resent.push(`${failure(error)} ← ${describe(c)}`);
    return await fetch(`${baseUrl}${c.url}`, {
      ...init,
      headers: { ...c.headers, connection: "close" },
      signal: AbortSignal.timeout(30_000),
    }).catch((again: unknown) => {
      throw new Error(`${failure(error)}; sent again: ${failure(again)}`);
    });
  }
}

/**
 * Sends `count` generated requests (every operation in turn, seeded) to the server at `baseUrl`,
 * `concurrency` at a time, and collects every problem with the request that caused it.
 */
export async function fuzz(options: {
  baseUrl: string;
  doc: Json;
  ctx: FuzzContext;
  seed: number;
  count: number;
  concurrency?: number;
}): Promise<FuzzSummary> {
  const rng = seededRandom(options.seed);
  const ops = operationsOf(options.doc);
  const cases = Array.from({ length: options.count }, (_, i) => generateCase(rng, ops[i % ops.length]!, options.ctx));
  const summary: FuzzSummary = { requests: 0, byStatus: {}, problems: [], seed: options.seed, resent: [] };
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++]!;
      let problem: string | null;
      try {
        const res = await send(options.baseUrl, c, summary.resent);
        const text = await res.text();
        summary.byStatus[res.status] = (summary.byStatus[res.status] ?? 0) + 1;
        problem = responseProblem(c.op, res.status, res.headers.get("content-type"), text);
      } catch (error) {
        problem = `no answer: ${failure(error)}`;
      }
      summary.requests += 1;
      if (problem) summary.problems.push(`${problem}\n    ← ${describe(c)}`);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  return summary;
}
