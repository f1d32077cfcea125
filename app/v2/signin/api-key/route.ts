import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { signinBody } from "@/lib/auth/schema";
import { loginWithApiKey } from "@/lib/auth/tokens";
import { clientAddress } from "@/lib/security/client-address";

/** Deprecated login: same tokens, snake_case names, platform envelope. */
export const POST = apiRoute({ family: "platform", auth: "none", body: signinBody }, async ({ body, request }) => {
  const tokens = await loginWithApiKey(body.api_key, clientAddress(request.headers));
  return { access_token: tokens.accessToken, refresh_token: tokens.refreshToken };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
