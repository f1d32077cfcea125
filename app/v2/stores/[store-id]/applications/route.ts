import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { listApplications } from "@/lib/onboarding/list-applications";
import { submitApplicationsBody } from "@/lib/onboarding/schema";
import { submitApplications } from "@/lib/onboarding/submit-applications";
import { storeIdParams } from "@/lib/stores/schema";

export const GET = apiRoute({ family: "platform", auth: "hosting", params: storeIdParams }, ({ ctx, params }) =>
  listApplications({ ctx, input: { store_id: params["store-id"] } }),
);

export const POST = apiRoute(
  { family: "platform", auth: "hosting", params: storeIdParams, body: submitApplicationsBody },
  ({ ctx, params, body }) => submitApplications({ ctx, input: { ...body, store_id: params["store-id"] } }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
