import type { Rng } from "./random";

/** A raw JSON fragment to splice into a body as is (values JSON.stringify cannot produce). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Nested arrays as raw JSON text (building them as values would overflow our own stack first). */
function deep(depth: number): RawJson {
  return new RawJson(`${"[".repeat(depth)}"leaf"${"]".repeat(depth)}`);
}

/** Values no field should turn into a 5xx: NUL, huge and negative numbers, floats, long and odd unicode strings, wrong types, deep nesting. */
export function hostileValue(rng: Rng): unknown {
  const choices: (() => unknown)[] = [
    () => "\u0000",
    () => `a\u0000b`,
    () => 2 ** 31,
    () => 2 ** 53 + 2,
    () => -(2 ** 63),
    () => -1,
    () => 1.5,
    () => 1e308,
    () => new RawJson("1e999"),
    () => new RawJson("-0"),
    () => "x".repeat(rng.pick([201, 2_001, 10_001, 100_000])),
    () => "💳한국어\u202eevil\u200b",
    () => new RawJson('"\\ud800"'),
    () => "",
    () => " ",
    () => null,
    () => true,
    () => [],
    () => ({}),
    () => ({ $ne: 1 }),
    () => "../../etc/passwd",
    () => "' OR 1=1 --",
    () => "<script>alert(1)</script>",
    () => "1e3",
    () => deep(rng.pick([40, 1_000, 5_000])),
  ];
  return rng.pick(choices)();
}

/** Strings for path segments and query values (sent percent-encoded; no dot segments, which clients resolve before sending). */
export function hostileText(rng: Rng): string {
  return rng.pick([
    "\u0000",
    "a\u0000",
    "%00",
    "x".repeat(rng.pick([201, 5_000])),
    "💳한국어",
    "\ud800",
    "a/b",
    "a..b",
    " ",
    "-1",
    "99999999999999999999",
    "1.5",
    "null",
    "[]",
    "\u202e",
    "'\"<>",
  ]);
}

/** Bodies that are not the JSON object an operation expects. */
export function hostileBody(rng: Rng): string {
  return rng.pick([
    "",
    "{",
    "[1,",
    "null",
    "[]",
    "42",
    '"text"',
    "\u0000",
    "not json",
    '{"a":1}'.repeat(3),
    `${"[".repeat(20_000)}1${"]".repeat(20_000)}`,
    `{"a":${"[".repeat(3000)}${"]".repeat(3000)}}`,
  ]);
}
