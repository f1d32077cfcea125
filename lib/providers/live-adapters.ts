import { secretKeyForChannel } from "@/lib/channels/live-credentials";
import { createTossPaymentsAdapter } from "./tosspayments/adapter";

/** The real PG adapters LIVE channels are served by, keyed by pg_provider; each opens its channel's sealed secret per call. */
export const tossPayments = createTossPaymentsAdapter({ secretKeyFor: secretKeyForChannel });
