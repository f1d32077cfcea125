import { Ajv2020 } from "ajv/dist/2020.js";
import type { ApiResult } from "./api";

type DocResponse = { content?: { "application/json"?: { schema: object } } };
/** The parts of the served OpenAPI document the checks read. */
export type OpenApiDoc = {
  paths: Record<
    string,
    Record<
      string,
      {
        responses: Record<string, DocResponse>;
        parameters?: { name: string; in: string }[];
        requestBody?: unknown;
        security?: unknown[];
      }
    >
  >;
};

/**
 * Checks real responses against the served OpenAPI document: the operation must be documented,
 * the status among its documented responses, and the body valid against that response's JSON
 * Schema (Ajv, draft 2020-12; response objects are closed, so an undocumented member fails).
 */
export function documentChecker(doc: OpenApiDoc) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  const covered = new Set<string>();

  function problems(method: string, path: string, res: ApiResult): string[] {
    const op = doc.paths[path]?.[method.toLowerCase()];
    if (!op) return [`${method} ${path} is not in the document`];
    const documented = op.responses[String(res.status)];
    if (!documented)
      return [
        `${method} ${path} answered ${res.status}, which is not documented (${Object.keys(op.responses).join(", ")})`,
      ];
    const schema = documented.content?.["application/json"]?.schema;
    if (!schema) return [];
    const key = `${method} ${path} ${res.status}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(key, validate);
    }
    if (validate(res.body)) return [];
    return (validate.errors ?? []).map(
      (e) => `${method} ${path} ${res.status}: ${e.instancePath || "/"} ${e.message} ${JSON.stringify(e.params)}`,
    );
  }

  return {
    /** Problems of one response; a 200 marks the operation as covered. */
    check(method: string, path: string, res: ApiResult): string[] {
      const found = problems(method, path, res);
      if (found.length === 0 && res.status === 200) covered.add(`${method.toLowerCase()} ${path}`);
      return found;
    },
    /** Documented operations no 200 response was checked for. */
    uncovered(): string[] {
      return Object.entries(doc.paths)
        .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`))
        .filter((op) => !covered.has(op))
        .sort();
    },
  };
}
