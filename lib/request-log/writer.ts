import type { Worker } from "node:worker_threads";
import { startTsThread } from "@/lib/ops/ts-thread";
import { redactJson } from "./redact";
import type { PendingEntry } from "./rows";
import { WRITER_APPLICATION_NAME, WRITER_ENTRY, type WriterReply, type WriterRequest } from "./writer-protocol";

type Waiter = { resolve: () => void; reject: (error: Error) => void };
type State = { worker: Worker | null; next: number; waiting: Map<number, Waiter> };

// On globalThis: every route bundle shares one writer thread per process.
const shared = globalThis as unknown as { __platformRequestLogWriter?: State };
shared.__platformRequestLogWriter ??= { worker: null, next: 0, waiting: new Map() };
const state = shared.__platformRequestLogWriter;

function failAll(error: Error) {
  for (const waiter of state.waiting.values()) waiter.reject(error);
  state.waiting.clear();
}

/** The writer thread, started on first use; a thread that died is started again on the next write. */
function writer(): Worker {
  if (state.worker) return state.worker;
  // Two connections at most: it writes one batch at a time.
  const worker = startTsThread(WRITER_ENTRY, { DATABASE_POOL_SIZE: "2", PGAPPNAME: WRITER_APPLICATION_NAME });
  // A log writer never keeps the process alive; shutdown closes it (closeRequestLogWriter).
  worker.unref();
  worker.on("message", (reply: WriterReply) => {
    const waiter = state.waiting.get(reply.id);
    state.waiting.delete(reply.id);
    if (reply.error === undefined) waiter?.resolve();
    else waiter?.reject(new Error(reply.error));
  });
  worker.on("error", (error) => failAll(error));
  worker.on("exit", () => {
    if (state.worker === worker) state.worker = null;
    failAll(new Error("the request-log writer thread exited"));
  });
  state.worker = worker;
  return worker;
}

function ask(worker: Worker, request: (id: number) => WriterRequest): Promise<void> {
  const id = ++state.next;
  return new Promise((resolve, reject) => {
    state.waiting.set(id, { resolve, reject });
    try {
      worker.postMessage(request(id));
    } catch (error) {
      state.waiting.delete(id);
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/**
 * A request body the thread cannot be sent (structured cloning recurses: a body nested thousands
 * of levels deep overflows it) is redacted here instead, which cuts it at its depth limit.
 */
function cloneable(entry: PendingEntry): PendingEntry {
  if (typeof entry.request_body !== "object" || entry.request_body === null) return entry;
  try {
    structuredClone(entry.request_body);
    return entry;
  } catch {
    let text: string | null;
    try {
      text = redactJson(entry.request_body);
    } catch {
      return { ...entry, request_body: "[not kept: could not be redacted]" };
    }
    // Cut and redacted, parsed back: the thread redacts it again (markers and masks stay as they are).
    try {
      return { ...entry, request_body: text === null ? null : JSON.parse(text) };
    } catch {
      return { ...entry, request_body: null, request_body_omitted: text?.length ?? 0 };
    }
  }
}

/** Redacts and inserts `entries` in the writer thread; rejects when they were not written. */
export async function writeInWriterThread(entries: PendingEntry[]): Promise<void> {
  const worker = writer();
  try {
    await ask(worker, (id) => ({ id, kind: "write", entries }));
  } catch (error) {
    if (!(error instanceof Error && /clone|call stack/i.test(`${error.name} ${error.message}`))) throw error;
    await ask(worker, (id) => ({ id, kind: "write", entries: entries.map(cloneable) }));
  }
}

/** Starts the writer thread now (it takes a few seconds to load), so the first flush does not wait for it. */
export function startRequestLogWriter(): void {
  writer();
}

/** Lets the writer finish, close its database connection and end (after the last flush). */
export async function closeRequestLogWriter(): Promise<void> {
  const worker = state.worker;
  if (!worker) return;
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  await ask(worker, (id) => ({ id, kind: "close" })).catch(() => {});
  await exited;
}
