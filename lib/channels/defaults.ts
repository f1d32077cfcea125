/** CONTRACT §3: every new store gets these TEST channels. */
export const DEFAULT_TEST_CHANNELS = [
  { pg_provider: "TOSSPAYMENTS", name: "Toss Payments (test)", is_for_payment: 1, is_for_identity_verification: 0 },
  { pg_provider: "KCP", name: "KCP (test)", is_for_payment: 1, is_for_identity_verification: 0 },
  { pg_provider: "NICE", name: "NICE (test)", is_for_payment: 1, is_for_identity_verification: 0 },
  { pg_provider: "KAKAOPAY", name: "KakaoPay (test)", is_for_payment: 1, is_for_identity_verification: 0 },
  {
    pg_provider: "DANAL",
    name: "Danal identity verification (test)",
    is_for_payment: 0,
    is_for_identity_verification: 1,
  },
] as const;
