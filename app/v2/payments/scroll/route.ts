import { apiRoute } from "@/lib/api/handler";
import { scrollPaymentsQuery } from "@/lib/payments/list-schema";
import { scrollPayments } from "@/lib/payments/scroll";

export const GET = apiRoute({ family: "payment", auth: "token", query: scrollPaymentsQuery }, ({ ctx, query }) => scrollPayments({ ctx, input: query }));
