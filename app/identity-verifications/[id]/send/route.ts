import { apiRoute } from "@/lib/api/handler";
import { sendVerificationBody, verificationParams } from "@/lib/identity/schema";
import { sendVerification } from "@/lib/identity/send";

export const POST = apiRoute({ family: "login", auth: "token", params: verificationParams, body: sendVerificationBody }, ({ ctx, params, body }) =>
  sendVerification({ ctx, id: params.id, input: body }),
);
