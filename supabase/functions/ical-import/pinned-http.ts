// One HTTP GET to an address that was checked, with nothing in between that resolves the name
// again (docs/security-sql.md). `fetch` resolves the host itself when it connects, so a check made
// before it leaves a DNS-rebinding window: the name answers a public address to the check and
// 127.0.0.1 to the connection. Here the name is resolved once, every address it has is checked
// (one refused address refuses the URL), and the socket is opened to the checked address itself;
// TLS still verifies the certificate against the URL's host name (SNI and identity).
//
// Built on node:net, node:tls and node:dns, which both Node (the local backend) and Supabase's
// Deno edge runtime provide. HTTP/1.1 with `Connection: close`: one request per connection, the
// body framed by Content-Length, chunked encoding, or the end of the connection.
import dns from 'node:dns';
import net from 'node:net';
import tls from 'node:tls';
import { HttpError } from '../_shared/http.ts';
import { checkAddress, formatIp, parseIp, type AddressPolicy } from './address.ts';

const MAX_HEAD = 64 * 1024;

export class AddressRefused extends HttpError {
  constructor(host: string, address: string, reason: string) {
    super(
      400,
      'address_not_allowed',
      `The feed URL's host ${host} is a local or private address (${address}, ${reason}); only public addresses are fetched`,
    );
  }
}

/** The URL's host resolved and checked: the address to connect to, or an AddressRefused. */
export async function resolveChecked(url: URL, policy: AddressPolicy): Promise<string> {
  const host = url.hostname;
  const literal = parseIp(host);
  let addresses: Uint8Array[];
  if (literal) addresses = [literal];
  else {
    let found: { address: string }[];
    try {
      found = await dns.promises.lookup(host, { all: true, verbatim: true });
    } catch {
      throw new HttpError(502, 'feed_unreachable', `Could not resolve ${host}`);
    }
    addresses = found.map((a) => parseIp(a.address)).filter((a): a is Uint8Array => a !== null);
    if (addresses.length === 0) {
      throw new HttpError(502, 'feed_unreachable', `Could not resolve ${host}`);
    }
  }
  for (const a of addresses) {
    const reason = checkAddress(a, policy);
    if (reason) throw new AddressRefused(host, formatIp(a), reason);
  }
  return formatIp(addresses[0]!);
}

/** Reads a socket's bytes on demand. */
class ByteReader {
  private buf = new Uint8Array(0);
  private done = false;
  constructor(private readonly source: AsyncIterator<Uint8Array>) {}

  private async fill(): Promise<boolean> {
    if (this.done) return false;
    const { value, done } = await this.source.next();
    if (done) {
      this.done = true;
      return false;
    }
    const next = new Uint8Array(this.buf.length + value.byteLength);
    next.set(this.buf);
    next.set(value, this.buf.length);
    this.buf = next;
    return true;
  }

  /** Bytes up to and without `\r\n`; null at the end of the stream before one. */
  async line(max: number): Promise<string | null> {
    for (;;) {
      for (let i = 0; i + 1 < this.buf.length; i++) {
        if (this.buf[i] === 13 && this.buf[i + 1] === 10) {
          const text = new TextDecoder('latin1').decode(this.buf.subarray(0, i));
          this.buf = this.buf.slice(i + 2);
          return text;
        }
      }
      if (this.buf.length > max) throw new Error('line too long');
      if (!(await this.fill())) return null;
    }
  }

  /** Up to `max` bytes (at least one), or null at the end of the stream. */
  async some(max: number): Promise<Uint8Array | null> {
    if (this.buf.length === 0 && !(await this.fill())) return null;
    const n = Math.min(max, this.buf.length);
    const out = this.buf.slice(0, n);
    this.buf = this.buf.slice(n);
    return out;
  }
}

