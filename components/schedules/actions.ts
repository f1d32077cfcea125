"use server";

import { z } from "zod";
import { DomainError } from "@/lib/errors/domain-error";
import { listBillingKeys } from "@/lib/billing-keys/list-billing-keys";
import { dashboardAction } from "@/lib/dashboard/action";
import { cancelSchedules } from "@/lib/schedules/cancel-schedules";
import { createSchedule } from "@/lib/schedules/create-schedule";
import { listSchedules } from "@/lib/schedules/list-schedules";
import { bookScheduleForm, cancelSelectedForm, scheduleStatus } from "@/lib/schedules/schema";

export const listSchedulesAction = dashboardAction(
  {
    write: false,
    input: z.object({
      start: z.number().int().min(0),
      end: z.number().int().min(0),
      status: z.array(scheduleStatus).max(4).optional(),
      page: z.number().int().min(0).max(10_000),
    }),
  },
  ({ ctx, input }) =>
    listSchedules({
      ctx,
      input: { start: input.start, end: input.end, status: input.status, page: input.page, limit: 100 },
    }),
);

/** Keys that can be booked on (ISSUED), for the booking form. */
export const bookableKeysAction = dashboardAction({ write: false, input: z.object({}) }, async ({ ctx }) => {
  const res = await listBillingKeys({ ctx, input: { status: ["ISSUED"], limit: 1000 } });
  return res.billing_keys;
});

export const bookScheduleAction = dashboardAction({ write: true, input: bookScheduleForm }, ({ ctx, input }) => {
  const scheduledAt = Date.parse(input.scheduled_at);
  if (Number.isNaN(scheduledAt)) throw new DomainError("INVALID_REQUEST", "scheduled_at: must be a date and time");
  return createSchedule({
    ctx,
    input: {
      billing_key: input.billing_key,
      payment_id: input.payment_id,
      order_name: input.order_name,
      total_amount: input.total_amount,
      currency: input.currency,
      scheduled_at: scheduledAt,
    },
  });
});

/** Cancels the selected schedules; the API cancels per billing key, so they are grouped by key. */
export const cancelSelectedAction = dashboardAction(
  { write: true, input: cancelSelectedForm },
  async ({ ctx, input }) => {
    const byKey = new Map<string, string[]>();
    for (const s of input.schedules) byKey.set(s.billing_key, [...(byKey.get(s.billing_key) ?? []), s.id]);
    const cancelled: string[] = [];
    for (const [billingKey, ids] of byKey) {
      const res = await cancelSchedules({ ctx, input: { billing_key: billingKey, schedule_id: ids } });
      cancelled.push(...res.deleted_schedule_ids);
    }
    return { cancelled };
  },
);
