import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { getStore } from "@/lib/stores/get-store";
import { storeIdParams, updateStoreInput } from "@/lib/stores/schema";
import { updateStore } from "@/lib/stores/update-store";

export const GET = apiRoute({ family: "platform", auth: "hosting", params: storeIdParams }, ({ ctx, params }) =>
  getStore({ ctx, input: { store_id: params["store-id"] } }),
);

export const PUT = apiRoute(
  { family: "platform", auth: "hosting", params: storeIdParams, body: updateStoreInput },
  ({ ctx, params, body }) => updateStore({ ctx, input: { ...body, store_id: params["store-id"] } }),
);

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods({ GET, PUT });
