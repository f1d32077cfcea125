import type { AuthContext } from "@/lib/auth/context";
import { transaction } from "@/lib/db/transaction";
import { createDelivery } from "./deliveries";
import { storeEndpoint } from "./endpoints";
import { runDeliveryInline } from "./run-inline";
import { toAttemptView } from "./serialize";

/**
 * The body of a test event: no payment, status "Test" and `test: true`, so a receiver can tell it
 * from a payment's event by either (docs/webhooks.md).
 */
export const TEST_EVENT_BODY = JSON.stringify({ tx_id: null, payment_id: null, status: "Test", test: true });

/**
 * Sends a test event to one endpoint now, signed with its secret (even when disabled: checking
 * an endpoint before enabling it is the point), and reports the attempt. Logged with trigger TEST.
 */
export async function sendEndpointTest({ ctx, input }: { ctx: AuthContext; input: { id: string } }) {
  const { store, endpoint } = await storeEndpoint(ctx, input.id);
  const { delivery, jobId } = await transaction((tx) =>
    createDelivery(tx, {
      merchantId: ctx.merchantId,
      storeId: store.id,
      paymentId: null,
      txId: null,
      eventType: "Test",
      url: endpoint.url,
      endpointId: endpoint.id,
      urlSource: "STORE",
      trigger: "TEST",
      isAsync: false,
      body: TEST_EVENT_BODY,
    }),
  );
  const attempt = await runDeliveryInline(delivery.id, jobId);
  return { deliveryId: delivery.id, attempt: attempt ? toAttemptView(attempt) : null };
}
