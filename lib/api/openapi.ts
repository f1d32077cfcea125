import { z } from "zod";
import { authOperations } from "@/lib/auth/openapi";
import { billingKeyOperations } from "@/lib/billing-keys/openapi";
import { cashReceiptOperations } from "@/lib/cash-receipts/openapi";
import { channelOperations } from "@/lib/channels/openapi";
import { customerOperations } from "@/lib/customers/openapi";
import { apiIntroduction } from "@/lib/docs/api-introduction";
import { onboardingOperations } from "@/lib/onboarding/openapi";
import { identityOperations } from "@/lib/identity/openapi";
import { paymentListOperations } from "@/lib/payments/openapi";
import { paymentOperations } from "@/lib/payments/openapi";
import { storeOperations } from "@/lib/stores/openapi";
import { scheduleOperations } from "@/lib/schedules/openapi";
import { settlementOperations } from "@/lib/settlements/openapi";
import { webhookOperations } from "@/lib/webhooks/openapi";
import { QUERY_TYPE } from "@/lib/schema/fields";
import type { Operation } from "@/lib/schema/openapi-types";

/** Every documented operation; each area contributes its list. */
export const operations: Operation[] = [
  ...authOperations,
  ...channelOperations,
  ...paymentOperations,
  ...storeOperations,
  ...onboardingOperations,
  ...identityOperations,
  ...cashReceiptOperations,
  ...paymentListOperations,
  ...billingKeyOperations,
  ...scheduleOperations,
  ...webhookOperations,
  ...settlementOperations,
  ...customerOperations,
];

type JsonSchema = Record<string, unknown>;

/** Inputs as clients may send them (unknown members allowed); outputs closed, so undocumented members show up. */
function toSchema(schema: z.ZodType, io: "input" | "output" = "input"): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as JsonSchema;
  return rest;
}

/** A query integer or boolean as what it means (the text it travels as is the transport's business). */
function querySchema(s: JsonSchema): JsonSchema {
  const meant = s[QUERY_TYPE] as JsonSchema | undefined;
  if (!meant) return s;
  return { ...meant, ...(s.default !== undefined ? { default: s.default } : {}) };
}

function parameters(where: "path" | "query", schema: z.ZodObject | undefined) {
  if (!schema) return [];
  const json = toSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === "path" || (json.required ?? []).includes(name),
    schema: querySchema(s),
    ...(where === "query" && s.type === "array" ? { style: "form", explode: true } : {}),
  }));
}

const ENVELOPES: Record<Operation["family"], JsonSchema> = {
  login: {
    type: "object",
    required: ["type"],
    properties: {
      type: { type: "string" },
      message: { type: "string" },
      pgCode: { type: "string" },
      pgMessage: { type: "string" },
    },
  },
  platform: {
    type: "object",
    required: ["code", "params"],
    properties: { code: { type: "string" }, params: { type: "object" }, message: { type: "string" } },
  },
  payment: { type: "object", required: ["code"], properties: { code: { type: "string" }, params: { type: "object" } } },
};

/** CONTRACT §12: authenticated POSTs replay, 409 while running, 422 for a reused key with another body. */
const IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  schema: { type: "string", minLength: 1, maxLength: 255 },
  description:
    "Replays the first response for 24 h (header Idempotent-Replayed: true); 409 while the first request runs, 422 for another body",
};

function operationObject(op: Operation) {
  const idempotent = op.method === "post" && op.auth !== "none";
  const errorStatuses = [
    ...new Set([
      ...(op.errors ?? []),
      ...(op.auth === "none" ? [] : [401]),
      ...(op.body ? [400, 413] : []), // malformed JSON, a body over 1 MB
      ...(idempotent ? [409, 422] : []),
      500,
    ]),
  ].sort();
  return {
    operationId: op.operationId,
    summary: op.summary,
    tags: [op.tag],
    ...(op.deprecated ? { deprecated: true } : {}),
    ...(op.auth === "none" ? { security: [] } : {}),
    parameters: [
      ...parameters("path", op.params),
      ...parameters("query", op.query),
      ...(idempotent ? [IDEMPOTENCY_KEY] : []),
    ],
    ...(op.body
      ? { requestBody: { required: true, content: { "application/json": { schema: toSchema(op.body) } } } }
      : {}),
    responses: {
      "200": {
        description: "OK",
        content: { "application/json": { schema: op.response ? toSchema(op.response, "output") : { type: "object" } } },
      },
      ...Object.fromEntries(
        errorStatuses.map((s) => [
          String(s),
          { description: "Error", content: { "application/json": { schema: ENVELOPES[op.family] } } },
        ]),
      ),
    },
  };
}

let cached: JsonSchema | undefined;

export function openApiDocument(): JsonSchema {
  if (cached) return cached;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) paths[op.path] = { ...paths[op.path], [op.method]: operationObject(op) };
  cached = {
    openapi: "3.1.0",
    info: {
      title: "Payment platform API",
      version: "2.0.0",
      description: apiIntroduction(),
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    // Relative: every installation serves its own API (PUBLIC_URL), and the reference page calls the origin it came from.
    servers: [{ url: "/", description: "This installation" }],
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "Access token from `POST /login/api-key`",
        },
        apiKey: {
          type: "apiKey",
          in: "header",
          name: "Authorization",
          description: "`PortOne <api key>`: the API key itself, for server-to-server calls",
        },
      },
    },
    security: [{ bearer: [] }, { apiKey: [] }],
    paths,
  };
  return cached;
}
