import { afterAll, describe, expect, it } from "vitest";
import { startHttpServer, type HttpServer } from "@/lib/testing/http-server";
import { cardPayBody, newPaymentId } from "@/lib/testing/payments";

/**
 * lib/testing/http-server.ts, which the chaos test and the fuzzer build on: a second production
 * server on the pass's database survives a SIGKILL of its whole tree and a restart.
 */
let server: HttpServer | undefined;
afterAll(() => server?.stop());

describe("the production-server harness", () => {
  it("starts, creates a merchant, dies by SIGKILL (port freed), restarts on the same database", async () => {
    server = await startHttpServer({
      port: Number(process.env.HTTP_PASS_PORT ?? 4300) + 1,
      databaseUrl: process.env.DATABASE_URL!,
      env: { WORKER_IN_APP: "false" },
    });
    const m = await server.createMerchant({ name: "Harness" });
    const auth = { authorization: `Bearer ${m.accessToken}`, "content-type": "application/json" };
    const id = newPaymentId();
    const paid = await server.fetch(`/v2/payments/${id}/instant/pay`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify(cardPayBody(m)),
    });
    expect(paid.status).toBe(200);

    await server.kill();
    expect(server.pid()).toBeUndefined();
    await expect(server.fetch("/openapi.json")).rejects.toThrow(); // next-server died with its parent

    await server.restart();
    const read = await server.fetch(`/v2/payments/${id}`, { headers: auth });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { payment: { id: string } }).payment.id).toBe(id);
  });
});
