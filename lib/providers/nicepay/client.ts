import { sendPgRequest } from "../pg-http";
import { ProviderOutcomeUnknown, type UnknownOutcomeKind } from "../unknown-outcome";

/**
 * The HTTP side of NICE's server API: every documented answer is an HTTP 200 whose `resultCode` says
 * what happened; anything else is thrown as an unknown outcome, looked up by the caller.
 */
const DEFAULT_NICE_API_BASE = "https://api.nicepay.co.kr";

/** NICE_API_BASE points the adapter elsewhere (NICE's sandbox host, or the fake under e2e/nice-fake). */
function niceApiBase(): string {
  return (process.env.NICE_API_BASE ?? DEFAULT_NICE_API_BASE).replace(/\/+$/, "");
}

export class NiceOutcomeUnknown extends ProviderOutcomeUnknown {
  constructor(kind: UnknownOutcomeKind, message: string) {
    super(kind, `NICE Payments: ${message}`);
    this.name = "NiceOutcomeUnknown";
  }
}

export type NiceKeys = { clientKey: string; secretKey: string };

export type NiceRequest = {
  keys: NiceKeys;
  method: "GET" | "POST";
  path: string;
  body?: Record<string, unknown>;
  signal?: AbortSignal;
};

export async function niceRequest<T>(request: NiceRequest): Promise<T> {
  const what = `${request.method} ${request.path}`;
  const authorization = `Basic ${Buffer.from(`${request.keys.clientKey}:${request.keys.secretKey}`).toString("base64")}`;
  const response = await sendPgRequest(
    {
      what,
      url: `${niceApiBase()}${request.path}`,
      method: request.method,
      headers: { authorization },
      body: request.body,
      signal: request.signal,
    },
    (kind, message) => new NiceOutcomeUnknown(kind, message),
  );
  if (response.status !== 200)
    throw new NiceOutcomeUnknown(
      response.status >= 500 ? "provider_error" : "unreadable_answer",
      response.status === 401
        ? `${what} answered HTTP 401: the client key or secret key was refused`
        : `${what} answered HTTP ${response.status}`,
    );
  try {
    const body = JSON.parse(response.text) as unknown;
    if (body && typeof body === "object") return body as T;
  } catch {
    // fall through: not an answer we can read
  }
  throw new NiceOutcomeUnknown("unreadable_answer", `${what} answered with a body that is not a JSON object`);
}
