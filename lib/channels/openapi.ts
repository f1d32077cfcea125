import type { Operation } from "@/lib/api/openapi-types";
import { listChannelsQuery } from "./schema";

export const channelOperations: Operation[] = [
  { method: "get", path: "/v2/channels", summary: "List a store's channels", tag: "channels", family: "payment", auth: "token", query: listChannelsQuery, errors: [403, 404] },
];
