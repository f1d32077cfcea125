import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import { AddressRefusedError, assertHostAllowed, guardedLookup } from "./address-policy";
import { connectTimeoutMs } from "./attempt-schedule";

export type SendResult =
  | { kind: "response"; code: number; headers: Record<string, string>; body: string; respondedAt: number }
  | { kind: "no_response"; error: string; permanent: boolean };

/** Only the start of a receiver's answer is kept (enough to debug; never a full read of a remote resource). */
export const MAX_STORED_BODY = 1024;

/**
 * POSTs one webhook. No redirects are followed (a redirect is a non-2xx answer), the address is
 * checked at connect time, and the whole exchange is bounded by `timeoutMs`. Getting a connection
 * (name look-up, TCP, TLS) is bounded by the shorter `connectMs` (WEBHOOK_CONNECT_TIMEOUT_MS,
 * 5 s): an address that never answers frees its worker slot in seconds, not after the full
 * timeout (a retry follows as for any failed attempt).
 */
export function sendWebhookRequest(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  connectMs = connectTimeoutMs(),
): Promise<SendResult> {
  let target: URL;
  try {
    target = new URL(url);
    if (target.protocol !== "http:" && target.protocol !== "https:") throw new Error("unsupported scheme");
    assertHostAllowed(target.hostname);
  } catch (error) {
    const message = error instanceof AddressRefusedError ? error.message : `invalid webhook URL: ${url}`;
    return Promise.resolve({ kind: "no_response", error: message, permanent: true });
  }
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(connectTimer);
      resolve(result);
    };
    const request = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: guardedLookup as never,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const responseHeaders: Record<string, string> = {};
          for (const [k, v] of Object.entries(response.headers))
            if (v !== undefined) responseHeaders[k] = Array.isArray(v) ? v.join(", ") : v;
          const body = Buffer.concat(chunks)
            .subarray(0, MAX_STORED_BODY)
            .toString("utf8")
            .replace(/\uFFFD$/, "");
          finish({
            kind: "response",
            code: response.statusCode ?? 0,
            headers: responseHeaders,
            body,
            respondedAt: Date.now(),
          });
        };
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          // Enough kept: stop reading rather than wait for (or buffer) the rest.
          if (size >= MAX_STORED_BODY) {
            done();
            response.destroy();
          }
        });
        response.on("end", done);
        response.on("error", (error) =>
          finish({ kind: "no_response", error: `response aborted: ${error.message}`, permanent: false }),
        );
      },
    );
    const timer = setTimeout(() => {
      finish({ kind: "no_response", error: `no response within ${timeoutMs} ms`, permanent: false });
      request.destroy();
    }, timeoutMs);
    let connected = false;
    // Checked after the I/O already waiting has been handled (setImmediate runs after the poll
    // phase): on a busy event loop the timer and the connection can be due in the same turn, and a
    // connection made in time must not be failed for the loop's own delay.
    const connectTimer = setTimeout(
      () =>
        setImmediate(() => {
          if (connected) return;
          finish({ kind: "no_response", error: `no connection within ${connectMs} ms`, permanent: false });
          request.destroy();
        }),
      Math.min(connectMs, timeoutMs),
    );
    // Connected: a kept-alive socket at once, a new one on TCP connect (http) or the TLS handshake (https).
    request.on("socket", (socket: Socket) => {
      const ready = () => {
        connected = true;
        clearTimeout(connectTimer);
      };
      const overTls = target.protocol === "https:";
      if (request.reusedSocket || (!overTls && !socket.connecting)) ready();
      else socket.once(overTls ? "secureConnect" : "connect", ready);
    });
    request.on("error", (error) => {
      const refused = error instanceof AddressRefusedError;
      finish({
        kind: "no_response",
        error: refused ? error.message : `connection failed: ${error.message}`,
        permanent: refused,
      });
    });
    request.end(body);
  });
}
