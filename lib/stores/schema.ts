import { z } from "zod";
import { idRef, text } from "@/lib/schema/fields";
import { BUSINESS_NUMBER_FORMAT, isValidBusinessNumber } from "./business-number";

/** Sub-store inputs (spec: Store, Representative, BusinessLicense; CONTRACT §7). Client-safe. */

export const TAXATION_TYPES = ["PERSON", "CORPORATE"] as const;

const requiredText = (max = 200) => text(max).trim().min(1, "Required");
/** Optional text; an empty form field counts as absent. */
const optionalText = (max = 200) =>
  text(max)
    .trim()
    .optional()
    .transform((v) => v || undefined);

/** yyyy-MM-dd naming a real calendar day. */
const isoDate = text(10).refine((v) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}, "must be a date yyyy-MM-dd");

const phone = text(30)
  .trim()
  .regex(/^\+?[0-9][0-9-]{6,19}$/, "must be a phone number (digits, optional hyphens)");
const email = text(200).trim().email("must be an e-mail address");
const url = text(2000)
  .trim()
  .url("must be a URL")
  .refine((v) => /^https?:\/\//i.test(v), "must be an http(s) URL");

/** Every Representative field is required on input (the output makes name_en and birth_date optional). */
const representativeInput = z.object({
  name_ko: requiredText(100),
  name_en: requiredText(100),
  email,
  phone_number: phone,
  birth_date: isoDate,
});

const licenseFields = {
  company_name: requiredText(200),
  registration_number: text(20).trim().regex(BUSINESS_NUMBER_FORMAT, "must be a 10-digit business registration number"),
  business_location: requiredText(300),
  business_location_detail: requiredText(300),
  postal_code: text(10)
    .trim()
    .regex(/^\d{5,6}$/, "must be a 5- or 6-digit postal code"),
  business_types: z.array(requiredText(100)).min(1, "must list at least one business type").max(50),
  business_items: z.array(requiredText(100)).min(1, "must list at least one business item").max(50),
  corporate_registration_number: optionalText(50),
  headquarter_location: optionalText(300),
  business_establishment_date: optionalText(30),
  issuance_date: optionalText(30),
  issuance_reason: optionalText(200),
};

/** Corporate-only fields given for a non-corporate license. */
export function corporateOnlyFieldsPresent(license: {
  corporate_registration_number?: string;
  headquarter_location?: string;
}): string[] {
  return (["corporate_registration_number", "headquarter_location"] as const).filter(
    (k) => license[k] !== undefined && license[k] !== "",
  );
}

const businessLicenseInput = z
  .object({ taxation_type: z.enum(TAXATION_TYPES), ...licenseFields })
  .superRefine((v, ctx) => {
    if (v.taxation_type === "CORPORATE") return;
    for (const field of corporateOnlyFieldsPresent(v))
      ctx.addIssue({ code: "custom", path: [field], message: "only for CORPORATE taxation_type" });
  });

/** PUT has no taxation_type; the stored one decides the corporate-only fields. */
const businessLicenseUpdateInput = z.object(licenseFields);

const storeFields = {
  name: requiredText(100),
  service_urls: z.array(url).max(20).default([]),
  manager_name: optionalText(100),
  manager_phone_number: phone.optional().or(z.literal("").transform(() => undefined)),
  manager_email: email.optional().or(z.literal("").transform(() => undefined)),
};

export const createStoreInput = z.object({
  ...storeFields,
  tier_code: text(3).regex(/^[A-Za-z0-9]{3}$/, "must be exactly 3 letters or digits"),
  representative: representativeInput,
  business_license: businessLicenseInput,
  /** Both must be true (checked by the service, so a refusal is TERMS_NOT_AGREED, not INVALID_REQUEST). */
  terms_agreed: z.array(z.boolean()).max(2).optional(),
});
export type CreateStoreInput = z.input<typeof createStoreInput>;
export type CreateStoreValues = z.output<typeof createStoreInput>;

/** The API body: CONTRACT §1 accepts the old spelling `term_agreed`. */
export const createStoreBody = z.preprocess((raw) => {
  if (raw && typeof raw === "object" && !Array.isArray(raw)) {
    const body = raw as Record<string, unknown>;
    if (body.terms_agreed === undefined && body.term_agreed !== undefined)
      return { ...body, terms_agreed: body.term_agreed };
  }
  return raw;
}, createStoreInput);

/** PUT: no tier_code, agreement or taxation_type; members given replace the stored ones. */
export const updateStoreInput = z.object({
  name: storeFields.name.optional(),
  service_urls: z.array(url).max(20).optional(),
  manager_name: storeFields.manager_name,
  manager_phone_number: storeFields.manager_phone_number,
  manager_email: storeFields.manager_email,
  representative: representativeInput.optional(),
  business_license: businessLicenseUpdateInput.optional(),
});
export type UpdateStoreInput = z.input<typeof updateStoreInput>;

/**
 * The dashboard's store form also judges the number's check digit. The API does not: its clients
 * already send well-formed numbers the check would refuse, and they must keep working.
 */
export function refuseWrongCheckDigit(v: { business_license?: { registration_number: string } }, ctx: z.RefinementCtx) {
  const number = v.business_license?.registration_number;
  if (number !== undefined && BUSINESS_NUMBER_FORMAT.test(number) && !isValidBusinessNumber(number))
    ctx.addIssue({
      code: "custom",
      path: ["business_license", "registration_number"],
      message: "has a wrong check digit (not a valid business registration number)",
    });
}

export const createStoreFormInput = createStoreInput.superRefine(refuseWrongCheckDigit);
export const updateStoreFormInput = updateStoreInput.superRefine(refuseWrongCheckDigit);

export const storeIdParams = z.object({ "store-id": idRef });

/** Output shapes (the OpenAPI document; the stored documents are read back through the same two). */
export const representativeOutput = z.object({
  name_ko: z.string(),
  name_en: z.string().optional(),
  email: z.string(),
  phone_number: z.string(),
  birth_date: z.string().optional(),
});
export const businessLicenseOutput = z.object({
  taxation_type: z.enum(TAXATION_TYPES),
  company_name: z.string(),
  registration_number: z.string(),
  business_location: z.string(),
  business_location_detail: z.string(),
  postal_code: z.string(),
  business_types: z.array(z.string()),
  business_items: z.array(z.string()),
  corporate_registration_number: z.string().optional(),
  headquarter_location: z.string().optional(),
  business_establishment_date: z.string().optional(),
  issuance_date: z.string().optional(),
  issuance_reason: z.string().optional(),
});
export const storeResponse = z.object({
  id: z.string(),
  name: z.string(),
  tier_code: z.string(),
  service_urls: z.array(z.string()),
  manager_name: z.string().optional(),
  manager_phone_number: z.string().optional(),
  manager_email: z.string().optional(),
  representative: representativeOutput,
  business_license: businessLicenseOutput,
});
export const storeListResponse = z.object({ stores: z.array(storeResponse) });

/** Dashboard: a login limited to one sub-store. */
export const STORE_USER_ROLES = ["ADMIN", "VIEWER"] as const;
export const createStoreUserInput = z.object({
  store_id: idRef,
  name: text(100).trim().optional(),
  email: text(200).trim().email("must be an e-mail address"),
  password: text(200).min(8, "must be at least 8 characters"),
  role: z.enum(STORE_USER_ROLES),
});
export type CreateStoreUserInput = z.input<typeof createStoreUserInput>;
