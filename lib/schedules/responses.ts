import { z } from "zod";
import { wireCurrency, wireCustomer, wireOrigin, wireProduct } from "@/lib/api/wire-records";
import { SCHEDULE_STATUSES } from "./schema";

/** Response shapes for the OpenAPI document (the serializer produces them). */

export const scheduleResponse = z.object({
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
export const listSchedulesResponse = z.object({ current_page: z.number().int(), total_page: z.number().int(), total_count: z.number().int(), schedules: z.array(scheduleResponse) });
export const deleteSchedulesResponse = z.object({ deleted_schedule_ids: z.array(z.string()) });
