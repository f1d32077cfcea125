import { apiRoute } from "@/lib/api/handler";
import { listChannelsQuery } from "@/lib/channels/schema";
import { listChannels } from "@/lib/channels/service";

export const GET = apiRoute({ family: "payment", auth: "token", query: listChannelsQuery }, ({ ctx, query }) => listChannels({ ctx, input: query }));
