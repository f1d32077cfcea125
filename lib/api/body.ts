import { DomainError } from "@/lib/errors/domain-error";

const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads a JSON body whatever the Content-Type says (CONTRACT §1). Empty → undefined.
 * Bodies over 1 MB are refused without reading them whole.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new DomainError("PAYLOAD_TOO_LARGE", "request body exceeds 1 MB");
  if (!request.body) return undefined;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new DomainError("PAYLOAD_TOO_LARGE", "request body exceeds 1 MB");
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString("utf8").trim();
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new DomainError("INVALID_REQUEST", "body: malformed JSON");
  }
}
