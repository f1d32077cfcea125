import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { secrets } from "@/lib/env";
import { endSession, openSession, SESSION_LIFETIME_MS } from "@/lib/sessions/sessions";
import { checkSecondFactor } from "@/lib/team/check-second-factor";
import { unknownUserHash, verifyPassword } from "@/lib/users/passwords";
import { noteSignIn } from "@/lib/users/sign-in";
import { findUserByEmail } from "@/lib/users/repository";

let cached: NextAuthOptions | undefined;

/**
 * next-auth (v4) with email + password. The signed JWT cookie holds the user id and the id of a
 * server-side session (lib/sessions/), which every request checks and sign-out ends.
 */
export function authOptions(): NextAuthOptions {
  cached ??= {
    secret: secrets().sessionSecret,
    session: { strategy: "jwt", maxAge: SESSION_LIFETIME_MS / 1000 },
    pages: { signIn: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
          otp: { label: "Code", type: "text" },
        },
        async authorize(credentials) {
          if (!credentials?.email || !credentials.password) return null;
          const user = await findUserByEmail(credentials.email);
          // An unknown e-mail costs one bcrypt comparison too, so timing does not tell accounts apart.
          const matches = await verifyPassword(credentials.password, user?.password_hash ?? (await unknownUserHash()));
          if (!user || !matches) return null;
          // The form asks for the code only after the password was right (error TwoFactorRequired).
          if (user.totp_enabled_at !== null) {
            if (!credentials.otp) throw new Error("TwoFactorRequired");
            if (!(await checkSecondFactor(user.id, credentials.otp))) throw new Error("TwoFactorInvalid");
          }
          await noteSignIn(user.id);
          return { id: user.id, email: user.email, name: user.name };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          token.uid = user.id;
          token.sid = await openSession(user.id);
        }
        return token;
      },
      session({ session, token }) {
        return { ...session, uid: token.uid as string, sid: token.sid as string | undefined };
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.sid === "string") await endSession(token.sid);
      },
    },
  };
  return cached;
}
