import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { customerParams, customerQuery } from "@/lib/customers/api-schema";
import { readCustomer } from "@/lib/customers/read-customer";

const config = { family: "payment", auth: "token", params: customerParams, query: customerQuery } as const;

export const GET = apiRoute(config, ({ ctx, params, query }) => readCustomer({ ctx, input: { ...query, ...params } }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
