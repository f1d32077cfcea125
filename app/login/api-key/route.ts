import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { loginBody } from "@/lib/auth/schema";
import { loginWithApiKey } from "@/lib/auth/tokens";

export const POST = apiRoute({ family: "login", auth: "none", body: loginBody }, ({ body }) => loginWithApiKey(body.apiKey));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
