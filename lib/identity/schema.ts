import { z } from "zod";
import { callerId, idRef, text } from "@/lib/schema/fields";
import { readResidentNumber } from "@/lib/personal-id/resident-number";

/** Identity verification inputs (camelCase, CONTRACT §8). Client-safe: no db imports. */
export const identityOperator = z.enum(["SKT", "KT", "LGU", "SKT_MVNO", "KT_MVNO", "LGU_MVNO"]);
export const identityMethod = z.enum(["SMS", "APP"]);
export const identityStatus = z.enum(["READY", "VERIFIED", "FAILED"]);

const storeId = idRef;

export const verificationParams = z.object({ id: callerId });

const sendFields = z.object({
  storeId: storeId.optional(),
  channelKey: idRef,
  customer: z.object({
    id: text(200).min(1).optional(),
    name: text(100).trim().min(1),
    phoneNumber: z.string().regex(/^\d{9,12}$/, "must be 9–12 digits, no hyphens"),
    identityNumber: text(20)
      .refine(
        (v) => readResidentNumber(v) !== null,
        "must be the 7 leading digits of a resident number (YYMMDD plus one digit)",
      )
      .optional(),
  }),
  customData: text(10_000).optional(),
  bypass: z.unknown().optional(),
  operator: identityOperator,
  method: identityMethod,
});

function requireIdentityNumberForSms(
  v: { method: string; customer: { identityNumber?: string } },
  ctx: z.RefinementCtx,
) {
  if (v.method === "SMS" && !v.customer.identityNumber) {
    ctx.addIssue({ code: "custom", path: ["customer", "identityNumber"], message: "required for the SMS method" });
  }
}

export const sendVerificationBody = sendFields.superRefine(requireIdentityNumberForSms);
export type SendVerificationBody = z.infer<typeof sendVerificationBody>;

/**
 * The dashboard's "send test verification" form: the same body plus the verification id. A form
 * sends "" for an empty field; APP has no resident number, so "" means "not given".
 */
const dashboardSendFields = sendFields.extend({ id: callerId });
export type DashboardSendInput = z.input<typeof dashboardSendFields>;
export const dashboardSendInput = z.preprocess((raw) => {
  const v = raw as DashboardSendInput | undefined;
  if (v?.customer?.identityNumber !== "") return raw;
  return { ...v, customer: { ...v.customer, identityNumber: undefined } };
}, dashboardSendFields.superRefine(requireIdentityNumberForSms)) as unknown as z.ZodType<
  z.output<typeof dashboardSendFields>,
  DashboardSendInput
>;

export const confirmVerificationBody = z.object({
  storeId: storeId.optional(),
  otp: z
    .string()
    .regex(/^\d{6}$/, "must be 6 digits")
    .optional(),
});

export const storeIdQuery = z.object({ storeId: storeId.optional() });
/** Resend takes storeId in the query (spec); a body carrying it is accepted too. */
export const resendVerificationBody = z.object({ storeId: storeId.optional() });

export const listVerificationsInput = z.object({
  status: identityStatus.optional(),
  search: text(200).trim().optional(),
  page: z.number().int().min(0).max(10_000).default(0),
});
export type ListVerificationsInput = z.input<typeof listVerificationsInput>;

export const dashboardConfirmInput = z.object({
  id: callerId,
  otp: z
    .string()
    .regex(/^\d{6}$/, "must be 6 digits")
    .optional(),
});
export const dashboardIdInput = z.object({ id: callerId });

/** Wire shapes, for the OpenAPI document. */
/** The channel as it was at send time (stored with the verification, camelCase). */
export const identityChannel = z.object({
  type: z.enum(["LIVE", "TEST"]),
  id: z.string(),
  key: z.string(),
  name: z.string(),
  pgProvider: z.string(),
  pgMerchantId: z.string(),
});
export type IdentityChannel = z.infer<typeof identityChannel>;
/** The person the provider confirmed (stored once VERIFIED). */
export const verifiedCustomer = z.object({
  id: z.string().optional(),
  name: z.string(),
  phoneNumber: z.string().optional(),
  birthDate: z.string(),
  gender: z.enum(["MALE", "FEMALE", "OTHER"]),
  isForeigner: z.boolean().optional(),
  ci: z.string(),
  di: z.string(),
});
export type VerifiedCustomer = z.infer<typeof verifiedCustomer>;
export const identityVerificationResponse = z.object({
  id: z.string(),
  status: identityStatus,
  channel: identityChannel.optional(),
  customData: z.string().optional(),
  requestedAt: z.string(),
  updatedAt: z.string(),
  statusChangedAt: z.string(),
  requestedCustomer: z
    .object({ id: z.string().optional(), name: z.string().optional(), phoneNumber: z.string().optional() })
    .optional(),
  verifiedCustomer: verifiedCustomer.optional(),
  verifiedAt: z.string().optional(),
  pgTxId: z.string().optional(),
  pgRawResponse: z.string().optional(),
});
export const confirmVerificationResponse = z.object({ identityVerification: identityVerificationResponse });
export const testOtpResponse = z.object({ otp: z.string(), expiresAt: z.string() });
