import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { regenerationBody } from "@/lib/auth/schema";
import { regenerateTokens } from "@/lib/auth/tokens";
import { clientAddress } from "@/lib/security/client-address";

export const POST = apiRoute(
  { family: "platform", auth: "none", body: regenerationBody },
  async ({ body, request }) => {
    const tokens = await regenerateTokens(body.refresh_token, clientAddress(request.headers));
    return { access_token: tokens.accessToken, refresh_token: tokens.refreshToken };
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
