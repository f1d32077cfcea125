import { z } from "zod";
import { callerId, idRef, queryArray, queryInt, text, timestamp } from "@/lib/api/fields";
import { billingKeyPayFields } from "@/lib/billing-keys/schema";

/** Inputs of the schedule endpoints (CONTRACT §5). Client-safe: no db imports. */

export const SCHEDULE_STATUSES = ["SCHEDULED", "STARTED", "COMPLETED", "CANCELLED"] as const;
export const scheduleStatus = z.enum(SCHEDULE_STATUSES);

export const createScheduleBody = z.object({ ...billingKeyPayFields, payment_id: callerId, scheduled_at: timestamp });
export type CreateScheduleInput = z.output<typeof createScheduleBody>;

export const listSchedulesQuery = z.object({
  store_id: idRef.optional(),
  start: timestamp.optional(),
  end: timestamp.optional(),
  status: queryArray(scheduleStatus),
  page: queryInt(0, 1_000_000).optional(),
  limit: queryInt(1, 1000).optional(),
  /** ext: the schedules of one billing key. */
  billing_key: idRef.optional(),
});
export type ListSchedulesInput = z.output<typeof listSchedulesQuery>;

export const scheduleParams = z.object({ schedule_id: idRef });
export const scheduleStoreQuery = z.object({ store_id: idRef.optional() });

export const deleteSchedulesQuery = z.object({
  store_id: idRef.optional(),
  billing_key: idRef,
  schedule_id: queryArray(idRef),
});
export type DeleteSchedulesInput = z.output<typeof deleteSchedulesQuery>;

/** Dashboard booking form (mapped onto createScheduleBody by the action). */
export const bookScheduleForm = z.object({
  billing_key: text(200).min(1, "Required"),
  payment_id: callerId,
  order_name: text(500).trim().min(1, "Required"),
  total_amount: z.number({ error: "Enter an amount" }).int().min(1).max(1e15),
  currency: z.string().regex(/^[A-Z]{3}$/),
  scheduled_at: text(40).min(1, "Required"),
});
export type BookScheduleForm = z.infer<typeof bookScheduleForm>;

export const cancelSelectedForm = z.object({ schedules: z.array(z.object({ id: idRef, billing_key: idRef })).min(1).max(1000) });
