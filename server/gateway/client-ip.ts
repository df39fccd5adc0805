// The address a request comes from, for per-client rate limits and audit rows. X-Forwarded-For is
// believed only from the proxies named in TRUSTED_PROXIES (addresses or CIDR ranges, none by
// default): the socket's peer is the client unless it is a trusted proxy, and then the header is
// read from its right end, skipping further trusted proxies, as nginx's real_ip_recursive does.
// Anyone else's header is ignored, whatever it claims. See docs/server-hardening.md.
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { BlockList, isIP } from 'node:net';

const bare = (a: string) => (a.startsWith('::ffff:') && isIP(a.slice(7)) === 4 ? a.slice(7) : a);

/** TRUSTED_PROXIES entries ("10.0.0.1", "10.0.0.0/8", "::1", "fd00::/8") as a BlockList. */
export function trustedProxyList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [addr = '', bits] = entry.split('/');
    const family = isIP(addr);
    if (family === 0)
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an address or CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(addr, type);
    else {
      const prefix = Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128))
        throw new Error(`TRUSTED_PROXIES: "${entry}" has a bad prefix length`);
      list.addSubnet(addr, prefix, type);
    }
  }
  return list;
}

function trusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // Requests handed to app.fetch directly (no Node socket) have no peer.
    return undefined;
  }
}

/** The client's address: the peer, or what trusted proxies say they forwarded for. */
export function clientAddress(c: Context, proxies: BlockList): string {
  const peer = peerAddress(c);
  let client = peer === undefined ? 'unknown' : bare(peer);
  if (peer === undefined || !trusted(proxies, client)) return client;
  const hops = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((h) => bare(h.trim()))
    .filter((h) => h !== '');
  while (hops.length > 0) {
    const hop = hops.pop()!;
    if (isIP(hop) === 0) break;
    client = hop;
    if (!trusted(proxies, hop)) break;
  }
  return client;
}
