import { randomUUID } from "node:crypto";
import type { Json } from "../json";

/**
 * A merchant's API client as a careful integrator writes one: every write carries an
 * Idempotency-Key, and an answer that is not final (the server is down, a 5xx, an outcome the
 * provider has not given yet, the same request still running) is retried with the same key until
 * `deadline`. What it finally saw is what the chaos test holds the platform to.
 */
export type Answer = { status: number; body: Json };
export type Outcome =
  | { final: true; answer: Answer; tries: number }
  | { final: false; last: Answer | null; tries: number };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A definite answer: a success, or a refusal that retrying cannot change — including a provider's
 * decline, which the spec answers as 500 PG_PROVIDER_ERROR. Not final: no answer, 409 (the same
 * request still running), 429, an outcome the provider has not given yet, any other 5xx.
 */
function isFinal(answer: Answer): boolean {
  if (answer.status === 0 || answer.status === 409 || answer.status === 429) return false;
  if (answer.status >= 500)
    return answer.body?.code === "PG_PROVIDER_ERROR" && answer.body?.params?.pg_code !== "PROVIDER_OUTCOME_UNKNOWN";
  return true;
}

export class ChaosClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  async send(method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<Answer> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (idempotencyKey) headers["idempotency-key"] = idempotencyKey;
    try {
      const res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON (a proxy page, a half-written answer): kept as text
      }
      return { status: res.status, body: parsed };
    } catch (error) {
      return { status: 0, body: { error: error instanceof Error ? error.message : String(error) } };
    }
  }

  /** Sends a write until its answer is final or `deadline` passes, always with the same key. */
  async write(path: string, body: unknown, deadline: number, key = randomUUID()): Promise<Outcome & { key: string }> {
    let last: Answer | null = null;
    let tries = 0;
    while (tries === 0 || Date.now() < deadline) {
      tries++;
      last = await this.send("POST", path, body, key);
      if (isFinal(last)) return { final: true, answer: last, tries, key };
      await sleep(200 + Math.random() * 600);
    }
    return { final: false, last, tries, key };
  }

  async get(path: string): Promise<Answer> {
    for (let i = 0; ; i++) {
      const answer = await this.send("GET", path);
      if (answer.status !== 0 && answer.status < 500) return answer;
      if (i >= 50) return answer;
      await sleep(500);
    }
  }
}
