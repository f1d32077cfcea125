import { jsonResponse } from "@/lib/api/envelope";
import { openApiDocument } from "@/lib/api/openapi";
import { otherMethods } from "@/lib/api/methods";

export function GET() {
  return jsonResponse(openApiDocument());
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
