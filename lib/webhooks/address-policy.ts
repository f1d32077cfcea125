import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";
import { isProduction } from "@/lib/env";

/** Loopback, private, link-local, unspecified, CGNAT and multicast ranges (IPv4 and IPv6). */
const blocked = new BlockList();
for (const [net, bits] of [["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12], ["192.168.0.0", 16], ["224.0.0.0", 4], ["240.0.0.0", 4]] as const) {
  blocked.addSubnet(net, bits, "ipv4");
}
// BlockList matches IPv4-mapped IPv6 (::ffff:7f00:1) against the IPv4 ranges too.
for (const [net, bits] of [["::", 128], ["::1", 128], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8]] as const) blocked.addSubnet(net, bits, "ipv6");

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  return family === 6 && blocked.check(address, "ipv6");
}

/**
 * In production, webhook addresses that resolve to loopback, private or link-local addresses are
 * refused (SSRF), unless WEBHOOK_ALLOW_PRIVATE=true. Development and tests allow them.
 */
export function privateAddressesAllowed(): boolean {
  if (process.env.WEBHOOK_ALLOW_PRIVATE === "true") return true;
  if (process.env.WEBHOOK_ALLOW_PRIVATE === "false") return false;
  return !isProduction();
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
export function guardedLookup(hostname: string, options: object, callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void): void {
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

/** For the settings form: resolves the name now and refuses private answers (production only). */
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
      await new Promise<void>((resolve, reject) => guardedLookup(parsed.hostname, {}, (err) => (err ? reject(err) : resolve())));
    }
    return null;
  } catch (error) {
    return error instanceof AddressRefusedError ? error.message : `cannot resolve ${parsed.hostname}`;
  }
}
