import { describe, expect, it } from "vitest";
import { authenticate } from "@/lib/auth/authenticate";
import { getDb } from "@/lib/db/client";
import { inProcess, newMerchant } from "@/lib/testing/fixtures";
import { paidPayment } from "@/lib/testing/payments";
import { getPayment } from "./get-payment";
import { listPayments } from "./list-payments";
import { listPaymentsQuery } from "./schema";

const bearer = (token: string) =>
  new Request("http://localhost/v2/payments", { headers: { authorization: `Bearer ${token}` } });

async function paidWithStored(documents: Record<string, string>) {
  const m = inProcess(await newMerchant());
  const id = await paidPayment(m);
  await getDb().updateTable("transactions").set(documents).where("payment_id", "=", id).execute();
  return { m, id, ctx: await authenticate(bearer(m.accessToken)) };
}

// The stored documents (channel, customer, origin, products, escrow and method detail)
// were parsed with `JSON.parse(...) as T` in the serializer, so a document of the wrong shape went
// out on the wire as stored. The repository now parses and checks each once.
describe("a payment's stored documents", () => {
  it("come back parsed, as objects and lists", async () => {
    const { id, ctx } = await paidWithStored({ products: JSON.stringify([{ id: "p1", name: "Mug", amount: 1 }]) });
    const tx = (await getPayment({ ctx, input: { payment_id: id } })).payment.transactions[0]!;
    expect(tx.customer).toBeTypeOf("object");
    expect(tx.channel).toMatchObject({ pg_provider: "TOSSPAYMENTS" });
    expect(tx.products).toEqual([{ id: "p1", name: "Mug", amount: 1 }]);
  });

  it("of the wrong shape are refused naming the column, never answered as stored", async () => {
    const { id, ctx } = await paidWithStored({ products: JSON.stringify({ not: "a list" }) });
    await expect(getPayment({ ctx, input: { payment_id: id } })).rejects.toThrow(/transactions\.products of /);
    const input = listPaymentsQuery.parse({});
    await expect(listPayments({ ctx, input })).rejects.toThrow(/transactions\.products of /);
  });

  it("that are not JSON are refused naming the column", async () => {
    const { id, ctx } = await paidWithStored({ customer: "{broken" });
    await expect(getPayment({ ctx, input: { payment_id: id } })).rejects.toThrow(/transactions\.customer of /);
  });

  it("answer the API as a 500 with the family's envelope, not a malformed payment", async () => {
    const { m, id } = await paidWithStored({ origin: JSON.stringify(["not", "an", "object"]) });
    const res = await m.api.get(`/v2/payments/${id}`);
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ code: "SERVICE_ERROR" });
    expect(res.body).not.toHaveProperty("payment");
  });
});
