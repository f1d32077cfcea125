"use server";

import { z } from "zod";
import { listChannels } from "@/lib/channels/list-channels";
import { dashboardAction } from "@/lib/dashboard/action";
import { confirmVerification } from "@/lib/identity/confirm";
import { getVerificationDetail, listSandboxInbox, listVerifications } from "@/lib/identity/read";
import { resendVerification } from "@/lib/identity/resend";
import { dashboardConfirmInput, dashboardIdInput, dashboardSendInput, listVerificationsInput } from "@/lib/identity/schema";
import { sendVerification } from "@/lib/identity/send";

/** Dashboard actions call the same service verbs as the API, on the store chosen in the switcher. */
export const listVerificationsAction = dashboardAction({ write: false, input: listVerificationsInput }, ({ ctx, input }) => listVerifications({ ctx, input }));

export const getVerificationAction = dashboardAction({ write: false, input: dashboardIdInput }, ({ ctx, input }) => getVerificationDetail({ ctx, id: input.id }));

export const identityChannelsAction = dashboardAction({ write: false, input: z.object({}) }, async ({ ctx }) => (await listChannels({ ctx, input: { purpose: "identity" } })).channels);

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
