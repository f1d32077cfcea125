import { z } from "zod";
import { wireCurrency, wireCustomer, wireOrigin, wireProduct } from "@/lib/schema/wire-records";
import { callerId, idRef, queryArray, queryInt, text, timestamp } from "@/lib/schema/fields";
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

export const cancelSelectedForm = z.object({
  schedules: z
    .array(z.object({ id: idRef, billing_key: idRef }))
    .min(1)
    .max(1000),
});

/** Response shapes for the OpenAPI document (the serializer produces them). */

const scheduleResponse = z.object({
  id: z.string(),
  merchant_id: z.string(),
  store_id: z.string(),
  billing_key: z.string(),
  payment_id: z.string(),
  status: z.enum(SCHEDULE_STATUSES),
  scheduled_at: z.string(),
  started_at: z.string().optional(),
  completed_at: z.string().optional(),
  cancelled_at: z.string().optional(),
  order_name: z.string(),
  is_cultural_expense: z.boolean(),
  is_escrow: z.boolean(),
  products: z.array(wireProduct).optional(),
  customer: wireCustomer,
  custom_data: z.string().optional(),
  total_amount: z.number().int(),
  tax_free_amount: z.number().int().optional(),
  currency: wireCurrency,
  origin: wireOrigin.optional(),
  notice_urls: z.array(z.string()),
  installment_month: z.number().int().optional(),
});

export const createScheduleResponse = z.object({ id: z.string(), scheduled_at: z.string() });
export const getScheduleResponse = z.object({ schedule: scheduleResponse });
export const listSchedulesResponse = z.object({
  current_page: z.number().int(),
  total_page: z.number().int(),
  total_count: z.number().int(),
  schedules: z.array(scheduleResponse),
});
export const deleteSchedulesResponse = z.object({ deleted_schedule_ids: z.array(z.string()) });
