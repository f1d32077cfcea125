import { HOLIDAYS_2025 } from "./2025";
import { HOLIDAYS_2026 } from "./2026";
import { HOLIDAYS_2027 } from "./2027";
import type { Holiday } from "./types";

/**
 * The years whose holidays we know. A date in a year missing here has no answer: payout dates
 * refuse it rather than guess (docs/settlements.md says how to add a year).
 */
export const HOLIDAYS_BY_YEAR: Readonly<Record<number, readonly Holiday[]>> = {
  2025: HOLIDAYS_2025,
  2026: HOLIDAYS_2026,
  2027: HOLIDAYS_2027,
};
