// The shared state of one server instance: which channels listen to which topic, presence, the
// postgres_changes feed, and the relay to other instances on the same PostgreSQL. Channels call in
// here; the hub fans messages out, encoding each one once per serializer version.
// It knows channels, sockets and the relay only through ports.ts, so nothing it imports imports it.
import type { ServiceDeps } from '../gateway/service.ts';
import { ChangeFeed } from './change-feed.ts';
import type { AccessResult, BroadcastBody, ChannelPort, RelayPort, SocketPort } from './ports.ts';
import { PresenceRegistry, type PresenceDiff, type PresenceEntry } from './presence.ts';
import { encodeJson, encodeUserBroadcast, type Vsn } from './serializer.ts';
import type { Identity } from './tokens.ts';

type Log = (line: string) => void;

export class Hub {
  readonly presence = new PresenceRegistry();
  readonly feed: ChangeFeed;
  readonly connections = new Set<SocketPort>();
  relay: RelayPort | null = null;
  private readonly topics = new Map<string, Set<ChannelPort>>();

  constructor(
    readonly deps: ServiceDeps,
    readonly instanceId: string,
    readonly log: Log,
  ) {
    this.feed = new ChangeFeed(deps.db, instanceId, log);
  }

  addChannel(channel: ChannelPort): void {
    let set = this.topics.get(channel.topicKey);
    if (!set) this.topics.set(channel.topicKey, (set = new Set()));
    set.add(channel);
  }

  removeChannel(channel: ChannelPort): void {
    const set = this.topics.get(channel.topicKey);
    if (!set) return;
    set.delete(channel);
    if (set.size === 0) this.topics.delete(channel.topicKey);
  }

  hasListeners(topicKey: string): boolean {
    return this.topics.has(topicKey);
  }

  /** Fans a broadcast out here and, through the relay, on every other instance. */
  broadcast(
    topicKey: string,
    body: BroadcastBody,
    origin: ChannelPort | null,
    includeOrigin: boolean,
  ) {
    this.deliverBroadcast(topicKey, body, includeOrigin ? null : origin);
    this.relay?.publishBroadcast(topicKey, body);
  }

  deliverBroadcast(topicKey: string, body: BroadcastBody, exclude: ChannelPort | null): void {
    const set = this.topics.get(topicKey);
    if (!set) return;
    const frames = new Map<Vsn, string | Buffer | null>();
    for (const channel of set) {
      if (channel === exclude || channel.state !== 'joined' || !channel.canReadBroadcast) continue;
      const vsn = channel.conn.vsn;
      let frame = frames.get(vsn);
      if (frame === undefined) {
        try {
          frame = encodeBroadcast(vsn, channel.topic, body);
        } catch (e) {
          this.log(`[realtime] broadcast on ${topicKey} not encodable: ${(e as Error).message}`);
          frame = null;
        }
        frames.set(vsn, frame);
      }
      if (frame !== null) channel.conn.send(frame);
    }
  }

  presenceTrack(topicKey: string, entry: PresenceEntry): void {
    this.deliverPresence(topicKey, this.presence.put(topicKey, entry));
    this.relay?.publishPresenceTrack(topicKey, entry);
  }

  presenceUntrack(topicKey: string, owner: string): void {
    const diff = this.presence.remove(topicKey, owner);
    if (!diff) return;
    this.deliverPresence(topicKey, diff);
    this.relay?.publishPresenceUntrack(topicKey, owner);
  }

  deliverPresence(topicKey: string, diff: PresenceDiff): void {
    for (const channel of this.topics.get(topicKey) ?? []) channel.deliverPresenceDiff(diff);
  }

  /** What a channel's identity may do on its private topic (realtime.messages policies). */
  channelAccess(channel: ChannelPort): Promise<AccessResult> {
    return this.topicAccess(channel.subTopic, channel.identity, channel.conn.headers);
  }

  /**
   * What an identity may do on a private topic (realtime.messages policies): the one check both
   * socket joins and the REST broadcast endpoint (rest-broadcast.ts) use.
   */
  async topicAccess(
    subTopic: string,
    identity: Identity,
    headers: Record<string, string>,
  ): Promise<AccessResult> {
    try {
      const { rows } = await this.deps.db.query<{ access: Record<string, boolean> }>(
        'select realtime.channel_access($1, $2, $3::jsonb, $4::jsonb) as access',
        [subTopic, identity.role, JSON.stringify(identity.claims), JSON.stringify(headers)],
      );
      const a = rows[0]!.access;
      return {
        ok: true,
        access: {
          broadcastRead: a.broadcast_read === true,
          broadcastWrite: a.broadcast_write === true,
          presenceRead: a.presence_read === true,
          presenceWrite: a.presence_write === true,
        },
      };
    } catch (e) {
      // A policy that raises counts as a refusal, as Supabase's RlsPolicyError does.
      this.log(`[realtime] channel access check failed: ${(e as Error).message}`);
      return {
        ok: false,
        message: `You do not have permissions to read from this Channel topic: ${subTopic}`,
      };
    }
  }
}

function encodeBroadcast(vsn: Vsn, topic: string, body: BroadcastBody): string | Buffer | null {
  if (body.kind === 'json') return encodeJson(vsn, null, null, topic, 'broadcast', body.payload);
  if (vsn === '2.0.0') return encodeUserBroadcast(topic, body);
  // A 1.0.0 socket cannot carry bytes; JSON-encoded user payloads are converted, binary dropped.
  if (body.encoding === 'binary') return null;
  let payload: unknown;
  try {
    payload = JSON.parse(body.data.toString('utf8'));
  } catch {
    return null;
  }
  return encodeJson(vsn, null, null, topic, 'broadcast', {
    type: 'broadcast',
    event: body.event,
    payload,
  });
}
