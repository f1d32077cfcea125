import NextAuth from "next-auth";
import { authOptions } from "@/lib/dashboard/auth-options";
import { withSignInThrottle } from "@/lib/dashboard/sign-in-throttle";

type Ctx = { params: Promise<{ nextauth: string[] }> };

async function handler(request: Request, ctx: Ctx) {
  const params = await ctx.params;
  return withSignInThrottle(request, () => NextAuth(request as never, { params } as never, authOptions()));
}

export { handler as GET, handler as POST };
