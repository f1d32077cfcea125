import { jsonResponse } from "@/lib/api/envelope";
import { openApiDocument } from "@/lib/api/openapi";

export function GET() {
  return jsonResponse(openApiDocument());
}
