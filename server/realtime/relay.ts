// Several server instances on one PostgreSQL: broadcasts and presence of one instance must reach
// the sockets of the others (postgres_changes need no relay — every instance reads the change log
// itself). Messages travel as NOTIFY on `realtime_relay`; one too large for NOTIFY's 8000 bytes
// goes through realtime.relay and the notification carries its id. Instances announce themselves
// (hello → everyone answers with its presence entries), beat every few seconds, and say bye on
// shutdown; the presence of an instance that stops beating is dropped.
import type { Database } from '../db/types.ts';
import type { Hub } from './hub.ts';
import type { BroadcastBody, RelayPort } from './ports.ts';
import type { PresenceEntry } from './presence.ts';

const CHANNEL = 'realtime_relay';
const NOTIFY_LIMIT = 7800;
const BEAT_MS = 5000;
const PEER_TIMEOUT_MS = 16_000;

type WireBody =
  | { kind: 'user'; event: string; encoding: 'json' | 'binary'; data: string }
  | { kind: 'json'; payload: Record<string, unknown> };

type RelayMessage =
  | { k: 'b'; i: string; t: string; b: WireBody }
  | { k: 'pt'; i: string; t: string; e: PresenceEntry }
  | { k: 'pu'; i: string; t: string; o: string }
  | { k: 'hello'; i: string }
  | { k: 'state'; i: string; to: string; entries: Array<{ t: string; e: PresenceEntry }> }
  | { k: 'beat'; i: string }
  | { k: 'bye'; i: string };

type Envelope = RelayMessage | { k: 'ref'; i: string; id: number };

export class Relay implements RelayPort {
  private readonly peers = new Map<string, number>();
  private outbound: Promise<void> = Promise.resolve();
  private inbound: Promise<void> = Promise.resolve();
  private unlisten: (() => Promise<void>) | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly hub: Hub,
  ) {}

  private get id(): string {
    return this.hub.instanceId;
  }

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(CHANNEL, (text) => {
      this.inbound = this.inbound
        .then(() => this.receive(text))
        .catch((e: unknown) =>
          this.hub.log(`[realtime] relay receive failed: ${(e as Error).message}`),
        );
    });
    this.send({ k: 'hello', i: this.id });
    this.timer = setInterval(() => {
      this.send({ k: 'beat', i: this.id });
      const now = Date.now();
      for (const [peer, seen] of this.peers) {
        if (now - seen > PEER_TIMEOUT_MS) this.dropPeer(peer);
      }
    }, BEAT_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.send({ k: 'bye', i: this.id });
    await this.outbound;
    await this.unlisten?.();
    this.unlisten = null;
  }

  publishBroadcast(topic: string, body: BroadcastBody): void {
    if (!this.peers.size) return;
    const b: WireBody =
      body.kind === 'user'
        ? {
            kind: 'user',
            event: body.event,
            encoding: body.encoding,
            data: body.data.toString('base64'),
          }
        : body;
    this.send({ k: 'b', i: this.id, t: topic, b });
  }

  publishPresenceTrack(topic: string, entry: PresenceEntry): void {
    if (this.peers.size) this.send({ k: 'pt', i: this.id, t: topic, e: entry });
  }

  publishPresenceUntrack(topic: string, owner: string): void {
    if (this.peers.size) this.send({ k: 'pu', i: this.id, t: topic, o: owner });
  }

  /** Sends in order: one NOTIFY at a time, large bodies through the relay table. */
  private send(message: RelayMessage): void {
    const text = JSON.stringify(message);
    this.outbound = this.outbound
      .then(async () => {
        if (Buffer.byteLength(text) <= NOTIFY_LIMIT) {
          await this.db.query('select pg_notify($1, $2)', [CHANNEL, text]);
          return;
        }
        const { rows } = await this.db.query<{ id: number }>(
          'insert into realtime.relay (body) values ($1) returning id',
          [text],
        );
        const ref: Envelope = { k: 'ref', i: this.id, id: rows[0]!.id };
        await this.db.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(ref)]);
      })
      .catch((e: unknown) => this.hub.log(`[realtime] relay send failed: ${(e as Error).message}`));
  }

  private async receive(text: string): Promise<void> {
    let envelope: Envelope = JSON.parse(text) as Envelope;
    if (envelope.i === this.id) return;
    if (envelope.k === 'ref') {
      const { rows } = await this.db.query<{ body: string }>(
        'select body from realtime.relay where id = $1',
        [envelope.id],
      );
      if (!rows.length) return;
      envelope = JSON.parse(rows[0]!.body) as RelayMessage;
    }
    const message = envelope;
    const known = this.peers.has(message.i);
    this.peers.set(message.i, Date.now());
    switch (message.k) {
      case 'hello':
      case 'beat':
        // A new peer (or one we lost track of) gets our presence so its sockets see everyone.
        if (message.k === 'hello' || !known) {
          this.send({
            k: 'state',
            i: this.id,
            to: message.i,
            entries: this.hub.presence
              .entriesOwnedBy(`${this.id}/`)
              .map(({ topic, entry }) => ({ t: topic, e: entry })),
          });
        }
        return;
      case 'state': {
        if (message.to !== this.id) return;
        // The handover is the peer's whole truth: entries we hold for it and it lacks are gone.
        const kept = new Set(message.entries.map(({ t, e }) => `${t}\u0000${e.owner}`));
        for (const { topic, entry } of this.hub.presence.entriesOwnedBy(`${message.i}/`)) {
          if (kept.has(`${topic}\u0000${entry.owner}`)) continue;
          const diff = this.hub.presence.remove(topic, entry.owner);
          if (diff) this.hub.deliverPresence(topic, diff);
        }
        for (const { t, e } of message.entries) {
          if (!e.owner.startsWith(`${message.i}/`)) continue;
          const current = this.hub.presence.get(t, e.owner);
          if (current?.meta.phx_ref === e.meta.phx_ref) continue;
          this.hub.deliverPresence(t, this.hub.presence.put(t, e));
        }
        return;
      }
      case 'bye':
        this.dropPeer(message.i);
        return;
      case 'b': {
        const body: BroadcastBody =
          message.b.kind === 'user'
            ? { ...message.b, data: Buffer.from(message.b.data, 'base64') }
            : message.b;
        this.hub.deliverBroadcast(message.t, body, null);
        return;
      }
      case 'pt':
        if (!message.e.owner.startsWith(`${message.i}/`)) return;
        this.hub.deliverPresence(message.t, this.hub.presence.put(message.t, message.e));
        return;
      case 'pu': {
        if (!message.o.startsWith(`${message.i}/`)) return;
        const diff = this.hub.presence.remove(message.t, message.o);
        if (diff) this.hub.deliverPresence(message.t, diff);
        return;
      }
    }
  }

  private dropPeer(peer: string): void {
    this.peers.delete(peer);
    for (const { topic, diff } of this.hub.presence.removeOwnedBy(`${peer}/`)) {
      this.hub.deliverPresence(topic, diff);
    }
  }
}
