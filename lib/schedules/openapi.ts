import type { Operation } from "@/lib/schema/openapi-types";
import {
  createScheduleBody,
  createScheduleResponse,
  deleteSchedulesQuery,
  deleteSchedulesResponse,
  getScheduleResponse,
  listSchedulesQuery,
  listSchedulesResponse,
  scheduleParams,
  scheduleStoreQuery,
} from "./schema";

const base = { tag: "schedules", family: "payment", auth: "token" } as const;

export const scheduleOperations: Operation[] = [
  {
    ...base,
    method: "get",
    path: "/v2/schedules",
    operationId: "listSchedules",
    summary: "List schedules by scheduled time",
    query: listSchedulesQuery,
    response: listSchedulesResponse,
    errors: [400, 403, 404],
  },
  {
    ...base,
    method: "post",
    path: "/v2/schedules",
    operationId: "createSchedule",
    summary: "Book a payment on a billing key",
    body: createScheduleBody,
    response: createScheduleResponse,
    errors: [400, 403, 404],
  },
  {
    ...base,
    method: "delete",
    path: "/v2/schedules",
    operationId: "cancelSchedules",
    summary: "Cancel a billing key's booked schedules",
    query: deleteSchedulesQuery,
    response: deleteSchedulesResponse,
    errors: [400, 403, 404],
  },
  {
    ...base,
    method: "get",
    path: "/v2/schedules/{schedule_id}",
    operationId: "getSchedule",
    summary: "Get a schedule",
    params: scheduleParams,
    query: scheduleStoreQuery,
    response: getScheduleResponse,
    errors: [404],
  },
];
