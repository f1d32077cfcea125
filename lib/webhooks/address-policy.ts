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
  constructor(address: string) {
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

/** For the settings form: resolves the name now and refuses private answers (unless allowed). */
export async function checkWebhookUrl(url: string): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "must be an absolute http(s) URL";
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return "must be an http or https URL";
  if (privateAddressesAllowed()) return null;
  try {
    assertHostAllowed(parsed.hostname);
    if (!isIP(parsed.hostname.replace(/^\[|\]$/g, ""))) {
      await new Promise<void>((resolve, reject) =>
        guardedLookup(parsed.hostname, {}, (err) => (err ? reject(err) : resolve())),
      );
    }
    return null;
  } catch (error) {
    return error instanceof AddressRefusedError ? error.message : `cannot resolve ${parsed.hostname}`;
  }
}
