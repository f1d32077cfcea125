import { apiRoute } from "@/lib/api/handler";
import { getVerification } from "@/lib/identity/read";
import { storeIdQuery, verificationParams } from "@/lib/identity/schema";

export const GET = apiRoute({ family: "login", auth: "token", params: verificationParams, query: storeIdQuery }, ({ ctx, params, query }) =>
  getVerification({ ctx, id: params.id, input: query }),
);
