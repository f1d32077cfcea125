import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { receiveTossDepositCallback } from "@/lib/payments/virtual-account/toss-deposit-callback";
import { depositCallbackBody } from "@/lib/payments/schema";
import { clientAddress } from "@/lib/security/client-address";

/** Toss Payments' DEPOSIT_CALLBACK (register this URL in Toss's developer center); verified against Toss, not a merchant API. */
export const POST = apiRoute(
  { family: "payment", auth: "none", body: depositCallbackBody, idempotent: false },
  ({ body, request }) => receiveTossDepositCallback({ input: body, address: clientAddress(request.headers) }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
