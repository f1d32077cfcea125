/**
 * One API-key login attempt in a separate process (throttling test: counters live in the database,
 * so they hold across app processes). Usage: tsx lib/testing/login-attempt.ts <api key> <client address>
 * Prints the outcome: "ok", or the domain error code.
 */
import { closeDb } from "@/lib/db/client";
import { loginWithApiKey } from "@/lib/auth/tokens";

const [apiKey = "", address = ""] = process.argv.slice(2);
try {
  await loginWithApiKey(apiKey, address);
  console.log("ok");
} catch (error) {
  console.log((error as { code?: string }).code ?? "error");
} finally {
  await closeDb();
}
