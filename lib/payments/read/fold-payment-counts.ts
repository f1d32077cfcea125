import { FOLD_BATCH, foldPaymentCountDeltas } from "./repository/count-fold";

/** Worker periodic task (lib/jobs/handlers.ts): keeps the deltas a count adds up to a few seconds' worth. */
export const foldPaymentCountsTask = {
  name: "payment-counts.fold",
  everyMs: 5_000,
  async run() {
    while ((await foldPaymentCountDeltas()) === FOLD_BATCH);
  },
};
