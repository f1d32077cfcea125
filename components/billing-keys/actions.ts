"use server";

import { z } from "zod";
import { idRef } from "@/lib/schema/fields";
import { deleteBillingKey } from "@/lib/billing-keys/delete-billing-key";
import { getBillingKey } from "@/lib/billing-keys/get-billing-key";
import { issueBillingKey } from "@/lib/billing-keys/issue-billing-key";
import { listBillingKeys } from "@/lib/billing-keys/list-billing-keys";
import { listKeyPayments } from "@/lib/billing-keys/list-key-payments";
import { billingKeyStatus, deleteBillingKeyForm, issueTestCardForm } from "@/lib/billing-keys/schema";
import { dashboardAction } from "@/lib/dashboard/action";
import { listSchedules } from "@/lib/schedules/list-schedules";

const FAR_FUTURE = Date.UTC(9999, 0, 1);

export const listBillingKeysAction = dashboardAction(
  { write: false, input: z.object({ page: z.number().int().min(0).max(10_000), status: billingKeyStatus.optional() }) },
  ({ ctx, input }) =>
    listBillingKeys({ ctx, input: { page: input.page, limit: 20, status: input.status ? [input.status] : undefined } }),
);

export const issueTestCardAction = dashboardAction({ write: true, input: issueTestCardForm }, ({ ctx, input }) =>
  issueBillingKey({
    ctx,
    input: {
      channel_key: input.channel_key,
      customer: {
        customer_id: input.customer_id || undefined,
        customer_name: input.customer_name ? { full_name: input.customer_name } : undefined,
      },
      payment_method_option: {
        card: {
          card_credential: {
            card_number: input.card_number.replace(/[\s-]/g, ""),
            expiry_month: input.expiry_month,
            expiry_year: input.expiry_year,
            birth_or_business_registration_number: input.birth,
            password_two_digits: input.password_two_digits,
          },
        },
      },
    },
  }),
);

/** Schedules still booked on a key: the delete confirmation names them. */
export const bookedSchedulesAction = dashboardAction(
  { write: false, input: z.object({ billing_key: idRef }) },
  async ({ ctx, input }) => {
    const res = await listSchedules({
      ctx,
      input: {
        billing_key: input.billing_key,
        status: ["SCHEDULED", "STARTED"],
        start: 0,
        end: FAR_FUTURE,
        limit: 1000,
      },
    });
    return res.schedules;
  },
);

/** Deletes a key; with cancel_schedules, its booked schedules are cancelled in the same transaction. */
export const deleteBillingKeyAction = dashboardAction({ write: true, input: deleteBillingKeyForm }, ({ ctx, input }) =>
  deleteBillingKey({ ctx, input: { billing_key: input.billing_key, cancel_schedules: input.cancel_schedules } }),
);

export const billingKeyDetailAction = dashboardAction(
  { write: false, input: z.object({ billing_key: idRef }) },
  async ({ ctx, input }) => {
    const { billing_key } = await getBillingKey({ ctx, input: { billing_key: input.billing_key } });
    const [schedules, payments] = await Promise.all([
      listSchedules({ ctx, input: { billing_key: input.billing_key, start: 0, end: FAR_FUTURE, limit: 1000 } }),
      listKeyPayments({ ctx, input: { billing_key: input.billing_key } }),
    ]);
    return { key: billing_key, schedules: schedules.schedules, payments };
  },
);
