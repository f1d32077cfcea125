"use server";

import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { dashboardAction } from "@/lib/dashboard/action";
import { confirmVerification } from "@/lib/identity/confirm";
import { getVerification, listSandboxInbox, listVerifications } from "@/lib/identity/read";
import { resendVerification } from "@/lib/identity/resend";
import { dashboardConfirmInput, dashboardIdInput, dashboardSendInput, listVerificationsInput } from "@/lib/identity/schema";
import { sendVerification } from "@/lib/identity/send";

/** Dashboard actions call the same service verbs as the API, on the store chosen in the switcher. */
export const listVerificationsAction = dashboardAction({ write: false, input: listVerificationsInput }, ({ ctx, input }) => listVerifications({ ctx, input }));

export const getVerificationAction = dashboardAction({ write: false, input: dashboardIdInput }, async ({ ctx, input }) => {
  const [verification, row] = await Promise.all([
    getVerification({ ctx, id: input.id, input: {} }),
    getDb().selectFrom("identity_verifications").select(["method", "operator", "sent_at"]).where("merchant_id", "=", ctx.merchantId).where("store_id", "=", ctx.storeId).where("verification_id", "=", input.id).executeTakeFirst(),
  ]);
  return { verification, method: row?.method ?? "SMS", operator: row?.operator ?? "", sent: row?.sent_at != null };
});

export const identityChannelsAction = dashboardAction({ write: false, input: z.object({}) }, async ({ ctx }) => {
  const rows = await getDb()
    .selectFrom("channels")
    .select(["key", "name", "type", "pg_provider"])
    .where("merchant_id", "=", ctx.merchantId)
    .where("store_id", "=", ctx.storeId)
    .where("is_for_identity_verification", "=", 1)
    .orderBy("created_at")
    .execute();
  return rows;
});

export const sendVerificationAction = dashboardAction({ write: true, input: dashboardSendInput }, async ({ ctx, input }) => {
  const { id, ...body } = input;
  await sendVerification({ ctx, id, input: { ...body, storeId: ctx.storeId } });
  return { id };
});

export const confirmVerificationAction = dashboardAction({ write: true, input: dashboardConfirmInput }, ({ ctx, input }) =>
  confirmVerification({ ctx, id: input.id, input: { otp: input.otp, storeId: ctx.storeId } }),
);

export const resendVerificationAction = dashboardAction({ write: true, input: dashboardIdInput }, ({ ctx, input }) => resendVerification({ ctx, id: input.id, input: { storeId: ctx.storeId } }));

export const inboxAction = dashboardAction({ write: false, input: z.object({}) }, ({ ctx }) => listSandboxInbox({ ctx }));
