import type { Operation } from "@/lib/schema/openapi-types";
import { createStoreInput, storeIdParams, storeListResponse, storeResponse, updateStoreInput } from "./schema";

const base = { tag: "stores", family: "platform", auth: "hosting" } as const;

export const storeOperations: Operation[] = [
  {
    ...base,
    method: "get",
    path: "/v2/stores",
    operationId: "listStores",
    summary: "List sub-stores",
    response: storeListResponse,
    errors: [400, 403],
  },
  {
    ...base,
    method: "post",
    path: "/v2/stores",
    operationId: "createStore",
    summary: "Create a sub-store",
    body: createStoreInput,
    response: storeResponse,
    errors: [400, 403, 404],
  },
  {
    ...base,
    method: "get",
    path: "/v2/stores/{store-id}",
    operationId: "getStore",
    summary: "Get a sub-store",
    params: storeIdParams,
    response: storeResponse,
    errors: [400, 403, 404],
  },
  {
    ...base,
    method: "put",
    path: "/v2/stores/{store-id}",
    operationId: "updateStore",
    summary: "Update a sub-store",
    params: storeIdParams,
    body: updateStoreInput,
    response: storeResponse,
    errors: [400, 403, 404],
  },
];
