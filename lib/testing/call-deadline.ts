import { getDb } from "@/lib/db/client";

/**
 * Time passes for an attempt: its provider call can no longer be in flight, so a look-up that
 * finds no record settles it FAILED (lib/payments/pay/look-up-attempt.ts).
 */
export async function passCallDeadline(txId: string): Promise<void> {
  await getDb()
    .updateTable("transactions")
    .set({ call_deadline_at: Date.now() - 1 })
    .where("id", "=", txId)
    .execute();
}
