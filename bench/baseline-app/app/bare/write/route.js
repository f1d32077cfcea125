import { randomUUID } from "node:crypto";
import { bareStore, tokenIsValid } from "../../store.mjs";

export const dynamic = "force-dynamic";

/** An authenticated write: parse the JSON body, then one durable insert (its own fsynced commit). */
export async function POST(request) {
  if (!tokenIsValid(request.headers.get("authorization")))
    return Response.json({ error: "unauthorized" }, { status: 401 });
  const body = await request.json();
  const id = randomUUID();
  await bareStore().write(id, JSON.stringify(body));
  return Response.json({ id });
}
