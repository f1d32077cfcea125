import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { createStore } from "@/lib/stores/create-store";
import { listStores } from "@/lib/stores/list-stores";
import { createStoreBody } from "@/lib/stores/schema";

export const GET = apiRoute({ family: "platform", auth: "hosting" }, ({ ctx }) => listStores({ ctx }));

export const POST = apiRoute({ family: "platform", auth: "hosting", body: createStoreBody }, ({ ctx, body }) =>
  createStore({ ctx, input: body }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
