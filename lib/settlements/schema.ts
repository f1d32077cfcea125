import { z } from "zod";

/** Inputs and terms of the settlements area (docs/settlements.md). Client-safe: no db imports. */

export const FEE_METHODS = ["CARD", "VIRTUAL_ACCOUNT", "TRANSFER", "EASY_PAY"] as const;
export type FeeMethod = (typeof FEE_METHODS)[number];

const won = z.number().int().min(0).max(1_000_000_000);

/** A rate in basis points of the amount (250 = 2.5%), or a flat fee per approval. */
export const feeTerm = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("RATE"), rate_bps: z.number().int().min(0).max(10_000) }),
  z.object({ kind: z.literal("FLAT"), amount: won }),
]);
export type FeeTerm = z.infer<typeof feeTerm>;

export const contractTerms = z.object({
  /** D+n: business days from the sale (Korea time) to the payout. */
  payout_days: z.number().int().min(0).max(60),
  /** VAT on the PG's fees, in basis points (Korea: 1000 = 10%). */
  vat_bps: z.number().int().min(0).max(10_000),
  fees: z.object({
    CARD: feeTerm,
    VIRTUAL_ACCOUNT: feeTerm,
    TRANSFER: feeTerm,
    EASY_PAY: feeTerm,
  }),
});
export type ContractTerms = z.infer<typeof contractTerms>;

/** Terms of a channel nobody has entered yet: D+1, no fees, so the expected net is the gross. */
export const DEFAULT_TERMS: ContractTerms = {
  payout_days: 1,
  vat_bps: 1000,
  fees: {
    CARD: { kind: "RATE", rate_bps: 0 },
    VIRTUAL_ACCOUNT: { kind: "RATE", rate_bps: 0 },
    TRANSFER: { kind: "RATE", rate_bps: 0 },
    EASY_PAY: { kind: "RATE", rate_bps: 0 },
  },
};

export const setContractTermsInput = z.object({ channel_id: z.string().min(1).max(200), terms: contractTerms });
export type SetContractTermsInput = z.infer<typeof setContractTermsInput>;

/** The dashboard's "read the PG reports now": nothing to choose (the caller's store, the last 14 days). */
export const readReportsInput = z.object({});
export type ReadReportsInput = z.infer<typeof readReportsInput>;
