"use server";

import { z } from "zod";
import { listChannels } from "@/lib/channels/list-channels";
import { dashboardAction } from "@/lib/dashboard/action";
import { confirmVerification } from "@/lib/identity/confirm-verification";
import { getVerificationDetail } from "@/lib/identity/get-verification";
import { listSandboxInbox } from "@/lib/identity/list-sandbox-inbox";
import { listVerifications } from "@/lib/identity/list-verifications";
import { resendVerification } from "@/lib/identity/resend-verification";
import {
  dashboardConfirmInput,
  dashboardIdInput,
  dashboardSendInput,
  listVerificationsInput,
} from "@/lib/identity/schema";
import { sendVerification } from "@/lib/identity/send-verification";

/** Dashboard actions call the same service verbs as the API, on the store chosen in the switcher. */
export const listVerificationsAction = dashboardAction(
  { write: false, input: listVerificationsInput },
  ({ ctx, input }) => listVerifications({ ctx, input }),
);

export const getVerificationAction = dashboardAction({ write: false, input: dashboardIdInput }, ({ ctx, input }) =>
  getVerificationDetail({ ctx, input }),
);

export const identityChannelsAction = dashboardAction(
  { write: false, input: z.object({}) },
  async ({ ctx }) => (await listChannels({ ctx, input: { purpose: "identity" } })).channels,
);

export const sendVerificationAction = dashboardAction(
  { write: true, input: dashboardSendInput },
  async ({ ctx, input }) => {
    await sendVerification({ ctx, input: { ...input, storeId: ctx.storeId } });
    return { id: input.id };
  },
);

export const confirmVerificationAction = dashboardAction(
  { write: true, input: dashboardConfirmInput },
  ({ ctx, input }) => confirmVerification({ ctx, input: { id: input.id, otp: input.otp, storeId: ctx.storeId } }),
);

export const resendVerificationAction = dashboardAction({ write: true, input: dashboardIdInput }, ({ ctx, input }) =>
  resendVerification({ ctx, input: { id: input.id, storeId: ctx.storeId } }),
);

export const inboxAction = dashboardAction({ write: false, input: z.object({}) }, ({ ctx }) =>
  listSandboxInbox({ ctx }),
);
