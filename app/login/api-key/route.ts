import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { loginBody } from "@/lib/auth/schema";
import { loginWithApiKey } from "@/lib/auth/tokens";
import { clientAddress } from "@/lib/security/client-address";

export const POST = apiRoute({ family: "login", auth: "none", body: loginBody }, ({ body, request }) =>
  loginWithApiKey(body.apiKey, clientAddress(request.headers)),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
