// /realtime/v1 — Supabase Realtime over Phoenix channels on a WebSocket: broadcast, presence and
// postgres_changes, as @supabase/realtime-js uses them. The socket needs a valid `apikey` (the
// API gateway's check); each channel acts as the access token of its join. Change capture,
// private-channel policies and the cross-instance relay live in Postgres (bootstrap.sql).
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { WebSocketServer } from 'ws';
import type { ServiceDeps } from '../gateway/service.ts';
import { apikeyFailureBody } from '../gateway/context.ts';
import { Connection } from './connection.ts';
import { Hub } from './hub.ts';
import { Relay } from './relay.ts';
import { identityFromApikey } from './tokens.ts';
import { createRestBroadcast, visibleHeaders } from './rest-broadcast.ts';
import { IDLE_TIMEOUT_MS, MAX_FRAME_BYTES } from './limits.ts';
import type { Vsn } from './serializer.ts';

const WEBSOCKET_PATH = '/realtime/v1/websocket';
const CLEANUP_EVERY_MS = 60_000;
function refuse(socket: Duplex, status: number, text: string, body: unknown): void {
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  );
}

export function createRealtime(deps: ServiceDeps) {
  const log = (line: string) => console.error(line);
  const hub = new Hub(deps, randomUUID(), log);
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    perMessageDeflate: false,
    clientTracking: false,
  });
  const timers: NodeJS.Timeout[] = [];
  let unlistenMessages: (() => Promise<void>) | null = null;
  let messageQueue: Promise<void> = Promise.resolve();
  let started = false;
  let relay: Relay | null = null;
  let closing = false;

  async function onUpgrade(
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    soleListener: boolean,
  ): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.replace(/\/+$/, '') !== WEBSOCKET_PATH) {
      // Another upgrade handler may own this path; if there is none, do not leave it hanging.
      if (soleListener) refuse(socket, 404, 'Not Found', { message: 'no WebSocket here' });
      return;
    }
    if (closing) {
      refuse(socket, 503, 'Service Unavailable', { message: 'Realtime is shutting down' });
      return;
    }
    const header = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const apikey = url.searchParams.get('apikey') ?? header('apikey') ?? header('x-api-key');
    if (!apikey) {
      refuse(socket, 401, 'Unauthorized', apikeyFailureBody({ kind: 'no_apikey' }));
      return;
    }
    const identity = await identityFromApikey(deps.keys, apikey);
    if (!identity) {
      refuse(socket, 401, 'Unauthorized', apikeyFailureBody({ kind: 'invalid_apikey' }));
      return;
    }
    const vsn = url.searchParams.get('vsn') ?? '1.0.0';
    if (vsn !== '1.0.0' && vsn !== '2.0.0') {
      refuse(socket, 400, 'Bad Request', { message: `Unsupported serializer version: ${vsn}` });
      return;
    }
    const headers = visibleHeaders(Object.entries(req.headers));
    wss.handleUpgrade(req, socket, head, (ws) => {
      if (closing) {
        ws.close(1001, 'server shutting down');
        return;
      }
      hub.connections.add(new Connection(hub, ws, vsn as Vsn, identity, headers));
    });
  }

  /** Broadcast from the database (realtime.send / broadcast_changes): every instance delivers. */
  function onMessage(id: string): void {
    messageQueue = messageQueue
      .then(async () => {
        const { rows } = await deps.db.query<{
          topic: string;
          event: string;
          payload: unknown;
          private: boolean | null;
        }>('select topic, event, payload, private from realtime.messages where id = $1', [id]);
        const m = rows[0];
        if (!m) return;
        const topicKey = `${m.private ? 'private' : 'public'}:${m.topic}`;
        if (!hub.hasListeners(topicKey)) return;
        hub.deliverBroadcast(
          topicKey,
          {
            kind: 'json',
            payload: { type: 'broadcast', event: m.event, payload: m.payload, meta: { id } },
          },
          null,
        );
      })
      .catch((e: unknown) => log(`[realtime] database broadcast failed: ${(e as Error).message}`));
  }

  async function cleanup(): Promise<void> {
    try {
      await deps.db.exec(
        `delete from realtime.change_log where created_at < now() - interval '5 minutes';
         delete from realtime.relay where created_at < now() - interval '5 minutes';
         delete from realtime.listeners where seen_at < now() - interval '10 minutes';
         delete from realtime.messages where inserted_at < now() - interval '3 days';`,
      );
      // PGlite runs no autovacuum worker: without this the log's dead rows would pile up.
      if (deps.db.kind === 'pglite') await deps.db.exec('vacuum realtime.change_log');
    } catch (e) {
      log(`[realtime] cleanup failed: ${(e as Error).message}`);
    }
  }

  return {
    /** The HTTP side under /realtime/v1 (REST broadcast). */
    app: createRestBroadcast(deps, hub),
    /** Takes over WebSocket upgrades on /realtime/v1/websocket. */
    attach(server: Server): void {
      server.on('upgrade', (req, socket, head) => {
        const sole = server.listenerCount('upgrade') === 1;
        onUpgrade(req, socket, head, sole).catch((e: unknown) => {
          log(`[realtime] upgrade failed: ${(e as Error).message}`);
          socket.destroy();
        });
      });
    },
    /** Re-reads the supabase_realtime publication (after migrations) and starts listening. */
    async reload(): Promise<void> {
      await deps.db.query('select realtime.sync_capture()');
      if (started) return;
      started = true;
      await hub.feed.start();
      unlistenMessages = await deps.db.listen('realtime_messages', onMessage);
      if (deps.db.kind === 'postgres') {
        relay = new Relay(deps.db, hub);
        hub.relay = relay;
        await relay.start();
      }
      await cleanup();
      const sweep = setInterval(() => {
        const deadline = Date.now() - IDLE_TIMEOUT_MS;
        for (const conn of hub.connections) {
          if (conn.lastSeen < deadline) conn.close(1000, 'heartbeat timeout');
        }
      }, 5000);
      const clean = setInterval(() => void cleanup(), CLEANUP_EVERY_MS);
      sweep.unref();
      clean.unref();
      timers.push(sweep, clean);
    },
    async close(): Promise<void> {
      closing = true;
      for (const t of timers) clearInterval(t);
      for (const conn of [...hub.connections]) conn.close(1001, 'server shutting down');
      await relay?.stop();
      hub.relay = relay = null;
      await unlistenMessages?.();
      await hub.feed.stop();
      await messageQueue;
      wss.close();
    },
  };
}
