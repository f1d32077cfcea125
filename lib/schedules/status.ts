import type { SCHEDULE_STATUSES } from "./schema";

export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** Schedule state machine: SCHEDULED → STARTED → COMPLETED, or SCHEDULED → CANCELLED. */
const SCHEDULE_TRANSITIONS: Record<ScheduleStatus, ScheduleStatus[]> = {
  SCHEDULED: ["STARTED", "CANCELLED"],
  STARTED: ["COMPLETED"],
  COMPLETED: [],
  CANCELLED: [],
};

export function canMoveSchedule(from: ScheduleStatus, to: ScheduleStatus): boolean {
  return SCHEDULE_TRANSITIONS[from].includes(to);
}

/** Schedules still to run: they block deleting their billing key. */
export const BOOKED_STATUSES: ScheduleStatus[] = ["SCHEDULED", "STARTED"];
