import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { readTestOtp } from "@/lib/identity/read-test-otp";
import { storeIdQuery, verificationParams } from "@/lib/identity/schema";

/** CONTRACT §10: the sandbox's latest code for a TEST verification. */
export const GET = apiRoute(
  { family: "login", auth: "token", params: verificationParams, query: storeIdQuery },
  ({ ctx, params, query }) => readTestOtp({ ctx, input: { ...query, id: params.id } }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
