import { describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi";
import { findUnsafeInput, INT32_MAX, MAX_DEPTH, MAX_TEXT_LENGTH } from "@/lib/schema/input-rules";
import type { Json } from "@/lib/testing/json";

type Schema = Record<string, Json>;

/** Every schema node under `schema`, with a readable path. */
function* nodes(schema: Schema, path: string): Generator<[string, Schema]> {
  if (!schema || typeof schema !== "object") return;
  yield [path, schema];
  for (const [key, child] of Object.entries(schema.properties ?? {})) yield* nodes(child as Schema, `${path}.${key}`);
  if (schema.items) yield* nodes(schema.items, `${path}[]`);
  if (schema.additionalProperties && typeof schema.additionalProperties === "object")
    yield* nodes(schema.additionalProperties, `${path}{}`);
  if (schema.propertyNames) yield* nodes(schema.propertyNames, `${path}{key}`);
  for (const k of ["anyOf", "oneOf", "allOf"])
    for (const [i, c] of ((schema[k] as Schema[]) ?? []).entries()) yield* nodes(c, `${path}|${i}`);
}

/** An anchored pattern with no unbounded quantifier caps the length by itself (`^\d{6}$`). */
function boundedPattern(node: Schema): boolean {
  const patterns = [node.pattern, ...((node.allOf as Schema[] | undefined) ?? []).map((p) => p.pattern)].filter(
    Boolean,
  ) as string[];
  return patterns.some((p) => p.startsWith("^") && p.endsWith("$") && !/[*+]|\{\d+,\}/.test(p.replace(/\\./g, "")));
}

function inputSchemas(): [string, Schema][] {
  const doc = openApiDocument() as { paths: Record<string, Record<string, Schema>> };
  const out: [string, Schema][] = [];
  for (const [p, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const where = `${method.toUpperCase()} ${p}`;
      for (const param of op.parameters ?? []) out.push([`${where} ${param.in}.${param.name}`, param.schema]);
      const body = op.requestBody?.content?.["application/json"]?.schema;
      if (body) out.push([`${where} body`, body]);
    }
  }
  return out;
}

describe("input rules", () => {
  it("find NUL characters in any string or member name, over-long strings and deep nesting", () => {
    expect(findUnsafeInput({ a: [{ b: "ok" }], c: 1, d: null })).toBeNull();
    expect(findUnsafeInput({ customer: { name: "a\u0000b" } })).toEqual({
      path: ["customer", "name"],
      message: expect.stringContaining("NUL"),
    });
    expect(findUnsafeInput({ bypass: { "k\u0000": 1 } })?.message).toMatch(/member name/);
    expect(findUnsafeInput({ products: [{ name: "x".repeat(MAX_TEXT_LENGTH + 1) }] })?.path).toEqual([
      "products",
      "0",
      "name",
    ]);
    let deep: unknown = "leaf";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeInput({ bypass: deep })?.message).toMatch(new RegExp(`deeper than ${MAX_DEPTH}`));
  });

  it("every string an operation accepts has a length bound, and every number an upper bound", () => {
    const unbounded: string[] = [];
    for (const [where, schema] of inputSchemas()) {
      for (const [path, node] of nodes(schema, where)) {
        if (
          node.type === "string" &&
          node.maxLength === undefined &&
          !node.enum &&
          node.const === undefined &&
          !boundedPattern(node)
        )
          unbounded.push(path);
        if ((node.type === "integer" || node.type === "number") && (node.maximum === undefined || node.maximum > 1e15))
          unbounded.push(path);
      }
    }
    expect(unbounded).toEqual([]);
  });

  it("integers stored in INTEGER columns are bounded to 32 bits", () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, Schema>> };
    const body =
      doc.paths["/v2/payments/{payment_id}/instant/pay"]!.post!.requestBody.content["application/json"].schema;
    const bounds = [...nodes(body, "body")]
      .filter(([p]) => /product_count$|quantity$/.test(p))
      .map(([, n]) => n.maximum);
    expect(bounds.length).toBeGreaterThan(0);
    for (const max of bounds) expect(max).toBeLessThanOrEqual(INT32_MAX);
  });
});
