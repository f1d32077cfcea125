/**
 * Causes after which a payment call certainly moved no money, so routing may try another channel
 * (docs/routing.md). Everything else that is not a definite answer (a timeout, a reset after the
 * request left, a 5xx, an answer we cannot read) may have been processed and is never one of them.
 */
export type NotProcessedCause =
  /** The PG's host refused the TCP connection: no byte of the request was sent. */
  | "connection_refused"
  /** The connection (TCP or TLS) could not be established: no byte of the request was sent. */
  | "connect_failed"
  /** The PG's host name did not resolve: nothing was sent anywhere. */
  | "dns_failed"
  /** The channel's circuit is open: we did not call the PG at all. */
  | "circuit_open"
  /** The PG refused with a code its documentation defines as "not processed" (maintenance). */
  | "pg_unavailable";

export const NOT_PROCESSED_CAUSES: readonly NotProcessedCause[] = [
  "connection_refused",
  "connect_failed",
  "dns_failed",
  "circuit_open",
  "pg_unavailable",
];

const REFUSED = new Set(["ECONNREFUSED"]);
const DNS = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_NONAME", "EAI_FAIL"]);
// Codes raised while the socket or its TLS session is being set up, before the request is written.
const CONNECT = new Set([
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
  "ERR_SSL_WRONG_VERSION_NUMBER",
  "ERR_SSL_PACKET_LENGTH_TOO_LONG",
  "EPROTO",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

// Node's TLS client says so when the peer closed before the handshake finished: nothing was written.
const BEFORE_TLS = "before secure TLS connection was established";

function classifyOne(error: unknown): NotProcessedCause | undefined {
  const code = codeOf(error);
  if (!code) return undefined;
  if (code === "ECONNRESET" && error instanceof Error && error.message.includes(BEFORE_TLS)) return "connect_failed";
  if (REFUSED.has(code)) return "connection_refused";
  if (DNS.has(code)) return "dns_failed";
  if (CONNECT.has(code)) return "connect_failed";
  return undefined;
}

/**
 * Why `fetch` failed before the request left, from the error it threw (undici puts the socket's
 * error in `cause`; several addresses tried give an AggregateError whose every member must agree).
 * Undefined when the request may have reached the PG (a reset, a close mid-answer, an abort).
 */
export function notSentCauseOf(error: unknown): NotProcessedCause | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (current instanceof AggregateError && current.errors.length > 0) {
      const causes = current.errors.map(classifyOne);
      const first = causes[0];
      return first && causes.every((c) => c === first) ? first : undefined;
    }
    const found = classifyOne(current);
    if (found) return found;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * PG refusal codes whose documentation says the request was not processed because the PG (not the
 * card) is unavailable. Declines are never here: a declined card is not retried elsewhere. Toss's
 * and NICE's references define no such code for card approvals or virtual accounts that we could
 * confirm, so they have none yet; the sandbox's maintenance answer exercises the path.
 */
const UNAVAILABLE_CODES: Record<string, ReadonlySet<string>> = {
  SANDBOX: new Set(["PG_MAINTENANCE"]),
  TOSSPAYMENTS: new Set(),
  NICE: new Set(),
};

/** True when `pgCode` from a channel of `channel` means "the PG is unavailable, nothing processed". */
export function isUnavailableRefusal(channel: { type: string; pg_provider: string }, pgCode: string): boolean {
  const table = channel.type === "TEST" ? UNAVAILABLE_CODES.SANDBOX : UNAVAILABLE_CODES[channel.pg_provider];
  return table?.has(pgCode) ?? false;
}
