import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { cancelSchedules } from "@/lib/schedules/cancel-schedules";
import { createSchedule } from "@/lib/schedules/create-schedule";
import { listSchedules } from "@/lib/schedules/list-schedules";
import { createScheduleBody, deleteSchedulesQuery, listSchedulesQuery } from "@/lib/schedules/schema";

export const GET = apiRoute({ family: "payment", auth: "token", query: listSchedulesQuery }, ({ ctx, query }) =>
  listSchedules({ ctx, input: query }),
);

export const POST = apiRoute(
  { family: "payment", auth: "token", body: createScheduleBody, amounts: {} },
  ({ ctx, body }) => createSchedule({ ctx, input: body }),
);

export const DELETE = apiRoute({ family: "payment", auth: "token", query: deleteSchedulesQuery }, ({ ctx, query }) =>
  cancelSchedules({ ctx, input: query }),
);

export const { PUT, PATCH, OPTIONS } = otherMethods({ GET, POST, DELETE });
