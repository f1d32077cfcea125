import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { getVerification } from "@/lib/identity/get-verification";
import { storeIdQuery, verificationParams } from "@/lib/identity/schema";

export const GET = apiRoute(
  { family: "login", auth: "token", params: verificationParams, query: storeIdQuery },
  ({ ctx, params, query }) => getVerification({ ctx, input: { ...query, id: params.id } }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
