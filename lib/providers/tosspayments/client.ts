import { sendPgRequest } from "../pg-http";
import { ProviderOutcomeUnknown, type UnknownOutcomeKind } from "../unknown-outcome";

/**
 * The HTTP side of Toss's v1 API (https://docs.tosspayments.com/reference). Answers sort into an
 * answer, a 4xx refusal (nothing processed), or a throw (unknown: network, timeout, 5xx, a replay in flight).
 */
const DEFAULT_TOSS_API_BASE = "https://api.tosspayments.com";

/** TOSS_API_BASE points the adapter elsewhere (the wire-level fake under e2e/toss-fake in tests). */
function tossApiBase(): string {
  return (process.env.TOSS_API_BASE ?? DEFAULT_TOSS_API_BASE).replace(/\/+$/, "");
}

/** Toss's error object (`{code, message}`) with the HTTP status it came with. */
export type TossRefusal = { ok: false; status: number; code: string; message: string };

export type TossResult<T> = { ok: true; status: number; body: T } | TossRefusal;

/** No definite answer: the caller records the outcome as unknown (of this kind) and looks it up. */
export class TossOutcomeUnknown extends ProviderOutcomeUnknown {
  constructor(kind: UnknownOutcomeKind, message: string) {
    super(kind, `Toss Payments: ${message}`);
    this.name = "TossOutcomeUnknown";
  }
}

function basicAuthorization(secretKey: string): string {
  return `Basic ${Buffer.from(`${secretKey}:`).toString("base64")}`;
}

export type TossRequest = {
  secretKey: string;
  method: "GET" | "POST" | "DELETE";
  path: string;
  body?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
};

function errorObject(body: unknown): { code: string; message: string } | null {
  if (!body || typeof body !== "object") return null;
  const { code, message } = body as { code?: unknown; message?: unknown };
  return typeof code === "string" ? { code, message: typeof message === "string" ? message : code } : null;
}

export async function tossRequest<T>(request: TossRequest): Promise<TossResult<T>> {
  const headers: Record<string, string> = { authorization: basicAuthorization(request.secretKey) };
  if (request.idempotencyKey) headers["idempotency-key"] = request.idempotencyKey;
  const response = await sendPgRequest(
    {
      what: `${request.method} ${request.path}`,
      url: `${tossApiBase()}${request.path}`,
      method: request.method,
      headers,
      body: request.body,
      signal: request.signal,
    },
    (kind, message) => new TossOutcomeUnknown(kind, message),
  );
  const text = response.text;
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    throw new TossOutcomeUnknown(
      "unreadable_answer",
      `${request.method} ${request.path} answered ${response.status} with a body that is not JSON`,
    );
  }
  if (response.ok) return { ok: true, status: response.status, body: body as T };
  const error = errorObject(body);
  // A 5xx may have processed the request; a 409 on an idempotent replay means the first is still running.
  if (response.status >= 500 || response.status === 409 || !error) {
    const kind = !error ? "unreadable_answer" : response.status === 409 ? "in_progress" : "provider_error";
    throw new TossOutcomeUnknown(
      kind,
      `${request.method} ${request.path} answered ${response.status}${error ? ` ${error.code}` : " without an error code"}`,
    );
  }
  return { ok: false, status: response.status, ...error };
}
