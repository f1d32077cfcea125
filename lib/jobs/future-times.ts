import { makeFutureLookupsDue } from "@/lib/payments/unsettled/repository/look-ups";
import { attemptTimeoutMs } from "@/lib/webhooks/attempt-schedule";
import { logger } from "@/lib/ops/logger";
import type { PeriodicTask } from "./handler-types";
import { endFutureLeases, jobLeaseMs } from "./repository/lease";

/** The longest lease a job claim grants: a worker's, or a webhook delivery's (fan-out, run-inline). */
function longestJobLeaseMs(): number {
  return Math.max(jobLeaseMs(), attemptTimeoutMs() + 30_000);
}

/**
 * Due times and leases are wall-clock values: a server whose clock ran ahead (then was corrected)
 * leaves some further ahead than they can honestly be. This makes such look-ups due and ends such
 * job leases, at every worker's start and then every 30 s; idempotency leases and a look-up's call
 * deadline are judged where they are read (lib/api/idempotency.ts, look-up-times.ts).
 */
export const futureTimesTask: PeriodicTask = {
  name: "clock.future-times",
  everyMs: 30_000,
  run: async () => {
    const lookups = await makeFutureLookupsDue();
    const leases = await endFutureLeases(longestJobLeaseMs());
    if (lookups + leases > 0)
      logger.warn({ lookups, leases }, "due times or leases lay in the future (a clock ran ahead): made due now");
  },
};
