import { bareStore, tokenIsValid } from "../../store.mjs";

export const dynamic = "force-dynamic";

/**
 * A payment's necessary work, nothing else: the attempt recorded durably (its own commit) before
 * the provider is called, an in-process stub provider, then the settlement and an outbox row
 * committed together (the second durable commit). POST /bare/pay?id=<payment id>.
 */
export async function POST(request) {
  if (!tokenIsValid(request.headers.get("authorization")))
    return Response.json({ error: "unauthorized" }, { status: 401 });
  const body = await request.json();
  const id = new URL(request.url).searchParams.get("id");
  if (!id || !Number.isInteger(body.total_amount)) return Response.json({ error: "bad request" }, { status: 400 });
  return Response.json(await bareStore().pay(id, body.total_amount, JSON.stringify(body)));
}
