/** The job queue that runs due schedules (one job per schedule, run_at = scheduled_at). */
export const SCHEDULE_RUN_QUEUE = "schedule.run";
