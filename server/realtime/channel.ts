// One joined topic on one socket: what RealtimeWeb.RealtimeChannel does in Supabase Realtime.
// The join decides who the channel acts as (access token), what it may do on a private topic
// (realtime.messages policies), and which postgres_changes it receives; afterwards it relays
// broadcast and presence, takes token refreshes, and closes itself when its token expires.
import { randomUUID } from 'node:crypto';
import type { Hub } from './hub.ts';
import type { Access, BroadcastBody, ChannelHost, ChannelPort } from './ports.ts';
import { expiredMessage, resolveAccessToken, type Identity } from './tokens.ts';
import { isUserBroadcast } from './serializer.ts';
import { newPresenceRef, type PresenceDiff } from './presence.ts';
import {
  MAX_PAYLOAD_BYTES,
  MAX_TIMER_MS,
  PRESENCE_CALLS_PER_WINDOW,
  PRESENCE_WINDOW_MS,
} from './limits.ts';

export interface ChannelConfig {
  self: boolean;
  ack: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  replicationReady: boolean;
  postgresChanges: unknown[];
  waitForPostgres: boolean;
}

export type JoinOutcome =
  | { ok: true; response: Record<string, unknown>; afterReply: () => void }
  | { ok: false; reason: string };

type Dict = Record<string, unknown>;
const dict = (v: unknown): Dict =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Dict) : {};
const flag = (v: unknown): boolean => v === true || v === 'true';

/** Reads the join payload's config the tolerant way Supabase does (bad fields fall back). */
export function readConfig(payload: unknown): { config: ChannelConfig; isPrivate: boolean } {
  const config = dict(dict(payload).config);
  const broadcast = dict(config.broadcast);
  const presence = dict(config.presence);
  const pgOptions = dict(config.postgres_changes_options);
  const key = presence.key;
  return {
    isPrivate: flag(config.private),
    config: {
      self: flag(broadcast.self),
      ack: flag(broadcast.ack),
      presenceKey:
        (typeof key === 'string' && key !== '') ||
        typeof key === 'number' ||
        typeof key === 'boolean'
          ? String(key)
          : randomUUID(),
      presenceEnabled: flag(presence.enabled),
      replicationReady: flag(broadcast.replication_ready),
      postgresChanges: Array.isArray(config.postgres_changes)
        ? config.postgres_changes.filter((p) => p !== null && p !== undefined)
        : [],
      waitForPostgres: flag(pgOptions.wait),
    },
  };
}

let channelCounter = 0;

export class Channel implements ChannelPort {
  readonly uid = `c${++channelCounter}`;
  readonly topicKey: string;
  state: 'joining' | 'joined' | 'closed' = 'joining';
  access: Access | null = null;
  presenceEnabled: boolean;
  private expiryTimer: NodeJS.Timeout | undefined;
  private presenceWindow = { count: 0, resetAt: 0 };
  private trackedPayload: string | null = null;

  constructor(
    readonly hub: Hub,
    readonly conn: ChannelHost,
    readonly topic: string,
    readonly subTopic: string,
    readonly joinRef: string | null,
    readonly isPrivate: boolean,
    readonly config: ChannelConfig,
    public identity: Identity,
  ) {
    this.topicKey = `${isPrivate ? 'private' : 'public'}:${subTopic}`;
    this.presenceEnabled = config.presenceEnabled;
  }

  /** Presence owner id: unique across server instances. */
  get owner(): string {
    return `${this.hub.instanceId}/${this.conn.id}/${this.uid}`;
  }

  /** State can change while a join awaits the database; this keeps TypeScript from narrowing. */
  isClosed(): boolean {
    return this.state === 'closed';
  }

  get canReadBroadcast(): boolean {
    return !this.access || this.access.broadcastRead;
  }

  get canReadPresence(): boolean {
    return !this.access || this.access.presenceRead;
  }

