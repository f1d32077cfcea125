export interface JobsTable {
  id: string;
  queue: string;
  payload: string;
  /**
   * QUEUED → RUNNING (leased, renewed while it runs) → deleted when done, or FAILED (kept, visible)
   * when its attempts are used up; a RUNNING job whose lease ran out is picked again. "DONE" is
   * only found in databases written before finished jobs were deleted.
   */
  state: "QUEUED" | "RUNNING" | "DONE" | "FAILED";
  run_at: number;
  attempts: number;
  max_attempts: number;
  /** The lease token of the run holding the job: `<worker id>:<claim>:<job id>`. */
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: number;
  updated_at: number;
  /** When the job first ran: the clock for "unsettled after 1 hour". */
  started_at: number | null;
  /** When a never-give-up job was flagged as needing an operator's attention. */
  attention_at: number | null;
  /** The merchant whose money or data the job concerns, when the enqueuer said so. */
  merchant_id: string | null;
}

export interface JobTables {
  jobs: JobsTable;
}
