import type { UnknownOutcomeKind } from "./unknown-outcome";

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
 * through `unknown` so the caller looks the outcome up.
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
    throw unknown(
      request.signal?.aborted ? "timeout" : "connection_lost",
      `${what} failed before an answer (${reason(error)})`,
    );
  }
  try {
    return { status: response.status, ok: response.ok, text: await response.text() };
  } catch (error) {
    throw unknown("connection_lost", `${what}: the answer was cut off (${reason(error)})`);
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
