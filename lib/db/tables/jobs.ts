export interface JobsTable {
  id: string;
  queue: string;
  payload: string;
  /** QUEUED → RUNNING (leased) → DONE | FAILED; a RUNNING job whose lease ran out is picked again. */
  state: "QUEUED" | "RUNNING" | "DONE" | "FAILED";
  run_at: number;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: number;
  updated_at: number;
}

export interface JobTables {
  jobs: JobsTable;
}
