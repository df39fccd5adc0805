// Which addresses the server may fetch a user-named URL from (docs/security-sql.md). Pure: no I/O.
//
// Only public unicast addresses pass. Refused: loopback, "this network" and unspecified, private
// (10/8, 172.16/12, 192.168/16), CGNAT (100.64/10, where some clouds put their metadata service),
// link-local (169.254/16 with the cloud metadata address, fe80::/10), multicast and broadcast,
// reserved and documentation ranges, IPv6 unique-local (fc00::/7, AWS's fd00:ec2::254 included),
// site-local, discard-only and Teredo; IPv6 forms that carry an IPv4 address (mapped ::ffff:a.b.c.d,
// compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by that IPv4 address; and
// Azure's wire server 168.63.129.16, a public address that answers metadata.
//
// A policy can allow refused addresses: ICAL_ALLOW_PRIVATE_NETWORK=1 allows every one; a comma
// separated list of addresses or CIDR blocks (127.0.0.2, 10.0.0.0/8) allows those. Tests set it to
// reach their own feed server; production never sets it.

export interface AddressPolicy {
  allowAll: boolean;
  allowed: { bytes: Uint8Array; prefix: number }[];
}

export const STRICT: AddressPolicy = { allowAll: false, allowed: [] };

/** 4 bytes for IPv4, 16 for IPv6, or null when `text` is not an IP address. */
export function parseIp(text: string): Uint8Array | null {
  const s = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  return s.includes(':') ? parseIpv6(s) : parseIpv4(s);
}

function parseIpv4(s: string): Uint8Array | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  const out = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const p = parts[i]!;
    if (!/^(0|[1-9][0-9]{0,2})$/.test(p)) return null;
    const n = Number(p);
    if (n > 255) return null;
    out[i] = n;
  }
  return out;
}

function parseIpv6(input: string): Uint8Array | null {
  const s = input.split('%')[0]!; // a zone index (fe80::1%eth0) names no other address
  if (s.length === 0 || s.length > 45) return null;
  let head = s;
  let tail = '';
  const dbl = s.indexOf('::');
  if (dbl !== -1) {
    if (s.indexOf('::', dbl + 1) !== -1) return null;
    head = s.slice(0, dbl);
    tail = s.slice(dbl + 2);
  }
  const groups = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    const pieces = part.split(':');
    for (let i = 0; i < pieces.length; i++) {
      const p = pieces[i]!;
      if (i === pieces.length - 1 && p.includes('.')) {
        const v4 = parseIpv4(p);
        if (!v4) return null;
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else {
        if (!/^[0-9a-fA-F]{1,4}$/.test(p)) return null;
        out.push(parseInt(p, 16));
      }
    }
    return out;
  };
  const h = groups(head);
  const t = groups(tail);
  if (!h || !t) return null;
  if (head.includes('.') && dbl !== -1) return null; // an IPv4 tail only at the very end
  const missing = 8 - h.length - t.length;
  if (dbl === -1 ? missing !== 0 : missing < 1) return null;
  const all = [...h, ...Array<number>(dbl === -1 ? 0 : missing).fill(0), ...t];
  const out = new Uint8Array(16);
  all.forEach((g, i) => {
    out[i * 2] = g >> 8;
    out[i * 2 + 1] = g & 0xff;
  });
  return out;
}

function inBlock(ip: Uint8Array, block: Uint8Array, prefix: number): boolean {
  if (ip.length !== block.length) return false;
  for (let bit = 0; bit < prefix; bit++) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((ip[byte]! & mask) !== (block[byte]! & mask)) return false;
  }
  return true;
}

const cidr = (text: string): [Uint8Array, number, string] => {
  const [addr, len] = text.split('/');
  return [parseIp(addr!)!, Number(len), text];
};

const V4_REFUSED: [Uint8Array, number, string][] = [
  cidr('0.0.0.0/8'), // this network, unspecified
  cidr('10.0.0.0/8'),
  cidr('100.64.0.0/10'), // CGNAT
  cidr('127.0.0.0/8'),
  cidr('169.254.0.0/16'), // link-local, cloud metadata 169.254.169.254
  cidr('172.16.0.0/12'),
  cidr('192.0.0.0/24'), // IETF protocol assignments
  cidr('192.0.2.0/24'), // documentation
  cidr('192.88.99.0/24'), // 6to4 relay anycast
  cidr('192.168.0.0/16'),
  cidr('198.18.0.0/15'), // benchmarking
  cidr('198.51.100.0/24'), // documentation
  cidr('203.0.113.0/24'), // documentation
  cidr('224.0.0.0/4'), // multicast
  cidr('240.0.0.0/4'), // reserved, broadcast
  cidr('168.63.129.16/32'), // Azure wire server (metadata)
];

