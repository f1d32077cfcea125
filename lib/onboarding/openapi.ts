import type { Operation } from "@/lib/schema/openapi-types";
import { storeIdParams } from "@/lib/stores/schema";
import { applicationsResponse, submitApplicationsInput, tosspaymentsUrlsResponse } from "./schema";

const base = { tag: "onboarding", family: "platform", auth: "hosting", params: storeIdParams } as const;

export const onboardingOperations: Operation[] = [
  {
    ...base,
    method: "get",
    path: "/v2/stores/{store-id}/applications",
    operationId: "listStoreApplications",
    summary: "List a sub-store's payment applications",
    response: applicationsResponse,
    errors: [400, 403, 404],
  },
  {
    ...base,
    method: "post",
    path: "/v2/stores/{store-id}/applications",
    operationId: "submitStoreApplications",
    summary: "Submit payment applications for a sub-store",
    body: submitApplicationsInput,
    response: applicationsResponse,
    errors: [400, 403, 404],
  },
  {
    ...base,
    method: "get",
    path: "/v2/stores/{store-id}/applications/tosspayments-status-and-url",
    operationId: "getTossPaymentsStatusAndUrl",
    summary: "Toss Payments contract status and sign-up URLs",
    response: tosspaymentsUrlsResponse,
    errors: [400, 403, 404],
  },
];
