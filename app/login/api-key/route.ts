import { apiRoute } from "@/lib/api/handler";
import { loginBody } from "@/lib/auth/schema";
import { loginWithApiKey } from "@/lib/auth/tokens";
import { clientAddress } from "@/lib/security/client-address";

export const POST = apiRoute({ family: "login", auth: "none", body: loginBody }, ({ body, request }) => loginWithApiKey(body.apiKey, clientAddress(request.headers)));