async function* bodyOf(r: ByteReader, headers: Headers): AsyncGenerator<Uint8Array> {
  const te = (headers.get('transfer-encoding') ?? '').toLowerCase();
  if (te.includes('chunked')) {
    for (;;) {
      const sizeLine = await r.line(4096);
      if (sizeLine === null) throw new Error('connection closed inside a chunk');
      const size = parseInt(sizeLine.split(';')[0]!.trim(), 16);
      if (!Number.isFinite(size) || size < 0) throw new Error('bad chunk size');
      if (size === 0) {
        // Trailers, then the empty line.
        for (;;) {
          const t = await r.line(MAX_HEAD);
          if (t === null || t === '') return;
        }
      }
      let left = size;
      while (left > 0) {
        const part = await r.some(left);
        if (!part) throw new Error('connection closed inside a chunk');
        left -= part.byteLength;
        yield part;
      }
      if ((await r.line(2)) !== '') throw new Error('bad chunk end');
    }
  }
  const length = headers.get('content-length');
  if (length !== null) {
    let left = Number(length);
    if (!Number.isSafeInteger(left) || left < 0) throw new Error('bad Content-Length');
    while (left > 0) {
      const part = await r.some(left);
      if (!part) throw new Error('connection closed before the end of the body');
      left -= part.byteLength;
      yield part;
    }
    return;
  }
  for (;;) {
    const part = await r.some(64 * 1024);
    if (!part) return;
    yield part;
  }
}

export interface PinnedRequest {
  url: URL;
  /** The checked address (from resolveChecked) the connection goes to. */
  address: string;
  headers: Record<string, string>;
  signal: AbortSignal;
}

/** GET `url` from `address`; a Response whose body streams from the socket. */
export async function pinnedGet({
  url,
  address,
  headers,
  signal,
}: PinnedRequest): Promise<Response> {
  signal.throwIfAborted();
  const https = url.protocol === 'https:';
  const port = url.port ? Number(url.port) : https ? 443 : 80;
  const hostIsName = parseIp(url.hostname) === null;
  const socket: net.Socket = https
    ? tls.connect({
        host: address,
        port,
        // SNI and the certificate check use the URL's name, never the address.
        ...(hostIsName ? { servername: url.hostname } : {}),
        checkServerIdentity: (_host, cert) =>
          tls.checkServerIdentity(hostIsName ? url.hostname : address, cert),
        ALPNProtocols: ['http/1.1'],
      })
    : net.connect({ host: address, port });
  // Errors reach the caller through the connect promise and the body's reads.
  socket.on('error', () => undefined);
  const onAbort = () => socket.destroy(signal.reason instanceof Error ? signal.reason : undefined);
  signal.addEventListener('abort', onAbort, { once: true });
  const release = () => signal.removeEventListener('abort', onAbort);
  socket.once('close', release);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once(https ? 'secureConnect' : 'connect', () => resolve());
      socket.once('error', reject);
      socket.once('close', () => reject(signal.reason ?? new Error('connection closed')));
    });
    const target = `${url.pathname || '/'}${url.search}`;
    const lines = [
      `GET ${target} HTTP/1.1`,
      `Host: ${url.host}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      'Accept-Encoding: identity',
      'Connection: close',
      '',
      '',
    ];
    socket.write(lines.join('\r\n'));
    const reader = new ByteReader(socket[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>);
    let status = 0;
    const resHeaders = new Headers();
    // Skip interim answers (1xx) to the final one.
    while (status < 200) {
      const statusLine = await reader.line(MAX_HEAD);
      if (statusLine === null) throw new Error('no HTTP answer');
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
      if (!m) throw new Error('not an HTTP answer');
      status = Number(m[1]);
      let size = 0;
      for (;;) {
        const h = await reader.line(MAX_HEAD);
        if (h === null) throw new Error('connection closed in the headers');
        if (h === '') break;
        size += h.length;
        if (size > MAX_HEAD) throw new Error('headers too large');
        const colon = h.indexOf(':');
        if (colon <= 0) continue;
        if (status >= 200) resHeaders.append(h.slice(0, colon).trim(), h.slice(colon + 1).trim());
      }
    }
    if (status > 599) throw new Error('not an HTTP status');
    const empty = status === 204 || status === 205 || status === 304;
    const chunks = bodyOf(reader, resHeaders);
    const body = empty
      ? null
      : new ReadableStream<Uint8Array>({
          async pull(controller) {
            try {
              const { value, done } = await chunks.next();
              if (done) {
                controller.close();
                socket.destroy();
              } else controller.enqueue(value);
            } catch (e) {
              socket.destroy();
              controller.error(signal.aborted ? signal.reason : e);
            }
          },
          cancel() {
            socket.destroy();
          },
        });
    if (empty) socket.destroy();
    return new Response(body, { status, headers: resHeaders });
  } catch (e) {
    socket.destroy();
    throw signal.aborted ? signal.reason : e;
  }
}
