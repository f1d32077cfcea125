import pg from "pg";
import { databaseTarget } from "@/lib/env";
import { logger } from "@/lib/ops/logger";

export type Listener = { close(): Promise<void> };

/** Reconnect delays after a lost LISTEN connection: doubling from 250 ms, at most 10 s. */
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 10_000;

/**
 * PostgreSQL LISTEN on `channel`, on a connection of its own (a pooled one would be handed to
 * other callers and stop listening). `onMessage` gets each notification's payload. The connection
 * is reopened whenever it drops (doubling delays up to 10 s); `onConnected` runs after every
 * (re)connection, since notifications sent while it was down are lost: the caller looks for what
 * it may have missed. Null on SQLite (no notifications there).
 */
export function listen(
  channel: string,
  handlers: { onMessage: (payload: string) => void; onConnected: () => void },
): Listener | null {
  const target = databaseTarget();
  if (target.dialect !== "postgres") return null;
  let closed = false;
  let client: pg.Client | undefined;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const reconnectLater = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  const connect = async () => {
    // keepAlive: a connection a network fault silently cut is noticed and reopened.
    const next = new pg.Client({ connectionString: target.url, keepAlive: true });
    next.on("notification", (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? "");
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = undefined;
      next.end().catch(() => undefined);
      if (!closed) logger.warn({ err: error, channel }, "LISTEN connection lost; reconnecting");
      reconnectLater();
    };
    next.on("error", lost);
    next.on("end", () => lost());
    client = next;
    try {
      await next.connect();
      // The channel is an identifier we choose, never user input.
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost(error as Error);
      return;
    }
    if (closed || client !== next) return;
    retryMs = FIRST_RETRY_MS;
    handlers.onConnected();
  };

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
