import { newId } from "@/lib/ids";
import { claimJob, completeJob, failJob } from "@/lib/jobs/repository/queue";
import { attemptDelivery } from "./deliver";
import { type AttemptRecord, firstAttempt } from "./repository";
import { attemptTimeoutMs } from "./attempt-schedule";

/** How long a request waits for a manual delivery before answering without its webhook_id. */
function waitMs(): number {
  return Number(process.env.WEBHOOK_RESEND_WAIT_MS ?? 10_000);
}

/**
 * Runs a just-queued delivery in this request: lease its job (so no worker sends it twice), make
 * the attempt, finish the job. If a worker got there first, or the receiver is slow, wait up to
 * WEBHOOK_RESEND_WAIT_MS; undefined means "still in flight" and the job finishes it anyway.
 */
export async function runDeliveryInline(deliveryId: string, jobId: string): Promise<AttemptRecord | undefined> {
  const workerId = newId("inline-");
  const job = await claimJob(jobId, workerId, attemptTimeoutMs() + 30_000);
  if (job) {
    const run = (async () => {
      try {
        await attemptDelivery(deliveryId);
        await completeJob(job);
      } catch (error) {
        await failJob(job, {
          error: error instanceof Error ? error.message : String(error),
          retryAt: Date.now() + 5_000,
        });
      }
    })();
    const done = await Promise.race([
      run.then(() => true),
      new Promise<false>((r) => setTimeout(() => r(false), waitMs())),
    ]);
    return done ? firstAttempt(deliveryId) : undefined;
  }
  const deadline = Date.now() + waitMs();
  while (Date.now() < deadline) {
    const attempt = await firstAttempt(deliveryId);
    if (attempt) return attempt;
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}
