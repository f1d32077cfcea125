import { currentCaller } from "@/lib/audit/actor";
import { attemptInputFor, chargeAttempt, type ChargeRequest } from "@/lib/billing-keys/charge";
import { type BillingKeyRecord, findKeyChannel, requireMerchantKey } from "@/lib/billing-keys/repository";
import { isUniqueViolation, StaleWriteError, transaction } from "@/lib/db/transaction";
import { DomainError } from "@/lib/errors/domain-error";
import type { JobOutcome } from "@/lib/jobs/handler-types";
import type { OperationScope } from "@/lib/payments/money-operation/scope";
import type { OnSettled } from "@/lib/payments/pay/settle-attempt";
import { AttemptInProgressError, startAttempt } from "@/lib/payments/pay/start-attempt";
import { holdLookupsDuringCall } from "@/lib/payments/unsettled/repository/look-ups";
import { failSchedule, isPermanent } from "./fail";
import {
  completeStartedSchedule,
  completeWithOutcome,
  findScheduleAttempt,
  findScheduleById,
  type ScheduleRecord,
  transitionSchedule,
} from "./repository";

type Attempt = Awaited<ReturnType<typeof startAttempt>>;

/** While a charge's outcome is being looked up the run waits, then finishes from the settled attempt. */
const UNKNOWN_RETRY_MS = 5_000;

/**
 * Runs one due schedule: SCHEDULED → STARTED → COMPLETED, charging the key exactly once.
 * - SCHEDULED → STARTED is a conditional write: one run wins and a cancellation stops it. It is
 *   written in the same DB transaction as the schedule's PENDING attempt, so that attempt is
 *   durable before the provider is called (a crash after the commit resumes it, see below);
 * - a schedule has at most one transaction (unique schedule_id), looked up before charging, so a
 *   run that resumes after its worker died reuses that attempt; sending it again carries the same
 *   transaction id, the provider's idempotency key, so money moves once;
 * - an outcome not known yet keeps the schedule STARTED and the job retries (the sweep settles it);
 * - a declined charge, or an error retrying cannot fix, completes the schedule with a FAILED payment;
 * - the provider's answer completes the schedule in the same DB transaction that records it (one
 *   durable commit fewer per charge); an outcome learnt later (a look-up) leaves it to the retry.
 * The key and its channel are read once per run and passed down.
 */
export async function runScheduleJob(payload: { scheduleId: string }): Promise<JobOutcome> {
  const schedule = await findScheduleById(payload.scheduleId);
  if (!schedule || schedule.status === "COMPLETED" || schedule.status === "CANCELLED") return;
  let attempt: Attempt | null;
  let completed = false;
  // An audited caller (an actor) completes through the audited transition below instead.
  const onSettled: OnSettled | undefined = currentCaller()?.actor
    ? undefined
    : async (tx) => {
        completed = await completeWithOutcome(tx, schedule.id);
      };
  try {
    const charge = await loadKey(schedule);
    const fresh = schedule.status === "SCHEDULED" ? await startWithAttempt(schedule, charge) : undefined;
    if (fresh === LOST) return;
    if (fresh) attempt = await chargeScheduled(schedule, fresh, charge, { fresh: true, onSettled });
    else {
      if (schedule.status === "SCHEDULED" && !(await markStarted(schedule))) return;
      attempt = await findOrStartAttempt(schedule, charge);
      if (attempt?.status === "PENDING") attempt = await chargeScheduled(schedule, attempt, charge, { onSettled });
    }
  } catch (error) {
    if (!isPermanent(error)) throw error;
    if (schedule.status === "SCHEDULED" && !(await markStarted(schedule))) return;
    await failSchedule(schedule, error);
    return;
  }
  if (attempt?.status === "PENDING")
    return {
      retryAt: Date.now() + UNKNOWN_RETRY_MS,
      error: `the outcome of ${attempt.id} is unknown; it is being looked up`,
    };
  if (!completed) await markCompleted(schedule.id);
}

/** This run is not the one to carry the schedule on (cancelled, or finished by another run). */
const LOST = Symbol("lost");

/**
 * The common case in one DB transaction: SCHEDULED → STARTED and the schedule's PENDING attempt.
 * Undefined when something unusual stands in the way (another run started it, the payment is paid
 * or has an attempt in flight, a concurrent attempt took the payment's slot): the caller then takes
 * the step-by-step path, which handles each of those.
 */
