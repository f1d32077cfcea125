import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { sendVerificationBody, verificationParams } from "@/lib/identity/schema";
import { sendVerification } from "@/lib/identity/send";

export const POST = apiRoute({ family: "login", auth: "token", params: verificationParams, body: sendVerificationBody }, ({ ctx, params, body }) =>
  sendVerification({ ctx, id: params.id, input: body }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
