import { describe, expect, it } from "vitest";
import { routeTemplate } from "./route-template";

describe("routeTemplate", () => {
  it("puts each path parameter's name in place of its value", () => {
    expect(routeTemplate("/v2/payments/order-1/cancel", { payment_id: "order-1" })).toBe(
      "/v2/payments/[payment_id]/cancel",
    );
    expect(routeTemplate("/v2/stores/s1/applications", { "store-id": "s1" })).toBe(
      "/v2/stores/[store-id]/applications",
    );
  });

  it("matches URL-encoded values and leaves static segments alone", () => {
    expect(routeTemplate("/v2/payments/a%20b%2Bc", { payment_id: "a b+c" })).toBe("/v2/payments/[payment_id]");
    expect(routeTemplate("/v2/payments/payments", { payment_id: "payments" })).toBe("/v2/payments/[payment_id]");
  });

  it("collapses a catch-all, so unknown paths make one label, not one per path", () => {
    expect(routeTemplate("/v2/no/such/path", { path: ["no", "such", "path"] })).toBe("/v2/[...path]");
  });

  it("keeps a path without parameters", () => {
    expect(routeTemplate("/v2/channels", {})).toBe("/v2/channels");
  });
});
