import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { confirmVerification } from "@/lib/identity/confirm-verification";
import { confirmVerificationBody, verificationParams } from "@/lib/identity/schema";

export const POST = apiRoute(
  { family: "login", auth: "token", params: verificationParams, body: confirmVerificationBody },
  ({ ctx, params, body }) => confirmVerification({ ctx, input: { ...body, id: params.id } }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
