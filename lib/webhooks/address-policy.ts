import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/** Where an IPv6 address carries an IPv4 one: mapped and compatible (::a.b.c.d), NAT64 64:ff9b::/96, 6to4 2002::/16. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  const words = address.parts;
  const zeroPrefix = words.slice(0, 5).every((w) => w === 0);
  if (zeroPrefix && (words[5] === 0 || words[5] === 0xffff)) return new ipaddr.IPv4(bytes.slice(12));
  if (words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((w) => w === 0))
    return new ipaddr.IPv4(bytes.slice(12));
  if (words[0] === 0x2002) return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

/**
 * Only ordinary public unicast addresses are reachable: loopback, private, link-local, CGNAT,
 * unspecified, multicast, reserved, documentation and Teredo ranges are not, and an IPv6 address
 * embedding an IPv4 one (mapped, NAT64, 6to4) is judged by that IPv4 address (ipaddr.js ranges).
 */
export function isPrivateAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return isIP(address) !== 0;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6") {
    const inner = embeddedIpv4(parsed as ipaddr.IPv6);
    if (inner) return inner.range() !== "unicast";
  }
  return parsed.range() !== "unicast";
}

/**
 * Webhook addresses that are, or resolve to, non-public addresses are refused (SSRF) in every
 * process (web server, `npm run worker`, CLI), unless WEBHOOK_ALLOW_PRIVATE=true. No other
 * setting (NODE_ENV included) changes this.
 */
export function privateAddressesAllowed(): boolean {
  return process.env.WEBHOOK_ALLOW_PRIVATE === "true";
}

export class AddressRefusedError extends Error {
  constructor(readonly address: string) {
    super(`address ${address} is loopback, private or link-local; refused (set WEBHOOK_ALLOW_PRIVATE=true to allow)`);
    this.name = "AddressRefusedError";
  }
}

/** Checks a literal IP host up front: Node skips `lookup` for those. */
export function assertHostAllowed(hostname: string): void {
  const host = hostname.replace(/^\[|\]$/g, "");
  if (!privateAddressesAllowed() && isIP(host) && isPrivateAddress(host)) throw new AddressRefusedError(host);
}

/**
 * A `lookup` for http.request that refuses private answers at connect time, so a name that
 * resolves differently later (DNS rebinding) cannot slip past a check made earlier.
 */
export function guardedLookup(
  hostname: string,
  options: object,
  callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "", 4);
    const list = addresses as LookupAddress[];
    const bad = privateAddressesAllowed() ? undefined : list.find((a) => isPrivateAddress(a.address));
    if (bad) return callback(new AddressRefusedError(bad.address), "", 4);
    if ((options as { all?: boolean }).all) return callback(null, list);
    const first = list[0];
    if (!first) return callback(new Error(`no address for ${hostname}`), "", 4);
    callback(null, first.address, first.family);
  });
}

/** Why a webhook address is refused; the dashboard names the reason in the reader's language. */
export const URL_REFUSALS = [
  "INVALID_URL",
  "NOT_HTTP",
  "CREDENTIALS",
  "HOST_NOT_FOUND",
  "PRIVATE_ADDRESS",
  "NOT_HTTPS",
  "BAD_PORT",
] as const;
export type UrlRefusal = { reason: (typeof URL_REFUSALS)[number]; message: string; host?: string; address?: string };

/**
 * https is required of endpoint addresses unless WEBHOOK_REQUIRE_HTTPS=false, or private
 * addresses are allowed (a receiver on the same host or LAN, the test suites).
 */
export function httpsRequired(): boolean {
  return process.env.WEBHOOK_REQUIRE_HTTPS !== "false" && !privateAddressesAllowed();
}

/** Ports a receiver may listen on: 80, 443 and the unprivileged ones (not ssh, smtp, …). */
function portAllowed(port: string): boolean {
  const n = port === "" ? 0 : Number(port);
  return n === 0 || n === 80 || n === 443 || n >= 1024;
}

/**
 * For the endpoint form: the reason an address is refused, or null. Resolves the name now and
 * refuses private answers, plain http and privileged ports (unless WEBHOOK_ALLOW_PRIVATE=true).
 */
export async function checkWebhookUrl(url: string): Promise<UrlRefusal | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { reason: "INVALID_URL", message: "must be an absolute http(s) URL" };
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    return { reason: "NOT_HTTP", message: "must be an http or https URL" };
  if (parsed.username || parsed.password)
    return { reason: "CREDENTIALS", message: "must not carry a user name or password" };
  if (privateAddressesAllowed()) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  try {
    assertHostAllowed(parsed.hostname);
    if (!isIP(host)) {
      await new Promise<void>((resolve, reject) =>
        guardedLookup(parsed.hostname, {}, (err) => (err ? reject(err) : resolve())),
      );
    }
  } catch (error) {
    if (error instanceof AddressRefusedError)
      return { reason: "PRIVATE_ADDRESS", message: error.message, host, address: error.address };
    return { reason: "HOST_NOT_FOUND", message: `cannot resolve ${host}`, host };
  }
  if (httpsRequired() && parsed.protocol !== "https:")
    return { reason: "NOT_HTTPS", message: "must be an https URL (WEBHOOK_REQUIRE_HTTPS)", host };
  if (!portAllowed(parsed.port))
    return { reason: "BAD_PORT", message: `port ${parsed.port} is not allowed (80, 443 or 1024-65535)`, host };
  return null;
}
