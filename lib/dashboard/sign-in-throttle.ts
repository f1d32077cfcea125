import { ThrottledError } from "@/lib/errors/domain-error";
import { clientAddress } from "@/lib/security/client-address";
import { LIMITS } from "@/lib/throttle/limits";
import { forgiveAttempt, takeAttempt, type Check } from "@/lib/throttle/throttle";

const CREDENTIALS_CALLBACK = "/api/auth/callback/credentials";

async function emailOf(request: Request): Promise<string> {
  try {
    const form = await request.clone().formData();
    const email = form.get("email");
    return typeof email === "string" ? email.trim().toLowerCase().slice(0, 320) : "";
  } catch {
    return "";
  }
}

/**
 * Dashboard sign-in (next-auth's credentials callback) under the throttle: counted per client
 * address and per e-mail before the password is checked, forgiven when it was right. Once over,
 * 429 with Retry-After and next-auth's own `{url}` shape, whose `error=TooManyAttempts` the sign-in
 * form shows. Every other next-auth request passes straight through.
 */
export async function withSignInThrottle(request: Request, handle: () => Promise<Response>): Promise<Response> {
  if (request.method !== "POST" || !new URL(request.url).pathname.endsWith(CREDENTIALS_CALLBACK)) return handle();
  const checks: Check[] = [
    { limit: LIMITS.signInAddress(), key: clientAddress(request.headers) },
    { limit: LIMITS.signInEmail(), key: await emailOf(request) },
  ];
  try {
    await takeAttempt(checks);
  } catch (error) {
    if (!(error instanceof ThrottledError)) throw error;
    const url = new URL("/login?error=TooManyAttempts", request.url).toString();
    return Response.json({ url }, { status: 429, headers: { "retry-after": String(error.retryAfterSeconds) } });
  }
  const response = await handle();
  if (response.status === 200) await forgiveAttempt(checks);
  return response;
}
