import { generateSync } from "json-schema-faker";
import { hostileBody, hostileText, hostileValue, RawJson } from "./hostile";
import type { Rng } from "./random";
import type { Json } from "../json";

type Schema = Record<string, Json>;
type Parameter = { name: string; in: "path" | "query"; required?: boolean; schema: Schema };
export type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
  errorEnvelope: Schema;
  security?: unknown[];
};

/** Real ids and keys of the fuzzing merchants, mixed into generated requests so they reach past lookups. */
export type FuzzContext = {
  tokens: { merchant: string; hosting: string; limited: string };
  ids: Record<string, string[]>;
};

export type FuzzCase = {
  op: Operation;
  kind: "valid" | "boundary" | "hostile";
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
};

/** The operations of the served OpenAPI document, with the error envelope each documents. */
export function operationsOf(doc: { paths: Record<string, Record<string, Schema>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: (op.parameters ?? []) as Parameter[],
      body: op.requestBody?.content?.["application/json"]?.schema,
      errorEnvelope: (op.responses["401"] ?? op.responses["400"] ?? op.responses["500"]).content["application/json"]
        .schema,
      security: op.security,
    })),
  );
}

function valid(rng: Rng, schema: Schema): Json {
  return generateSync(
    schema as never,
    { seed: rng.int(1, 2 ** 31 - 1), maxItems: 3, maxLength: 40, optionalsProbability: 0.6 } as never,
  );
}

/** Swaps generated references for real ones (or another merchant's) some of the time. */
function withRealIds(rng: Rng, value: Json, ids: FuzzContext["ids"]): Json {
  if (Array.isArray(value)) return value.map((v) => withRealIds(rng, v, ids));
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const real = ids[key];
    out[key] = real && typeof child === "string" && rng.chance(0.7) ? rng.pick(real) : withRealIds(rng, child, ids);
  }
  return out;
}

/** Replaces one leaf (or adds a member) somewhere in `value` with a hostile one. */
export function mutate(rng: Rng, value: Json, depth = 0): Json {
  if (Array.isArray(value) && value.length > 0 && rng.chance(0.7)) {
    const i = rng.int(0, value.length - 1);
    return value.map((v, j) => (j === i ? mutate(rng, v, depth + 1) : v));
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0 || rng.chance(0.1))
      return { ...value, [rng.pick(["unknown_member", "__proto__", "constructor", "a\u0000"])]: hostileValue(rng) };
    const key = rng.pick(keys);
    if (rng.chance(0.1)) {
      const { [key]: _dropped, ...rest } = value;
      return rest;
    }
    return { ...value, [key]: depth < 6 && rng.chance(0.6) ? mutate(rng, value[key], depth + 1) : hostileValue(rng) };
  }
  return hostileValue(rng);
}

/** Pushes some leaves of a valid value to their schema's limits, or one past them. */
function atLimits(rng: Rng, schema: Schema | undefined, value: Json): Json {
  if (!schema) return value;
  if (Array.isArray(value)) return value.map((v) => atLimits(rng, schema.items, v));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, atLimits(rng, schema.properties?.[k], v)]));
  const over = rng.chance(0.5) ? 1 : 0;
  if (
    typeof value === "string" &&
    schema.maxLength !== undefined &&
    !schema.pattern &&
    !schema.allOf &&
    rng.chance(0.3)
  )
    return "x".repeat(schema.maxLength + over);
  if (typeof value === "number" && rng.chance(0.3)) {
    const limits = [schema.maximum, schema.minimum].filter((n) => typeof n === "number") as number[];
    if (limits.length) return rng.pick(limits.map((n) => (n === schema.maximum ? n + over : n - over)));
  }
  return value;
}

export function stringify(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v) => (v instanceof RawJson ? `__raw_${raws.push(v.text) - 1}__` : v));
  return text.replace(/"__raw_(\d+)__"/g, (_m, i) => raws[Number(i)]!);
}

