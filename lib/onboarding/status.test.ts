import { describe, expect, it } from "vitest";
import { paymentTypesOf } from "./payment-types";
import { APPLICATION_STATUSES, CONTRACT_STATUSES, type ApplicationStatus } from "./schema";
import {
  APPLICATION_TRANSITIONS,
  canMoveApplication,
  canMoveContract,
  CONTRACT_TRANSITIONS,
  HAPPY_PATH,
} from "./status";

describe("application state machine", () => {
  it("covers every status and only names known statuses", () => {
    expect(Object.keys(APPLICATION_TRANSITIONS).sort()).toEqual([...APPLICATION_STATUSES].sort());
    for (const next of Object.values(APPLICATION_TRANSITIONS))
      for (const s of next) expect(APPLICATION_STATUSES).toContain(s);
    expect(Object.keys(CONTRACT_TRANSITIONS).sort()).toEqual([...CONTRACT_STATUSES].sort());
  });

  it("the happy path reaches SERVICE_OPEN from RECEPTION_SCHEDULED through allowed moves", () => {
    let status = "RECEPTION_SCHEDULED" as ApplicationStatus;
    const seen = [status];
    while (HAPPY_PATH[status]) {
      const next: ApplicationStatus = HAPPY_PATH[status]!;
      expect(canMoveApplication(status, next)).toBe(true);
      status = next;
      seen.push(status);
    }
    expect(status).toBe("SERVICE_OPEN");
    expect(seen).toHaveLength(6);
  });

  it("terminal statuses do not move; a contract is not skipped", () => {
    expect(canMoveApplication("APPLICATION_CANCELED", "RECEPTION_SCHEDULED")).toBe(false);
    expect(canMoveApplication("RECEPTION_SCHEDULED", "SERVICE_OPEN")).toBe(false);
    expect(canMoveContract("READY", "DONE")).toBe(false);
    expect(canMoveContract("IN_REVIEW", "DONE")).toBe(true);
  });
});

describe("payment types of an application", () => {
  it("derives GENERAL, SUBSCRIBE and EASY from the methods, in that order, once each", () => {
    expect(paymentTypesOf(["CARD_SUBSCRIBE", "CARD_GENERAL", "VBANK_GENERAL"])).toEqual(["GENERAL", "SUBSCRIBE"]);
    expect(paymentTypesOf(["KAKAOPAY_GENERAL", "PHONE_SUBSCRIBE"])).toEqual(["SUBSCRIBE", "EASY"]);
    expect(paymentTypesOf(["GIFT_CARD_GENERAL"])).toEqual(["GENERAL"]);
    expect(paymentTypesOf([])).toEqual([]);
  });
});
