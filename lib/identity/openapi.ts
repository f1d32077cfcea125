import { z } from "zod";
import type { Operation } from "@/lib/schema/openapi-types";
import {
  confirmVerificationBody,
  confirmVerificationResponse,
  identityVerificationResponse,
  resendVerificationBody,
  sendVerificationBody,
  storeIdQuery,
  testOtpResponse,
  verificationParams,
} from "./schema";

/** "Success with no fields": exactly `{}` (CONTRACT §1). */
const noFields = z.object({});

const base = { tag: "identity-verification", family: "login", auth: "token", params: verificationParams } as const;

export const identityOperations: Operation[] = [
  {
    ...base,
    method: "get",
    path: "/identity-verifications/{id}",
    operationId: "getIdentityVerification",
    summary: "Get an identity verification",
    query: storeIdQuery,
    response: identityVerificationResponse,
    errors: [400, 403, 404],
  },
  {
    ...base,
    method: "post",
    path: "/identity-verifications/{id}/send",
    operationId: "sendIdentityVerification",
    summary: "Send an identity verification (SMS code or app push)",
    body: sendVerificationBody,
    response: noFields,
    errors: [400, 403, 404, 409],
  },
  {
    ...base,
    method: "post",
    path: "/identity-verifications/{id}/confirm",
    operationId: "confirmIdentityVerification",
    summary: "Confirm an identity verification",
    body: confirmVerificationBody,
    response: confirmVerificationResponse,
    errors: [400, 403, 404, 409],
  },
  {
    ...base,
    method: "post",
    path: "/identity-verifications/{id}/resend",
    operationId: "resendIdentityVerification",
    summary: "Resend the SMS code (SMS only)",
    query: storeIdQuery,
    body: resendVerificationBody,
    response: noFields,
    errors: [400, 403, 404, 409],
  },
  {
    ...base,
    method: "get",
    path: "/v2/test-identity-verifications/{id}/otp",
    operationId: "getTestIdentityVerificationOtp",
    summary: "Read the sandbox's latest code (TEST channels only)",
    query: storeIdQuery,
    response: testOtpResponse,
    errors: [400, 403, 404],
  },
];
