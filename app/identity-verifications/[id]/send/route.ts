import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { sendVerificationBody, verificationParams } from "@/lib/identity/schema";
import { sendVerification } from "@/lib/identity/send-verification";

export const POST = apiRoute(
  { family: "login", auth: "token", params: verificationParams, body: sendVerificationBody },
  ({ ctx, params, body }) => sendVerification({ ctx, input: { ...body, id: params.id } }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
