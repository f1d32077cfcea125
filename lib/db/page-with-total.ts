import type { SelectQueryBuilder } from "kysely";

/** One page of a filtered list (`page` orders and limits it) and the count of every row it matches, read in parallel. */
export async function pageWithTotal<DB, TB extends keyof DB, O, R>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  page: (filtered: SelectQueryBuilder<DB, TB, O>) => Promise<R[]>,
): Promise<{ rows: R[]; total: number }> {
  const [rows, count] = await Promise.all([
    page(filtered),
    filtered.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number((count as { total: number | string }).total) };
}
