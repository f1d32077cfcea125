"use client";

import { useQuery } from "@tanstack/react-query";
import { paymentChannelsAction } from "@/components/channels/actions";
import { unwrap } from "@/lib/dashboard/unwrap";

/** The store's payment channels: the filter panel lists them, the chips row names the chosen one. */
export function usePaymentChannels() {
  return useQuery({
    queryKey: ["payment-channels"],
    queryFn: async () => unwrap(await paymentChannelsAction({})),
    staleTime: 60_000,
  });
}
