import type { PendingEntry } from "./rows";

/** What the request path's thread asks of the writer thread (lib/request-log/writer-thread.ts). */
export type WriterRequest = { id: number; kind: "write"; entries: PendingEntry[] } | { id: number; kind: "close" };

/** The writer's answer to request `id`: `error` is set when the batch was not written. */
export type WriterReply = { id: number; error?: string };

/** The writer thread's entry, from the repository root (lib/ops/ts-thread.ts). */
export const WRITER_ENTRY = "lib/request-log/writer-thread.ts";

/** The writer's PostgreSQL connections name themselves so (pg_stat_activity.application_name). */
export const WRITER_APPLICATION_NAME = "platform request-log writer";
