/**
 * Stands in for the client types generated from /openapi.json: openapi-client.test.ts generates
 * them (openapi-typescript) and type-checks requests.ts against them strictly. The stand-in keeps
 * the project's own type check independent of a generated file.
 */
// biome-ignore lint/suspicious/noExplicitAny: a stand-in for the generated interface, checked for real by the test
export type paths = any;
