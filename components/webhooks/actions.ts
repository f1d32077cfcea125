"use server";

import { z } from "zod";
import { dashboardAction } from "@/lib/dashboard/action";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { listDeliveryAttempts } from "@/lib/webhooks/list-delivery-attempts";
import { resendDelivery } from "@/lib/webhooks/resend-delivery";
import { resendMatching } from "@/lib/webhooks/resend-matching";
import { deliveryFilter, deliveryIdInput, listDeliveriesInput, rotateSecretInput } from "@/lib/webhooks/schema";
import {
  createEndpointInput,
  endpointIdInput,
  rotateEndpointSecretInput,
  updateEndpointInput,
} from "@/lib/webhooks/endpoint-schema";
import { createEndpoint, deleteEndpoint, listEndpoints, updateEndpoint } from "@/lib/webhooks/endpoints";
import { rotateEndpointSecret } from "@/lib/webhooks/endpoint-secret";
import { sendEndpointTest } from "@/lib/webhooks/endpoint-test";
import { getWebhookSettings, rotateWebhookSecret } from "@/lib/webhooks/settings";

export const getSettingsAction = dashboardAction({ write: false, input: z.object({}) }, ({ ctx }) =>
  getWebhookSettings({ ctx }),
);
export const rotateSecretAction = dashboardAction({ write: true, input: rotateSecretInput }, ({ ctx, input }) =>
  rotateWebhookSecret({ ctx, input }),
);
export const listEndpointsAction = dashboardAction({ write: false, input: z.object({}) }, ({ ctx }) =>
  listEndpoints({ ctx }),
);
export const createEndpointAction = dashboardAction({ write: true, input: createEndpointInput }, ({ ctx, input }) =>
  createEndpoint({ ctx, input }),
);
export const updateEndpointAction = dashboardAction({ write: true, input: updateEndpointInput }, ({ ctx, input }) =>
  updateEndpoint({ ctx, input }),
);
export const rotateEndpointSecretAction = dashboardAction(
  { write: true, input: rotateEndpointSecretInput },
  ({ ctx, input }) => rotateEndpointSecret({ ctx, input }),
);
export const sendEndpointTestAction = dashboardAction({ write: true, input: endpointIdInput }, ({ ctx, input }) =>
  sendEndpointTest({ ctx, input }),
);
export const deleteEndpointAction = dashboardAction({ write: true, input: endpointIdInput }, ({ ctx, input }) =>
  deleteEndpoint({ ctx, input }),
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
