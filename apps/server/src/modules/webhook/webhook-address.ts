import dns from 'node:dns';
import net from 'node:net';

/**
 * Where a webhook may not go from a production server (SSRF): loopback, private, link-local (cloud metadata at
 * 169.254.169.254), carrier-grade NAT, multicast and reserved ranges, and their IPv6 forms. The check is made on
 * the address the request actually connects to (the `lookup` below), so a name that resolves differently at
 * delivery than when the endpoint was saved (DNS rebinding) is caught too.
 */
const BLOCKED = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  BLOCKED.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(address, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is that IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? BLOCKED.check(mapped[1]!, 'ipv4') : BLOCKED.check(address, 'ipv6');
}

/** The host's addresses, or null when it does not resolve. */
async function addressesOf(host: string): Promise<string[] | null> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (net.isIP(bare)) return [bare];
  try {
    return (await dns.promises.lookup(bare, { all: true })).map((a) => a.address);
  } catch {
    return null;
  }
}

/** Why a URL may not be an endpoint (`private`, `unresolved`), or null. Private addresses only when allowed. */
export async function urlProblem(url: string, allowPrivate: boolean): Promise<'private' | 'unresolved' | null> {
  if (allowPrivate) return null;
  const addresses = await addressesOf(new URL(url).hostname);
  if (!addresses || addresses.length === 0) return 'unresolved';
  return addresses.some(isPrivateAddress) ? 'private' : null;
}

/** A `lookup` for http(s).request that refuses private addresses (unless allowed) at connection time. */
export function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as unknown as dns.LookupAddress[];
      const allowed = allowPrivate ? list : list.filter((a) => !isPrivateAddress(a.address));
      if (allowed.length === 0)
        return callback(
          Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATE' }),
          '',
          0,
        );
      if ((options as dns.LookupOptions).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}
