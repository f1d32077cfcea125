/**
 * Settings every test process and test server runs with. In-process requests carry no client
 * address and over HTTP they all come from 127.0.0.1, so every test file would share one throttle
 * counter: limits are lifted here, and e2e/api/throttling.test.ts sets its own (in-process).
 */
export const TEST_ENV: Record<string, string> = {
  // The tests' webhook receivers listen on 127.0.0.1, which is refused unless allowed.
  WEBHOOK_ALLOW_PRIVATE: "true",
  // Every file's drain may run another file's deliveries (the files share one database, and an
  // event's first attempt is made by whichever process runs its job), so every process retries
  // alike: fast, and with a short timeout.
  WEBHOOK_RETRY_DELAYS_MS: "150,150,150,150,150",
  WEBHOOK_TIMEOUT_MS: "5000",
  THROTTLE_FAILURES_PER_ADDRESS: "100000",
  THROTTLE_FAILURES_PER_ACCOUNT: "100000",
  OTP_RESENDS_PER_PHONE: "100000",
  DEPOSIT_CALLBACK_FAILURES_PER_ADDRESS: "100000",
  DEPOSIT_CALLBACK_FAILURES_PER_ORDER: "100000",
  // Test processes never reach the real Toss Payments: a refused local port unless a test starts the fake.
  TOSS_API_BASE: "http://127.0.0.1:9",
  // Nor the real NICE Payments (e2e/nice-fake is started by the tests that need it).
  NICE_API_BASE: "http://127.0.0.1:9",
  // Many tests inject provider faults back to back on one channel; a circuit opening would turn
  // their later calls into refusals. Circuit tests (lib/routing) set their own threshold.
  CHANNEL_CIRCUIT_FAILURES: "1000000",
};
