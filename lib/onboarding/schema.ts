import { z } from "zod";
import { country } from "@/lib/customers/schema";
import { idRef, text } from "@/lib/schema/fields";

/** Onboarding inputs and enums (spec: Application, PgSpecificInfo, TosspaymentsApplicationUrl; CONTRACT §7). Client-safe. */

export const PG_COMPANIES = [
  "UNIDENTIFIED",
  "NICE",
  "KCP",
  "KICC",
  "DANAL",
  "SETTLE",
  "JTNET",
  "INICIS",
  "SMARTRO",
  "BLUEWALNUT",
  "TOSSPAYMENTS",
  "DAOU",
  "KSNET",
  "MOBILIANS",
  "ALIPAY",
  "EXIMBAY",
  "PAYPAL",
  "PAYMENTWALL",
  "NAVERPAY",
  "NAVERCO",
  "KAKAOPAY",
  "TOSSPAY",
  "CHAI",
  "PAYCO",
  "SMILEPAY",
] as const;
/** Providers an application may be submitted to. */
export const APPLICABLE_PG_COMPANIES = ["UNIDENTIFIED", "TOSSPAYMENTS"] as const;

export const METHOD_AND_TYPES = [
  "CARD_GENERAL",
  "CARD_SUBSCRIBE",
  "CARD_KEYIN",
  "TRANS_GENERAL",
  "VBANK_GENERAL",
  "PHONE_GENERAL",
  "PHONE_SUBSCRIBE",
  "GIFT_CARD_GENERAL",
  "ABROAD_GENERAL",
  "MY_ACCOUNT_GENERAL",
  "NAVERPAY_GENERAL",
  "NAVERCO_GENERAL",
  "KAKAOPAY_GENERAL",
  "TOSSPAY_GENERAL",
  "PAYCO_GENERAL",
  "SMILEPAY_GENERAL",
  "CERTIFICATION_PHONE",
  "CERTIFICATION_UNIFIED",
] as const;
/** Methods an application may ask for. */
export const APPLICABLE_METHODS = [
  "CARD_GENERAL",
  "CARD_SUBSCRIBE",
  "TRANS_GENERAL",
  "VBANK_GENERAL",
  "PHONE_GENERAL",
  "GIFT_CARD_GENERAL",
] as const;

export const APPLICATION_STATUSES = [
  "RECEPTION_SCHEDULED",
  "TRANSFER",
  "RECEPTION_PENDING",
  "RECEPTION_COMPLETED",
  "APPLICATION_CANCELED",
  "MERCHANT_REVIEWING",
  "CONTRACT_PROCESSING",
  "CONTRACT_COMPLETED",
  "CONTRACT_CANCELED",
  "CONTRACT_PENDING",
  "CONTRACT_REJECTED",
  "SERVICE_CLOSED",
  "SERVICE_OPEN",
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const CONTRACT_STATUSES = [
  "READY",
  "IN_DRAFT",
  "WAIT_FOR_REVIEW",
  "IN_REVIEW",
  "DONE",
  "CANCELED",
  "TERMINATED",
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const PAYMENT_TYPES = ["GENERAL", "SUBSCRIBE", "EASY"] as const;

import { BANK_NAMES } from "@/lib/bank-names";

/** Components and the dictionary test list the banks from here. */
export { BANK_NAMES };

const optionalText = (max: number) => text(max).trim().optional();

export const pgSpecificInfo = z.object({
  delivery_or_service_period: optionalText(100),
  development_method: z.enum(["SELF_DEVELOPMENT", "WORDPRESS"]).optional(),
  supporting_countries: z.array(country).max(300).optional(),
  payco_id: optionalText(100),
  bank_name: z.enum(BANK_NAMES).optional(),
  account_number: text(40)
    .trim()
    .regex(/^[0-9-]{6,30}$/, "must be an account number (digits, optional hyphens)")
    .optional(),
  account_holder_name: optionalText(100),
  homepage_name: optionalText(200),
  nicepay_terms_agreed: z.array(z.boolean()).max(10).optional(),
});
export type PgSpecificInfo = z.output<typeof pgSpecificInfo>;

const applicationForm = z.object({
  pg_company: z.enum(APPLICABLE_PG_COMPANIES),
  methods: z
    .array(z.enum(APPLICABLE_METHODS))
    .min(1, "choose at least one method")
    .refine((m) => new Set(m).size === m.length, "must not repeat a method"),
});

export const submitApplicationsInput = z.object({
  applications: z.array(applicationForm).min(1, "must hold at least one application").max(10),
  pg_specific_info: pgSpecificInfo,
});
export type SubmitApplicationsInput = z.input<typeof submitApplicationsInput>;

/** The API body: CONTRACT §1 accepts a single object where `applications` expects an array. */
export const submitApplicationsBody = z.preprocess((raw) => {
  if (raw && typeof raw === "object" && !Array.isArray(raw)) {
    const body = raw as Record<string, unknown>;
    const apps = body.applications;
    if (apps && typeof apps === "object" && !Array.isArray(apps)) return { ...body, applications: [apps] };
  }
  return raw;
}, submitApplicationsInput);

/** Dashboard: one application per submission (provider, methods, provider-specific fields). */
export const dashboardApplicationInput = applicationForm.extend({ store_id: idRef, pg_specific_info: pgSpecificInfo });
export type DashboardApplicationInput = z.input<typeof dashboardApplicationInput>;

/** Sandbox progression (dashboard). */
export const advanceApplicationInput = z.object({
  application_id: idRef,
  status: z.enum(APPLICATION_STATUSES),
  reason: text(300).trim().optional(),
});
export const advanceContractInput = z.object({ application_id: idRef, status: z.enum(CONTRACT_STATUSES) });

/** An application's stored documents and states, read back through these once (lib/onboarding/repository.ts). */
export const storedMethods = z.array(z.enum(METHOD_AND_TYPES));
export const storedApplicationStatus = z.enum(APPLICATION_STATUSES);
export const storedContractStatus = z.enum(CONTRACT_STATUSES).nullable();

/** Output shapes (documentation only). */
const applicationResponse = z.object({
  id: z.string(),
  store_id: z.string().optional(),
  pg_company: z.enum(PG_COMPANIES),
  methods: z.array(z.enum(METHOD_AND_TYPES)),
  status: z.enum(APPLICATION_STATUSES),
  pg_specific_info: pgSpecificInfo,
  failed_reason: z.string().optional(),
  pg_credential: z
    .object({
      created: z.string(),
      modified: z.string(),
      mid: z.string(),
      api_key: z.string(),
      client_key: z.string(),
      mert_key: z.string(),
    })
    .optional(),
});
export const applicationsResponse = z.object({ applications: z.array(applicationResponse) });
export const tosspaymentsUrlsResponse = z.object({
  urls: z.array(
    z.object({
      application_id: z.string(),
      payment_type: z.enum(PAYMENT_TYPES),
      onboarding_url: z.string().optional(),
      status: z.enum(CONTRACT_STATUSES),
    }),
  ),
});
