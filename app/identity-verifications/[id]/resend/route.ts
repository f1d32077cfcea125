import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { resendVerification } from "@/lib/identity/resend-verification";
import { resendVerificationBody, storeIdQuery, verificationParams } from "@/lib/identity/schema";

export const POST = apiRoute(
  { family: "login", auth: "token", params: verificationParams, query: storeIdQuery, body: resendVerificationBody },
  ({ ctx, params, query, body }) =>
    resendVerification({ ctx, input: { id: params.id, storeId: query.storeId ?? body.storeId } }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
