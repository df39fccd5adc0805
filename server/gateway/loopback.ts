// Loopback checks for what only a developer on this machine may reach (/_dev/*). A web page the
// developer visits can point its own name at 127.0.0.1 (DNS rebinding); its requests then carry
// that name in Host and its origin in Origin, which these checks refuse. See
// docs/server-hardening.md.
import { isIP } from 'node:net';

/** 127.0.0.0/8, ::1 and the IPv4-mapped 127.x as IPv6. */
export function isLoopbackAddress(a: string): boolean {
  const bare = a.startsWith('::ffff:') ? a.slice(7) : a;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1' || bare === '0:0:0:0:0:0:0:1';
}

/** A Host header (name or address, optional port) naming this machine's loopback. */
export function isLoopbackHostHeader(host: string | undefined): boolean {
  if (!host) return false;
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+))(?::\d{1,5})?$/.exec(host.trim());
  if (!m) return false;
  const name = (m[1] ?? m[2] ?? '').toLowerCase();
  return name === 'localhost' || isLoopbackAddress(name);
}

/** An Origin header whose host is loopback (`null` and anything unparsable are not). */
export function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return isLoopbackHostHeader(url.host);
}
