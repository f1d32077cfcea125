"use server";

import { z } from "zod";
import {
  changeChannelKey,
  connectNiceChannel,
  connectTossChannel,
  setChannelEnabled,
  testChannelConnection,
} from "@/lib/channels/live";
import {
  changeChannelKeyInput,
  connectNiceChannelInput,
  connectTossChannelInput,
  liveChannelRef,
  setChannelEnabledInput,
} from "@/lib/channels/live-schema";
import { listChannelSettings } from "@/lib/channels/list-channel-settings";
import { listChannels } from "@/lib/channels/list-channels";
import { dashboardAction } from "@/lib/dashboard/action";

/** Every channel of the store (TEST and LIVE), with the LIVE channels' connection state. OWNER/ADMIN. */
export const listChannelsAction = dashboardAction({ write: false, input: z.object({}) }, listChannelSettings);

/** The store's payment channels, for the forms that pick one (test card issuance, manual cash receipts). */
export const paymentChannelsAction = dashboardAction(
  { write: false, input: z.object({}) },
  async ({ ctx }) => (await listChannels({ ctx, input: { purpose: "payment" } })).channels,
);

export const connectTossChannelAction = dashboardAction(
  { write: true, input: connectTossChannelInput },
  ({ ctx, input }) => connectTossChannel({ ctx, input }),
);

export const connectNiceChannelAction = dashboardAction(
  { write: true, input: connectNiceChannelInput },
  ({ ctx, input }) => connectNiceChannel({ ctx, input }),
);

export const testChannelAction = dashboardAction({ write: true, input: liveChannelRef }, ({ ctx, input }) =>
  testChannelConnection({ ctx, input }),
);

export const setChannelEnabledAction = dashboardAction(
  { write: true, input: setChannelEnabledInput },
  ({ ctx, input }) => setChannelEnabled({ ctx, input }),
);

export const changeChannelKeyAction = dashboardAction({ write: true, input: changeChannelKeyInput }, ({ ctx, input }) =>
  changeChannelKey({ ctx, input }),
);
