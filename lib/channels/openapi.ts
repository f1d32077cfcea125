import { z } from "zod";
import type { Operation } from "@/lib/schema/openapi-types";
import { wireChannel } from "@/lib/schema/wire-records";
import { listChannelsQuery } from "./schema";

const listChannelsResponse = z.object({
  channels: z.array(wireChannel.extend({ is_for_payment: z.boolean(), is_for_identity_verification: z.boolean() })),
});

export const channelOperations: Operation[] = [
  {
    method: "get",
    path: "/v2/channels",
    operationId: "listChannels",
    summary: "List a store's channels",
    tag: "channels",
    family: "payment",
    auth: "token",
    query: listChannelsQuery,
    response: listChannelsResponse,
    errors: [403, 404],
  },
];
