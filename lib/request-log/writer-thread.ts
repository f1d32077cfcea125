/**
 * The request log's writer: a worker thread with its own database connection. Redaction,
 * serialization and the INSERT run here, never on the event loop that serves requests (on SQLite
 * the write is synchronous and would hold it). One request at a time, in the order sent.
 */
import { parentPort } from "node:worker_threads";
import { flushLogs } from "@/lib/ops/logger";
import { closeDb, insertRequestLogRows } from "./repository";
import { toRows } from "./rows";
import type { WriterReply, WriterRequest } from "./writer-protocol";

const port = parentPort!;
let queue: Promise<void> = Promise.resolve();

async function handle(request: WriterRequest): Promise<WriterReply> {
  if (request.kind === "close") {
    await closeDb();
    await flushLogs();
    return { id: request.id };
  }
  try {
    await insertRequestLogRows(toRows(request.entries));
    return { id: request.id };
  } catch (err) {
    return { id: request.id, error: err instanceof Error ? err.message : String(err) };
  }
}

port.on("message", (request: WriterRequest) => {
  queue = queue.then(async () => {
    port.postMessage(await handle(request));
    if (request.kind === "close") port.close();
  });
});