  async join(accessToken: unknown): Promise<JoinOutcome> {
    const resolved = await resolveAccessToken(this.hub.deps.keys, this.conn.identity, accessToken);
    if (!resolved.ok) return { ok: false, reason: `${resolved.code}: ${resolved.message}` };
    if (resolved.identity.exp !== undefined && resolved.identity.exp <= Date.now() / 1000) {
      return { ok: false, reason: `InvalidJWTToken: ${expiredMessage(resolved.identity.exp)}` };
    }
    this.identity = resolved.identity;
    if (this.isPrivate) {
      const access = await this.hub.channelAccess(this);
      if (!access.ok) return { ok: false, reason: `Unauthorized: ${access.message}` };
      this.access = access.access;
      if (!access.access.broadcastRead && !access.access.presenceRead) {
        return {
          ok: false,
          reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${this.subTopic}`,
        };
      }
    }
    if (this.isClosed()) return { ok: false, reason: 'Channel closed' };
    const pg = await this.hub.feed.subscribe(this, this.config.postgresChanges);
    if (this.isClosed() || (pg.error && this.config.waitForPostgres)) {
      // Closed while subscribing (socket gone, topic re-joined): nothing may stay registered.
      this.hub.feed.unsubscribe(this);
      return {
        ok: false,
        reason: pg.error ? `RealtimeDisabledForConfiguration: ${pg.error}` : 'Channel closed',
      };
    }
    this.state = 'joined';
    this.hub.addChannel(this);
    this.armExpiry();
    return {
      ok: true,
      response: { postgres_changes: pg.reply },
      afterReply: () => {
        if (this.state !== 'joined') return;
        if (this.config.replicationReady) {
          this.system('system', 'ok', 'Replication connection established');
        }
        if (pg.reply.length) {
          if (pg.error) this.system('postgres_changes', 'error', pg.error);
          else this.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
        }
        if (this.presenceEnabled) this.syncPresence();
      },
    };
  }

  /** A push from the client on this joined channel. */
  async handleIn(event: string, payload: unknown, ref: string | null): Promise<void> {
    switch (event) {
      case 'broadcast':
        return this.handleBroadcast(payload, ref);
      case 'presence':
        return this.handlePresence(payload, ref);
      case 'access_token':
        return this.handleAccessToken(payload);
      default:
        // Supabase ignores unexpected events without a reply.
        return;
    }
  }

  private handleBroadcast(payload: unknown, ref: string | null): void {
    let body: BroadcastBody;
    let size: number;
    if (isUserBroadcast(payload)) {
      body = { kind: 'user', event: payload.event, encoding: payload.encoding, data: payload.data };
      size = payload.data.length;
    } else if (
      payload &&
      typeof payload === 'object' &&
      !Array.isArray(payload) &&
      !Buffer.isBuffer(payload)
    ) {
      body = { kind: 'json', payload: payload as Dict };
      size = Buffer.byteLength(JSON.stringify(payload));
    } else {
      if (this.config.ack)
        this.conn.reply(this, ref, 'error', { reason: 'Broadcast payload must be a map' });
      return;
    }
    if (this.access && !this.access.broadcastWrite) {
      // Supabase drops the message; an ack-ing sender is told instead of left to time out.
      if (this.config.ack) {
        this.conn.reply(this, ref, 'error', {
          reason: `You do not have permissions to write to this Channel topic: ${this.subTopic}`,
        });
      }
      return;
    }
    if (size > MAX_PAYLOAD_BYTES) {
      if (this.config.ack) this.conn.reply(this, ref, 'error', { reason: 'payload_size_exceeded' });
      return;
    }
    this.hub.broadcast(this.topicKey, body, this, this.config.self);
    if (this.config.ack) this.conn.reply(this, ref, 'ok', {});
  }

  private handlePresence(payload: unknown, ref: string | null): void {
    const p = dict(payload);
    const now = Date.now();
    if (now > this.presenceWindow.resetAt)
      this.presenceWindow = { count: 0, resetAt: now + PRESENCE_WINDOW_MS };
    if (++this.presenceWindow.count > PRESENCE_CALLS_PER_WINDOW) {
      this.shutdown('Client presence rate limit exceeded');
      return;
    }
    const event = typeof p.event === 'string' ? p.event.toLowerCase() : '';
    if (event === 'untrack') {
      this.untrack();
      this.conn.reply(this, ref, 'ok', {});
      return;
    }
    if (event !== 'track') {
      this.conn.reply(this, ref, 'error', {});
      return;
    }
    if (this.access && !this.access.presenceWrite) {
      this.conn.reply(this, ref, 'error', {});
      return;
    }
    const meta = p.payload === undefined ? {} : p.payload;
    if (!meta || typeof meta !== 'object' || Array.isArray(meta)) {
      this.conn.reply(this, ref, 'error', { reason: 'Presence track payload must be a map' });
      return;
    }
    const serialized = JSON.stringify(meta);
    if (Buffer.byteLength(serialized) > MAX_PAYLOAD_BYTES) {
      this.shutdown('Track message size exceeded');
      return;
    }
    if (serialized !== this.trackedPayload) {
      const previous = this.hub.presence.get(this.topicKey, this.owner);
      const entry = {
        owner: this.owner,
        key: this.config.presenceKey,
        meta: {
          ...(meta as Dict),
          phx_ref: newPresenceRef(),
          ...(previous ? { phx_ref_prev: previous.meta.phx_ref } : {}),
        },
      };
      this.trackedPayload = serialized;
      this.hub.presenceTrack(this.topicKey, entry);
    }
    this.conn.reply(this, ref, 'ok', {});
    if (!this.presenceEnabled) {
      // Tracking turns presence on for this channel; it never got the join-time state.
      this.presenceEnabled = true;
      this.syncPresence();
    }
  }

  private untrack(): void {
    if (this.trackedPayload === null) return;
    this.trackedPayload = null;
    this.hub.presenceUntrack(this.topicKey, this.owner);
  }

  private async handleAccessToken(payload: unknown): Promise<void> {
    const token = dict(payload).access_token;
    if (typeof token !== 'string' || token === '' || token.startsWith('sb_')) return;
    const resolved = await resolveAccessToken(this.hub.deps.keys, this.conn.identity, token);
    if (this.state !== 'joined') return;
    if (!resolved.ok) {
      this.shutdown(resolved.message);
      return;
    }
    if (resolved.identity.exp !== undefined && resolved.identity.exp <= Date.now() / 1000) {
      this.shutdown(expiredMessage(resolved.identity.exp));
      return;
    }
    const previous = this.access;
    this.identity = resolved.identity;
    if (this.isPrivate) {
      const access = await this.hub.channelAccess(this);
      if (this.state !== 'joined') return;
      if (!access.ok) {
        this.shutdown('Realtime was unable to connect to the project database');
        return;
      }
      const revoked =
        (previous?.broadcastRead && !access.access.broadcastRead) ||
        (previous?.presenceRead && !access.access.presenceRead);
      this.access = access.access;
      if (revoked) {
        this.shutdown(
          `You no longer have permission to read from this Channel topic: ${this.subTopic}`,
        );
        return;
      }
    }
    this.armExpiry();
  }

  private armExpiry(): void {
    clearTimeout(this.expiryTimer);
    const exp = this.identity.exp;
    if (exp === undefined) return;
    const ms = exp * 1000 - Date.now();
    this.expiryTimer = setTimeout(
      () => {
        if (this.state !== 'joined') return;
        if (this.identity.exp !== undefined && this.identity.exp * 1000 <= Date.now()) {
          this.shutdown(expiredMessage(this.identity.exp));
        } else {
          this.armExpiry();
        }
      },
      Math.max(0, Math.min(ms, MAX_TIMER_MS)),
    );
    this.expiryTimer.unref();
  }

  /** Sends the whole presence state of the topic, if this channel may see it. */
  syncPresence(): void {
    if (this.state !== 'joined' || !this.canReadPresence) return;
    this.push('presence_state', this.hub.presence.state(this.topicKey));
  }

  deliverPresenceDiff(diff: PresenceDiff): void {
    if (this.state !== 'joined' || !this.presenceEnabled || !this.canReadPresence) return;
    this.push('presence_diff', diff);
  }

  /** A server push on this channel (system messages, presence), as Phoenix's push/3 sends it. */
  push(event: string, payload: unknown): void {
    this.conn.sendJson(this.joinRef, null, this.topic, event, payload);
  }

  system(extension: string, status: 'ok' | 'error', message: string): void {
    this.push('system', { extension, status, message, channel: this.subTopic });
  }

  /** Closes the channel from the server side with a reason the client can read. */
  shutdown(message: string): void {
    if (this.state === 'closed') return;
    this.system('system', 'error', message);
    this.conn.sendJson(this.joinRef, this.joinRef, this.topic, 'phx_close', {});
    this.conn.forget(this);
    this.close();
  }

  /** Releases everything the channel holds (idempotent). */
  close(): void {
    if (this.state === 'closed') return;
    const wasJoined = this.state === 'joined';
    this.state = 'closed';
    clearTimeout(this.expiryTimer);
    this.hub.feed.unsubscribe(this);
    if (wasJoined) {
      this.untrack();
      this.hub.removeChannel(this);
    }
  }
}