/** Percent-encodes; a lone surrogate becomes the invalid UTF-8 bytes a raw client could send. */
function enc(text: string): string {
  return text
    .split(/([\ud800-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? "%ED%A0%80" : encodeURIComponent(part)))
    .join("");
}

/** Query arrays in every form the API accepts (repeated, bracket, comma) and some it must refuse. */
function queryString(rng: Rng, query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const list = Array.isArray(value)
      ? value.map(String)
      : [typeof value === "object" ? JSON.stringify(value) : String(value)];
    const form = rng.pick(["repeat", "bracket", "comma", "repeat"] as const);
    if (form === "comma") parts.push(`${enc(name)}=${list.map(enc).join(",")}`);
    else for (const item of list) parts.push(`${enc(name)}${form === "bracket" ? "[]" : ""}=${enc(item)}`);
  }
  return parts.length ? `?${parts.join("&")}` : "";
}

function objectOf(params: Parameter[]): Schema {
  return {
    type: "object",
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
}

/** One request for an operation: valid (from the schema), boundary (limits) or hostile (mutated). */
export function generateCase(rng: Rng, op: Operation, ctx: FuzzContext): FuzzCase {
  const kind = rng.pick(["valid", "boundary", "hostile", "hostile"] as const);
  const pathParams = op.parameters.filter((p) => p.in === "path");
  const queryParams = op.parameters.filter((p) => p.in === "query");

  let url = op.path;
  for (const p of pathParams) {
    const real = ctx.ids[p.name];
    const value =
      kind === "hostile" && rng.chance(0.5)
        ? hostileText(rng)
        : real && rng.chance(0.6)
          ? rng.pick(real)
          : String(valid(rng, p.schema) ?? "x");
    url = url.replace(`{${p.name}}`, /^\.*$/.test(value) ? "x" : enc(value));
  }
  let query = withRealIds(rng, queryParams.length ? valid(rng, objectOf(queryParams)) : {}, ctx.ids);
  if (kind === "hostile" && rng.chance(0.4))
    query = {
      ...query,
      [rng.pick([...queryParams.map((p) => p.name), "extra"])]: rng.chance(0.5)
        ? hostileText(rng)
        : [hostileText(rng), hostileText(rng)],
    };
  if (kind === "boundary" && queryParams.length) {
    const p = rng.pick(queryParams);
    const s = p.schema;
    query = {
      ...query,
      [p.name]:
        s.type === "integer" || s.maximum !== undefined
          ? rng.pick([s.maximum, (s.maximum ?? 0) + 1, s.minimum, (s.minimum ?? 0) - 1])
          : "x".repeat(s.maxLength ?? 200) + (rng.chance(0.5) ? "x" : ""),
    };
  }
  url += queryString(rng, query);

  let body: string | undefined;
  if (op.body) {
    const base = withRealIds(rng, valid(rng, op.body), ctx.ids);
    if (kind === "hostile") body = rng.chance(0.15) ? hostileBody(rng) : stringify(mutate(rng, base));
    else if (kind === "boundary") body = stringify(atLimits(rng, op.body, base));
    else body = stringify(base);
  } else if (op.method !== "GET" && op.method !== "DELETE" && rng.chance(0.2)) {
    body = hostileBody(rng);
  }

  const token = op.path.startsWith("/v2/stores")
    ? ctx.tokens.hosting
    : rng.chance(0.1)
      ? ctx.tokens.limited
      : ctx.tokens.merchant;
  const auth = rng.chance(0.9)
    ? `Bearer ${token}`
    : rng.pick(["", "Bearer garbage", `PortOne sk_${"z".repeat(30)}`, "Basic YTpi", `Bearer ${token}x`]);
  const headers: Record<string, string> = {
    "content-type": rng.pick([
      "application/json",
      "application/json",
      "text/plain",
      "application/x-www-form-urlencoded",
    ]),
  };
  if (auth && op.security?.length !== 0) headers.authorization = auth;
  if (op.method === "POST" && rng.chance(0.1))
    headers["idempotency-key"] = rng.pick(["k", "x".repeat(300), `key-${rng.int(1, 5)}`]);
  return { op, kind, method: op.method, url, headers, ...(body !== undefined ? { body } : {}) };
}
