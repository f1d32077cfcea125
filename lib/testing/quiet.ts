import { sealingSettled } from "@/lib/audit/seal";
import { statementsExecuted } from "@/lib/db/statement-cache";
import { flushChannelCalls } from "@/lib/routing/call-log";

/**
 * Until this process has run no statement for 100 ms (at most 3 s): lets background work after a
 * set-up's commits (audit sealing, the request log's flush, channel health's call log) finish before
 * a test counts statements.
 */
export async function quiet(): Promise<void> {
  await sealingSettled();
  // Channel health's batch of earlier calls is written now, not in the middle of what is counted.
  await flushChannelCalls();
  const deadline = Date.now() + 3_000;
  for (let last = -1; statementsExecuted() !== last && Date.now() < deadline; ) {
    last = statementsExecuted();
    await new Promise((r) => setTimeout(r, 100));
  }
}
