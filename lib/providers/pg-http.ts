import { notSentCauseOf } from "./not-processed";
import { ProviderOutcomeUnknown, type UnknownOutcomeKind } from "./unknown-outcome";

export type PgHttpRequest = {
  /** How messages name the call: `POST /v1/payments/key-in`. */
  what: string;
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal;
};

/**
 * Sends a JSON request to a PG and reads its answer's text. No answer, or one cut off, is thrown
 * through `unknown` so the caller looks the outcome up. A failure before the request left
 * (refused, DNS, TLS) is thrown the same way but marked with its cause (./not-processed.ts), so
 * routing knows no money moved.
 */
export async function sendPgRequest(
  request: PgHttpRequest,
  unknown: (kind: UnknownOutcomeKind, message: string) => Error,
): Promise<{ status: number; ok: boolean; text: string }> {
  const { what } = request;
  const headers: Record<string, string> = { accept: "application/json", ...request.headers };
  if (request.body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      redirect: "error",
    });
  } catch (error) {
    const notSent = request.signal?.aborted ? undefined : notSentCauseOf(error);
    const failure = unknown(
      request.signal?.aborted ? "timeout" : "connection_lost",
      `${what} failed before an answer (${notSent ? `${notSent}: ` : ""}${reason(error)})`,
    );
    if (notSent && failure instanceof ProviderOutcomeUnknown) failure.notProcessed = notSent;
    throw failure;
  }
  try {
    return { status: response.status, ok: response.ok, text: await response.text() };
  } catch (error) {
    throw unknown("connection_lost", `${what}: the answer was cut off (${reason(error)})`);
  }
}

/** The error's message with its cause's (fetch says only "fetch failed"; the socket error is in `cause`). */
function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error ? (error.cause as { message?: unknown } | undefined) : undefined;
  return typeof cause?.message === "string" && cause.message ? `${message}: ${cause.message}` : message;
}
