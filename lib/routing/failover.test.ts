import { describe, expect, it } from "vitest";
import type { CallResult } from "@/lib/providers/call";
import type { NotProcessedCause } from "@/lib/providers/not-processed";
import { failoverCause } from "./failover";

const test = { type: "TEST", pg_provider: "TOSSPAYMENTS" };
const toss = { type: "LIVE", pg_provider: "TOSSPAYMENTS" };
type Result = CallResult<{ ok: boolean; pgCode?: string }>;
const unknown = (reason: string, notProcessed?: NotProcessedCause): Result =>
  notProcessed ? { answered: false, reason, notProcessed } : { answered: false, reason };
const refused = (pgCode: string): Result => ({ answered: true, value: { ok: false, pgCode } });

describe("failover only where no money can have moved", () => {
  it.each([
    ["a refused connection", unknown("connection_lost: ECONNREFUSED", "connection_refused"), "connection_refused"],
    ["a connection never established", unknown("connection_lost: TLS", "connect_failed"), "connect_failed"],
    ["a host that does not resolve", unknown("connection_lost: ENOTFOUND", "dns_failed"), "dns_failed"],
    ["the channel's open circuit", refused("CHANNEL_CIRCUIT_OPEN"), "circuit_open"],
    ["the PG's documented maintenance refusal", refused("PG_MAINTENANCE"), "pg_unavailable"],
  ] as const)("fails over after %s", (_what, result, cause) => {
    expect(failoverCause(test, result)).toBe(cause);
  });

  it.each([
    ["a timeout", unknown("timeout: the provider did not answer within 400 ms")],
    ["a lost answer (reset after the request left)", unknown("connection_lost: socket hang up")],
    ["a 5xx", unknown("provider_error: answered 500")],
    ["an unreadable answer", unknown("unreadable_answer: not JSON")],
    ["a replay still in progress", unknown("in_progress: 409")],
    ["a card decline", refused("CARD_DECLINED")],
    ["an approval", { answered: true, value: { ok: true } } as Result],
  ] as const)("never fails over after %s", (_what, result) => {
    expect(failoverCause(test, result)).toBeNull();
  });

  it("a maintenance code counts only for the PG whose documents define it", () => {
    expect(failoverCause(toss, refused("PG_MAINTENANCE"))).toBeNull();
    expect(failoverCause(toss, refused("PROVIDER_ERROR"))).toBeNull();
  });
});
