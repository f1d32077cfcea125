import NextAuth from "next-auth";
import { authOptions } from "@/lib/dashboard/auth-options";

type Ctx = { params: Promise<{ nextauth: string[] }> };

async function handler(request: Request, ctx: Ctx) {
  return NextAuth(request as never, { params: await ctx.params } as never, authOptions());
}

export { handler as GET, handler as POST };
