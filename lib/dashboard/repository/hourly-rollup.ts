import { HOUR } from "@/lib/time";

type Bucket = { b: number; n: number; amount: number };
/** The period (`start`..`end`, epoch ms) and the reader's offset from UTC. */
type Period = { start: number; end: number; offsetMs: number };

/**
 * The overview's chart buckets from an hourly roll-up: whole UTC hours summed from the roll-up
 * table, only the rows after the last whole hour counted one by one, merged per bucket. Zones that
 * are not a whole number of hours from UTC (India, Nepal…) read the rows.
 */
export async function fromHourlyRollup<Q extends Period, T extends Bucket>(
  q: Q,
  source: {
    hours: (q: Q, cut: number) => Promise<T[]>;
    rows: (q: Q) => Promise<T[]>;
    keyOf: (bucket: T) => string;
  },
): Promise<T[]> {
  if (q.offsetMs % HOUR !== 0 || q.start % HOUR !== 0) return source.rows(q);
  const cut = Math.max(q.start, Math.floor(q.end / HOUR) * HOUR);
  const parts = await Promise.all([source.hours(q, cut), source.rows({ ...q, start: cut })]);
  const byKey = new Map<string, T>();
  for (const part of parts.flat()) {
    const key = source.keyOf(part);
    const row = byKey.get(key);
    if (row) {
      row.n += part.n;
      row.amount += part.amount;
    } else byKey.set(key, { ...part });
  }
  // A bucket whose rows all moved away (n = 0) is no row, as the rows would give.
  return [...byKey.values()].filter((row) => row.n !== 0);
}