async function startWithAttempt(
  schedule: ScheduleRecord,
  charge: KeyAndChannel,
): Promise<Attempt | typeof LOST | undefined> {
  const input = attemptInputFor({
    ...charge,
    scope: scheduleScope(schedule),
    request: JSON.parse(schedule.request) as ChargeRequest,
    origin: schedule.origin,
    scheduleId: schedule.id,
  });
  try {
    return await transaction(async (tx) => {
      await transitionSchedule(tx, schedule, "STARTED");
      return startAttempt(input, tx);
    });
  } catch (error) {
    if (error instanceof StaleWriteError)
      return (await findScheduleById(schedule.id))?.status === "STARTED" ? undefined : LOST;
    const usual =
      isUniqueViolation(error) ||
      error instanceof AttemptInProgressError ||
      (error instanceof DomainError && error.code === "PAYMENT_ALREADY_PAID");
    if (usual) return undefined;
    throw error;
  }
}

/** SCHEDULED → STARTED; false when the schedule is no longer to be run by this job (cancelled, or finished by another run). */
export async function markStarted(schedule: Pick<ScheduleRecord, "id" | "status">): Promise<boolean> {
  try {
    await transaction((tx) => transitionSchedule(tx, schedule, "STARTED"));
    return true;
  } catch (error) {
    if (!(error instanceof StaleWriteError)) throw error;
    // Another run started it first (and may have died): this run carries on with it.
    return (await findScheduleById(schedule.id))?.status === "STARTED";
  }
}

async function markCompleted(id: string): Promise<void> {
  try {
    await completeStartedSchedule(id);
  } catch (error) {
    if (!(error instanceof StaleWriteError) || (await findScheduleById(id))?.status !== "COMPLETED") throw error;
  }
}

/** The scope a schedule's charge acts in: its merchant, store and payment (a job has no Idempotency-Key). */
function scheduleScope(schedule: ScheduleRecord): OperationScope {
  return {
    merchantId: schedule.merchant_id,
    storeId: schedule.store_id,
    paymentId: schedule.payment_id,
    idempotencyKey: null,
  };
}

type KeyAndChannel = { key: BillingKeyRecord; channel: Awaited<ReturnType<typeof findKeyChannel>> };

async function loadKey(schedule: ScheduleRecord): Promise<KeyAndChannel> {
  const key = await requireMerchantKey(schedule.merchant_id, schedule.billing_key);
  const channel = await findKeyChannel(schedule.merchant_id, key.channel_id);
  return { key, channel };
}

/**
 * The schedule's one attempt: the existing one, or a new PENDING one. Null when the payment
 * was paid some other way meanwhile (nothing to charge; the schedule still completes).
 */
export async function findOrStartAttempt(schedule: ScheduleRecord, charge?: KeyAndChannel): Promise<Attempt | null> {
  const existing = await findScheduleAttempt(schedule);
  if (existing) return existing;
  const { key, channel } = charge ?? (await loadKey(schedule));
  const request = JSON.parse(schedule.request) as ChargeRequest;
  try {
    return await startAttempt(
      attemptInputFor({
        scope: scheduleScope(schedule),
        key,
        channel,
        request,
        origin: schedule.origin,
        scheduleId: schedule.id,
      }),
    );
  } catch (error) {
    if (error instanceof DomainError && error.code === "PAYMENT_ALREADY_PAID") return null;
    // Another run of this schedule started its attempt first: this run carries on with it.
    if (isUniqueViolation(error) || error instanceof AttemptInProgressError) {
      const theirs = await findScheduleAttempt(schedule);
      if (theirs) return theirs;
    }
    throw error; // e.g. another attempt on the payment in flight: the job retries later
  }
}

/**
 * Sends the schedule's PENDING attempt. `fresh`: this run inserted it just now, with its first
 * look-up booked for after the call's deadline (startAttempt), so there is nothing to hold.
 * `onSettled` joins the transaction that records the provider's answer.
 */
export async function chargeScheduled(
  schedule: ScheduleRecord,
  attempt: Attempt,
  charge?: KeyAndChannel,
  options: { fresh?: boolean; onSettled?: OnSettled } = {},
): Promise<Attempt> {
  const { key, channel } = charge ?? (await loadKey(schedule));
  // A resumed run sends the attempt again: no look-up while that call is on its way.
  if (!options.fresh) await holdLookupsDuringCall("transactions", attempt.id);
  return chargeAttempt(key, channel, attempt, options.onSettled);
}
