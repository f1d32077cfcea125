import type { ChannelRecord } from "@/lib/channels/repository";
import { ProviderError } from "@/lib/errors/domain-error";
import { logger } from "@/lib/ops/logger";
import { failoverCause } from "@/lib/routing/failover";
import { type RoutedPayment, recordRouting } from "@/lib/routing/route-payment";
import type { TransactionRow } from "../transactions/repository";
import { notSentCause } from "../money-operation/unknown-outcome";

/** Why the try that left `row` certainly moved no money, so the group's next channel may be tried. */
function failoverCauseOf(row: TransactionRow, channel: ChannelRecord) {
  if (row.status === "PENDING") return notSentCause(row) ?? null;
  if (row.status === "FAILED" && row.failure_pg_code)
    return failoverCause(channel, { answered: true, value: { ok: false, pgCode: row.failure_pg_code } });
  return null;
}

/**
 * A payment through a channel group (docs/routing.md): tried on the drawn channel, and on the
 * next one only when the try certainly moved no money (a refused or never established
 * connection, an open circuit, a PG's documented "not processed" refusal). Each try is its own
 * attempt under the payment, with its routing decision kept for the timeline; the first try that
 * did not fail over is the answer. `pay` makes one attempt on a channel (`failoverFrom`: the
 * pending attempt it replaces).
 */
export async function payThroughGroup(
  routed: RoutedPayment,
  pay: (channel: ChannelRecord, failoverFrom?: string) => Promise<TransactionRow>,
): Promise<TransactionRow> {
  if (routed.channels.length === 0)
    throw new ProviderError(
      "NO_AVAILABLE_CHANNEL",
      `no channel of the group "${routed.groupName}" can take a payment now (disabled, or its circuit is open): nothing was sent`,
    );
  let previous: { row: TransactionRow; channel: ChannelRecord; cause: string } | undefined;
  for (const [index, channel] of routed.channels.entries()) {
    const row = await pay(channel, previous?.row.id);
    const failoverAfter = previous && {
      transaction_id: previous.row.id,
      channel_key: previous.channel.key,
      cause: previous.cause,
    };
    await recordRouting(row, routed.recordFor(index, failoverAfter)).catch((error: unknown) =>
      logger.warn({ err: error, tx_id: row.id }, "routing decision not recorded"),
    );
    const cause = failoverCauseOf(row, channel);
    if (!cause || index === routed.channels.length - 1) return row;
    previous = { row, channel, cause };
  }
  throw new Error("unreachable: a group with channels returns from its last try");
}