const V6_REFUSED: [Uint8Array, number, string][] = [
  cidr('::/128'), // unspecified
  cidr('::1/128'), // loopback
  cidr('64:ff9b:1::/48'), // local-use NAT64
  cidr('100::/64'), // discard-only
  cidr('2001::/32'), // Teredo (the IPv4 inside is obfuscated)
  cidr('2001:db8::/32'), // documentation
  cidr('fc00::/7'), // unique local (AWS metadata fd00:ec2::254)
  cidr('fe80::/10'), // link-local
  cidr('fec0::/10'), // site-local
  cidr('ff00::/8'), // multicast
];

const GLOBAL_UNICAST_V6 = cidr('2000::/3');
const MAPPED = cidr('::ffff:0:0/96');
const COMPATIBLE = cidr('::/96');
const NAT64 = cidr('64:ff9b::/96');
const SIX_TO_FOUR = cidr('2002::/16');

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4), if any. */
export function embeddedIpv4(ip: Uint8Array): Uint8Array | null {
  if (ip.length !== 16) return null;
  for (const [block, prefix] of [MAPPED, COMPATIBLE, NAT64]) {
    if (inBlock(ip, block, prefix)) return ip.slice(12, 16);
  }
  if (inBlock(ip, SIX_TO_FOUR[0], SIX_TO_FOUR[1])) return ip.slice(2, 6);
  return null;
}

/** Why this address may not be fetched from, or null when it is a public unicast address. */
export function refusedReason(ip: Uint8Array): string | null {
  if (ip.length === 4) {
    for (const [block, prefix, name] of V4_REFUSED) {
      if (inBlock(ip, block, prefix)) return `in ${name}`;
    }
    return null;
  }
  // ::/128 and ::1/128 are inside ::/96 too: judge them before the embedded IPv4.
  for (const [block, prefix, name] of V6_REFUSED.slice(0, 2)) {
    if (inBlock(ip, block, prefix)) return `in ${name}`;
  }
  const v4 = embeddedIpv4(ip);
  if (v4) {
    const inner = refusedReason(v4);
    return inner ? `carries ${[...v4].join('.')}, ${inner}` : null;
  }
  for (const [block, prefix, name] of V6_REFUSED) {
    if (inBlock(ip, block, prefix)) return `in ${name}`;
  }
  if (!inBlock(ip, GLOBAL_UNICAST_V6[0], GLOBAL_UNICAST_V6[1])) return 'not global unicast';
  return null;
}

/** The policy ICAL_ALLOW_PRIVATE_NETWORK describes (unset, empty or 0: refuse every one). */
export function parsePolicy(setting: string | undefined): AddressPolicy {
  const s = (setting ?? '').trim();
  if (s === '' || s === '0' || s.toLowerCase() === 'false') return STRICT;
  if (s === '1' || s.toLowerCase() === 'true') return { allowAll: true, allowed: [] };
  const allowed = s
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [addr, len] = entry.split('/');
      const bytes = parseIp(addr!);
      if (!bytes) throw new Error(`ICAL_ALLOW_PRIVATE_NETWORK: ${entry} is not an address`);
      const max = bytes.length * 8;
      const prefix = len === undefined ? max : Number(len);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) {
        throw new Error(`ICAL_ALLOW_PRIVATE_NETWORK: ${entry} has a bad prefix length`);
      }
      return { bytes, prefix };
    });
  return { allowAll: false, allowed };
}

/** Null when the policy lets the server fetch from `ip`, otherwise why not. */
export function checkAddress(ip: Uint8Array, policy: AddressPolicy): string | null {
  const reason = refusedReason(ip);
  if (!reason || policy.allowAll) return null;
  const v4 = embeddedIpv4(ip);
  for (const { bytes, prefix } of policy.allowed) {
    if (inBlock(ip, bytes, prefix) || (v4 && inBlock(v4, bytes, prefix))) return null;
  }
  return reason;
}

/** The textual form of an address (for messages and for connecting to it). */
export function formatIp(ip: Uint8Array): string {
  if (ip.length === 4) return [...ip].join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((ip[i]! << 8) | ip[i + 1]!).toString(16));
  // Compress the longest run of zero groups (at least two).
  let best = -1;
  let bestLen = 0;
  for (let i = 0; i < 8;) {
    if (groups[i] !== '0') {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === '0') j++;
    if (j - i > bestLen && j - i >= 2) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  if (best === -1) return groups.join(':');
  return `${groups.slice(0, best).join(':')}::${groups.slice(best + bestLen).join(':')}`;
}
