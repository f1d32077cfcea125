import { getDb } from "@/lib/db/client";
import { migrateToLatest } from "@/lib/db/migrations";
import { detailedTransactions } from "@/lib/payments/repository";
await migrateToLatest();
const q = detailedTransactions(getDb()).where("transactions.merchant_id", "=", "m").where("transactions.store_id", "=", "s").where("transactions.payment_id", "=", "p").compile();
console.log(q.sql);
const r = await getDb().executeQuery({ ...q, sql: "explain query plan " + q.sql } as never);
for (const row of r.rows as { detail: string; id: number; parent: number }[]) console.log(row.id, row.parent, row.detail);
