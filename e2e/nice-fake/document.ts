import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { parse } from "yaml";

/**
 * NICE Payments' own OpenAPI 3.1 document (npm `@nicepay/start-api-mcp`, dist/openapi/openapi.yaml,
 * MIT), compiled with ajv. The fake under e2e/nice-fake judges every request it receives and every
 * answer it gives with it, so the adapter is held to NICE's published contract, not our reading.
 */
type Operation = {
  operationId: string;
  parameters?: Array<{ name: string; in: "path" | "query"; required?: boolean; schema: object }>;
  requestBody?: { content: Record<string, { schema: { $ref: string } }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref: string } }> }>;
};
type NiceDocument = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

const DOC_ID = "https://nicepay.example/openapi.json";

function loadDocument(): NiceDocument {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve("@nicepay/start-api-mcp/package.json"));
  return parse(readFileSync(join(root, "dist/openapi/openapi.yaml"), "utf8")) as NiceDocument;
}

export type NiceOperation = {
  method: string;
  /** The document's path template, e.g. /v1/payments/{tid}/cancel. */
  template: string;
  operationId: string;
  match(path: string): Record<string, string> | null;
  /** Problems of a request against the operation: path and query parameters, the JSON body. */
  checkRequest(params: Record<string, string>, query: URLSearchParams, body: unknown): string[];
  /** Problems of a 200 answer's body against the operation's response schema. */
  checkAnswer(body: unknown): string[];
};

function problems(validate: ValidateFunction, value: unknown, where: string): string[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${where}${e.instancePath} ${e.message ?? "is invalid"}`);
}

function templateMatcher(template: string): (path: string) => Record<string, string> | null {
  const names: string[] = [];
  const source = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  const regex = new RegExp(`^${source}$`);
  return (path) => {
    const m = regex.exec(path);
    if (!m) return null;
    return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(m[i + 1] ?? "")]));
  };
}

/** Every operation of the document (the ones the fake serves and the ones it does not). */
export function niceOperations(): NiceOperation[] {
  const doc = loadDocument();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: DOC_ID, components: doc.components });
  const compileRef = (ref: string) => ajv.compile({ $ref: `${DOC_ID}${ref}` });
  const schemaOf = (ref: string) =>
    doc.components.schemas[ref.replace("#/components/schemas/", "")] as { properties?: Record<string, unknown> };
  const operations: NiceOperation[] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const requestRef = op.requestBody?.content["application/json"]?.schema.$ref;
      const requestValidator = requestRef ? compileRef(requestRef) : null;
      // The document lists every member of each request body: the fake treats the list as closed.
      const allowedMembers = requestRef ? new Set(Object.keys(schemaOf(requestRef).properties ?? {})) : null;
      const answerRef = op.responses["200"]?.content?.["application/json"]?.schema.$ref;
      const answerValidator = answerRef ? compileRef(answerRef) : null;
      const params = (op.parameters ?? []).map((p) => ({ ...p, validate: ajv.compile(p.schema) }));
      const match = templateMatcher(template.replace(/\/$/, "") || "/");
      operations.push({
        method: method.toUpperCase(),
        template,
        operationId: op.operationId,
        match: (path) => match(path.replace(/\/$/, "") || "/"),
        checkRequest(pathParams, query, body) {
          const found: string[] = [];
          for (const p of params) {
            const value = p.in === "path" ? pathParams[p.name] : (query.get(p.name) ?? undefined);
            if (value === undefined) {
              if (p.required) found.push(`${p.in} parameter ${p.name} is required`);
              continue;
            }
            found.push(...problems(p.validate, value, `${p.in} parameter ${p.name}`));
          }
          for (const name of query.keys())
            if (!params.some((p) => p.in === "query" && p.name === name))
              found.push(`query parameter ${name} is not in the document`);
          if (requestValidator) {
            if (!body || typeof body !== "object" || Array.isArray(body)) found.push("the body must be a JSON object");
            else {
              found.push(...problems(requestValidator, body, "body"));
              for (const key of Object.keys(body))
                if (!allowedMembers?.has(key)) found.push(`body member ${key} is not in the document`);
            }
          } else if (body !== undefined) found.push("this operation takes no body");
          return found;
        },
        checkAnswer: (body) => (answerValidator ? problems(answerValidator, body, "answer") : []),
      });
    }
  }
  return operations;
}

/** The plain-text card data a `encData` must decrypt to (the document's BillingKeyData schema). */
export function billingKeyDataValidator(): (value: unknown) => string[] {
  const doc = loadDocument();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: DOC_ID, components: doc.components });
  const validate = ajv.compile({ $ref: `${DOC_ID}#/components/schemas/BillingKeyData` });
  const allowed = new Set(
    Object.keys((doc.components.schemas.BillingKeyData as { properties: Record<string, unknown> }).properties),
  );
  return (value) => [
    ...problems(validate, value, "encData"),
    ...Object.keys(value as object)
      .filter((k) => !allowed.has(k))
      .map((k) => `encData member ${k} is not in the document`),
  ];
}
