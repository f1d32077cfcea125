import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { issueBillingKey } from "@/lib/billing-keys/issue-billing-key";
import { listBillingKeys } from "@/lib/billing-keys/list-billing-keys";
import { issueBillingKeyBody, listBillingKeysQuery } from "@/lib/billing-keys/schema";

export const GET = apiRoute({ family: "payment", auth: "token", query: listBillingKeysQuery }, ({ ctx, query }) =>
  listBillingKeys({ ctx, input: query }),
);

export const POST = apiRoute({ family: "payment", auth: "token", body: issueBillingKeyBody }, ({ ctx, body }) =>
  issueBillingKey({ ctx, input: body }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
