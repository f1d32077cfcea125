"use server";

import { z } from "zod";
import { connectTossChannel, listLiveChannels, setChannelEnabled, testChannelConnection } from "@/lib/channels/live";
import { connectTossChannelInput, liveChannelRef, setChannelEnabledInput } from "@/lib/channels/live-schema";
import { listStoreChannels } from "@/lib/channels/repository";
import { dashboardAction } from "@/lib/dashboard/action";

/** Every channel of the store (TEST and LIVE), with the LIVE channels' connection state. OWNER/ADMIN. */
export const listChannelsAction = dashboardAction({ write: false, input: z.object({}) }, async ({ ctx }) => {
  const live = await listLiveChannels({ ctx });
  const test = (await listStoreChannels(ctx.merchantId, ctx.storeId)).filter((c) => c.type === "TEST");
  return {
    live,
    test: test.map((c) => ({
      id: c.id,
      name: c.name,
      pgProvider: c.pg_provider,
      type: "TEST" as const,
      forPayment: c.is_for_payment === 1,
    })),
  };
});

export const connectTossChannelAction = dashboardAction(
  { write: true, input: connectTossChannelInput },
  ({ ctx, input }) => connectTossChannel({ ctx, input }),
);

export const testChannelAction = dashboardAction({ write: true, input: liveChannelRef }, ({ ctx, input }) =>
  testChannelConnection({ ctx, input }),
);

export const setChannelEnabledAction = dashboardAction(
  { write: true, input: setChannelEnabledInput },
  ({ ctx, input }) => setChannelEnabled({ ctx, input }),
);
