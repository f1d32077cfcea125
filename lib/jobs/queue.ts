/**
 * The job queue's face for other areas: enqueue a job in the caller's transaction (outbox), and
 * the job row's type. Its queries live in lib/jobs/repository/.
 */
export { enqueue, enqueueLeased, type Job } from "./repository/queue";
