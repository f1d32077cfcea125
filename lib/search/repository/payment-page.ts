import { sql, type Expression, type SqlBool } from "kysely";
import { getDb } from "@/lib/db/client";
import type { filteredPayments } from "@/lib/payments/read/repository/filters";
import { COUNT_CAP, COUNT_SCAN } from "../limits";
import { searchDocument } from "./document";
import type { SearchPlan } from "./query";

type View = ReturnType<typeof filteredPayments>;
type Sort = { column: "requested_at" | "status_updated_at"; direction: "asc" | "desc" };
export type PaymentCount = { n: number; capped: boolean };

/**
 * How many payments a view holds: exact without a search; a selective search counts up to
 * COUNT_CAP + 1; a common word counts among the newest COUNT_SCAN rows (`countCommonWord`).
 */
export function countPayments(
  view: View,
  plan: SearchPlan | undefined,
  unsearched: () => View,
  sort: Sort,
): Promise<PaymentCount> {
  if (!plan)
    return view
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
      .then((r) => ({ n: Number(r.n), capped: false }));
  if (!plan.selective) return countCommonWord(unsearched(), sort.column, sort.direction, plan.testDocument);
  return getDb()
    .selectFrom(
      view
        .select("transactions.id")
        .limit(COUNT_CAP + 1)
        .as("m"),
    )
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow()
    .then((r) => ({ n: Number(r.n), capped: Number(r.n) > COUNT_CAP }));
}

/** One page of the view's payments (store and payment ids), in the sort's order. */
export function pageOfPayments(view: View, sort: Sort, page: { offset: number; limit: number }) {
  return view
    .select(["transactions.store_id", "transactions.payment_id"])
    .orderBy(`transactions.${sort.column}`, sort.direction)
    .orderBy("transactions.id", sort.direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/**
 * A common word's count: matches among the newest COUNT_SCAN rows of the view, stopping at the
 * COUNT_CAP + 1st, so the count costs at most that many document tests however rare the word is
 * for this merchant (and far fewer when it is as common as the plan guessed); past either bound
 * the page says "more than".
 */
export async function countCommonWord(
  view: View,
  column: Sort["column"],
  direction: Sort["direction"],
  test: (doc: Expression<string>) => Expression<SqlBool>,
): Promise<PaymentCount> {
  const newest = view
    .select(searchDocument("transactions").as("doc"))
    .orderBy(`transactions.${column}`, direction)
    .limit(COUNT_SCAN);
  const matches = getDb()
    .selectFrom(newest.as("m"))
    .select(sql`1`.as("one"))
    .where(test(sql.ref("m.doc")))
    .limit(COUNT_CAP + 1);
  const r = await getDb()
    .selectFrom(matches.as("c"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const n = Number(r.n);
  if (n > COUNT_CAP) return { n, capped: true };
  // Under the cap: all of the newest COUNT_SCAN rows were tested; "more than" if there are older ones.
  const scanned = await getDb()
    .selectFrom(view.select("transactions.id").limit(COUNT_SCAN).as("s"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return { n, capped: Number(scanned.n) >= COUNT_SCAN };
}
