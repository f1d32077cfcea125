import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { listTosspaymentsUrls } from "@/lib/onboarding/list-tosspayments-urls";
import { storeIdParams } from "@/lib/stores/schema";

export const GET = apiRoute({ family: "platform", auth: "hosting", params: storeIdParams }, ({ ctx, params }) =>
  listTosspaymentsUrls({ ctx, input: { store_id: params["store-id"] } }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
