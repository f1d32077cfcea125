/**
 * A JSON value as tests, the fuzzer and the test clients read it: any shape, navigated freely and
 * then asserted on. Typing every body would restate the OpenAPI document, which the conformance
 * check (openapi-conformance.ts) already holds the answers to; product code never uses this.
 */
// biome-ignore lint/suspicious/noExplicitAny: the one named escape hatch for arbitrary JSON in test code (see above).
export type Json = any;
