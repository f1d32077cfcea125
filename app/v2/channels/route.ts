import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { listChannelsQuery } from "@/lib/channels/schema";
import { listChannels } from "@/lib/channels/list-channels";

export const GET = apiRoute({ family: "payment", auth: "token", query: listChannelsQuery }, ({ ctx, query }) =>
  listChannels({ ctx, input: query }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
