import { notFoundRoute } from "@/lib/api/not-found";

export const { GET, POST, PUT, PATCH, DELETE } = notFoundRoute("payment");
