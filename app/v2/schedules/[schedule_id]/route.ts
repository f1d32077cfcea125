import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { getSchedule } from "@/lib/schedules/get-schedule";
import { scheduleParams, scheduleStoreQuery } from "@/lib/schedules/schema";

export const GET = apiRoute(
  { family: "payment", auth: "token", params: scheduleParams, query: scheduleStoreQuery },
  ({ ctx, params, query }) => getSchedule({ ctx, input: { ...query, ...params } }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
