// The shapes the realtime modules know each other by, so their imports run one way:
// ports <- change-feed <- hub <- relay, channel, rest-broadcast <- connection <- index.
// The hub and the change feed hold channels, sockets and the relay only through these interfaces;
// the classes that implement them (Channel, Connection, Relay) import the hub, never the reverse.
import type { PresenceDiff, PresenceEntry } from './presence.ts';
import type { Vsn } from './serializer.ts';
import type { Identity } from './tokens.ts';

/** A broadcast on its way to subscribers: raw from a v2 binary push, or a JSON payload map. */
export type BroadcastBody =
  | { kind: 'user'; event: string; encoding: 'json' | 'binary'; data: Buffer }
  | { kind: 'json'; payload: Record<string, unknown> };

/** What an identity may do on a private topic (the realtime.messages policies). */
export interface Access {
  broadcastRead: boolean;
  broadcastWrite: boolean;
  presenceRead: boolean;
  presenceWrite: boolean;
}

export type AccessResult = { ok: true; access: Access } | { ok: false; message: string };

/** What the hub and the change feed need of a client socket (Connection implements it). */
export interface SocketPort {
  readonly id: string;
  readonly vsn: Vsn;
  /** Who the socket's apikey stands for. */
  readonly identity: Identity;
  readonly headers: Record<string, string>;
  lastSeen: number;
  send(frame: string | Buffer): void;
  close(code: number, reason: string): void;
}

/** What a channel needs of the socket it lives on (Connection implements it). */
export interface ChannelHost extends SocketPort {
  sendJson(
    joinRef: string | null,
    ref: string | null,
    topic: string,
    event: string,
    payload: unknown,
  ): void;
  reply(channel: ChannelPort, ref: string | null, status: 'ok' | 'error', response: unknown): void;
  /** Removes a channel the server closed on its own. */
  forget(channel: ChannelPort): void;
}

/** What the hub and the change feed need of a joined channel (Channel implements it). */
export interface ChannelPort {
  readonly topic: string;
  readonly topicKey: string;
  readonly subTopic: string;
  readonly joinRef: string | null;
  readonly state: 'joining' | 'joined' | 'closed';
  readonly canReadBroadcast: boolean;
  readonly identity: Identity;
  readonly conn: SocketPort;
  deliverPresenceDiff(diff: PresenceDiff): void;
}

/** What the hub tells the other instances (Relay implements it). */
export interface RelayPort {
  publishBroadcast(topic: string, body: BroadcastBody): void;
  publishPresenceTrack(topic: string, entry: PresenceEntry): void;
  publishPresenceUntrack(topic: string, owner: string): void;
}
