"use server";

import { z } from "zod";
import { dashboardAction } from "@/lib/dashboard/action";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { listDeliveryAttempts } from "@/lib/webhooks/list-delivery-attempts";
import { resendDelivery } from "@/lib/webhooks/resend-delivery";
import { resendMatching } from "@/lib/webhooks/resend-matching";
import {
  deliveryFilter,
  deliveryIdInput,
  listDeliveriesInput,
  rotateSecretInput,
  webhookUrlInput,
} from "@/lib/webhooks/schema";
import { getWebhookSettings, rotateWebhookSecret, sendTestWebhook, updateWebhookUrl } from "@/lib/webhooks/settings";

export const getSettingsAction = dashboardAction({ write: false, input: z.object({}) }, ({ ctx }) =>
  getWebhookSettings({ ctx }),
);
export const saveUrlAction = dashboardAction({ write: true, input: webhookUrlInput }, ({ ctx, input }) =>
  updateWebhookUrl({ ctx, input }),
);
export const rotateSecretAction = dashboardAction({ write: true, input: rotateSecretInput }, ({ ctx, input }) =>
  rotateWebhookSecret({ ctx, input }),
);
export const sendTestAction = dashboardAction({ write: true, input: z.object({}) }, ({ ctx }) =>
  sendTestWebhook({ ctx }),
);
export const listDeliveriesAction = dashboardAction({ write: false, input: listDeliveriesInput }, ({ ctx, input }) =>
  listDeliveries({ ctx, input }),
);
export const listAttemptsAction = dashboardAction({ write: false, input: deliveryIdInput }, ({ ctx, input }) =>
  listDeliveryAttempts({ ctx, input }),
);
export const resendDeliveryAction = dashboardAction({ write: true, input: deliveryIdInput }, ({ ctx, input }) =>
  resendDelivery({ ctx, input }),
);
export const resendMatchingAction = dashboardAction({ write: true, input: deliveryFilter }, ({ ctx, input }) =>
  resendMatching({ ctx, input }),
);
