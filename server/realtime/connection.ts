// One WebSocket: Phoenix's socket layer (Phoenix.Socket) — heartbeats, phx_join / phx_leave,
// replies, routing pushes to the joined channel — plus the per-client limits. Messages of one
// socket are handled in arrival order; heartbeats are answered at once.
import { WebSocket, type RawData } from 'ws';
import { Channel, readConfig } from './channel.ts';
import type { Hub } from './hub.ts';
import type { ChannelHost, ChannelPort } from './ports.ts';
import type { Identity } from './tokens.ts';
import {
  decodeBinary,
  decodeText,
  encodeJson,
  ProtocolError,
  type InboundMessage,
  type Vsn,
} from './serializer.ts';
import {
  MAX_BUFFERED_BYTES,
  MAX_CHANNELS_PER_SOCKET,
  MAX_FRAMES_PER_SECOND,
  MAX_JOINS_PER_SECOND,
  MAX_MESSAGES_PER_SECOND,
} from './limits.ts';

let connectionCounter = 0;

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

export class Connection implements ChannelHost {
  readonly id = `s${++connectionCounter}`;
  readonly channels = new Map<string, Channel>();
  lastSeen = Date.now();
  closed = false;
  private queue: Promise<void> = Promise.resolve();
  private joinWindow = { count: 0, resetAt: 0 };
  private rateWindow = { frames: 0, messages: 0, resetAt: 0 };

  constructor(
    readonly hub: Hub,
    readonly ws: WebSocket,
    readonly vsn: Vsn,
    /** Who the socket's apikey stands for: a channel's identity when it sends no token. */
    readonly identity: Identity,
    readonly headers: Record<string, string>,
  ) {
    ws.on('message', (data, isBinary) => this.onFrame(data, isBinary));
    ws.on('close', () => this.onClose());
    ws.on('error', () => this.onClose());
  }

  private onFrame(data: RawData, isBinary: boolean): void {
    this.lastSeen = Date.now();
    let msg: InboundMessage;
    try {
      if (isBinary && this.vsn !== '2.0.0') throw new ProtocolError('binary frames need vsn 2.0.0');
      msg = isBinary
        ? decodeBinary(toBuffer(data))
        : decodeText(this.vsn, toBuffer(data).toString('utf8'));
    } catch (e) {
      // Phoenix drops a socket it cannot read; nothing a client sends may reach the process.
      if (e instanceof ProtocolError) this.close(1007, `invalid message: ${e.message}`);
      else {
        this.hub.log(`[realtime] unreadable frame: ${(e as Error).message}`);
        this.close(1011, 'internal error');
      }
      return;
    }
    const now = this.lastSeen;
    if (now >= this.rateWindow.resetAt)
      this.rateWindow = { frames: 0, messages: 0, resetAt: now + 1000 };
    const counted = msg.event !== 'phx_join' && msg.topic !== 'phoenix';
    if (
      ++this.rateWindow.frames > MAX_FRAMES_PER_SECOND ||
      (counted && ++this.rateWindow.messages > MAX_MESSAGES_PER_SECOND)
    ) {
      this.close(1008, 'Too many messages per second');
      return;
    }
    if (msg.topic === 'phoenix' && msg.event === 'heartbeat') {
      this.sendJson(null, msg.ref, 'phoenix', 'phx_reply', { status: 'ok', response: {} });
      return;
    }
    this.queue = this.queue
      .then(() => this.handle(msg))
      .catch((e: unknown) => {
        this.hub.log(`[realtime] ${msg.event} on ${msg.topic} failed: ${(e as Error).message}`);
        if (msg.event === 'phx_join') {
          this.replyTo(msg, 'error', { reason: 'Unknown Error on Channel' });
        }
      });
  }

  private async handle(msg: InboundMessage): Promise<void> {
    if (this.closed) return;
    if (msg.event === 'phx_join') return this.join(msg);
    const channel = this.channels.get(msg.topic);
    if (!channel || (msg.joinRef !== null && msg.joinRef !== channel.joinRef)) {
      this.replyTo(msg, 'error', { reason: 'unmatched topic' });
      return;
    }
    if (msg.event === 'phx_leave') {
      this.channels.delete(msg.topic);
      channel.close();
      this.replyTo(msg, 'ok', {});
      return;
    }
    if (channel.state !== 'joined') return;
    await channel.handleIn(msg.event, msg.payload, msg.ref);
  }

  private async join(msg: InboundMessage): Promise<void> {
    if (!msg.topic.startsWith('realtime:')) {
      this.replyTo(msg, 'error', { reason: 'unmatched topic' });
      return;
    }
    const subTopic = msg.topic.slice('realtime:'.length);
    if (!subTopic) {
      this.replyTo(msg, 'error', { reason: 'TopicNameRequired: You must provide a topic name' });
      return;
    }
    if (Buffer.byteLength(msg.topic) > 255) {
      this.replyTo(msg, 'error', {
        reason: 'TopicNameTooLong: Topic names are limited to 255 bytes',
      });
      return;
    }
    const now = Date.now();
    if (now >= this.joinWindow.resetAt) this.joinWindow = { count: 0, resetAt: now + 1000 };
    if (++this.joinWindow.count > MAX_JOINS_PER_SECOND) {
      this.replyTo(msg, 'error', {
        reason: 'ClientJoinRateLimitReached: Too many joins per second',
      });
      return;
    }
    const existing = this.channels.get(msg.topic);
    if (existing) {
      // Phoenix closes the old channel of a duplicate join; its join_ref is now outdated.
      this.sendJson(existing.joinRef, existing.joinRef, existing.topic, 'phx_close', {});
      this.channels.delete(msg.topic);
      existing.close();
    }
    if (this.channels.size >= MAX_CHANNELS_PER_SOCKET) {
      this.replyTo(msg, 'error', { reason: 'ChannelRateLimitReached: Too many channels' });
      return;
    }
    const payload = msg.payload && typeof msg.payload === 'object' ? msg.payload : {};
    const { config, isPrivate } = readConfig(payload);
    const channel = new Channel(
      this.hub,
      this,
      msg.topic,
      subTopic,
      msg.joinRef ?? msg.ref,
      isPrivate,
      config,
      this.identity,
    );
    this.channels.set(msg.topic, channel);
    const token =
      (payload as Record<string, unknown>).access_token ??
      (payload as Record<string, unknown>).user_token;
    let outcome;
    try {
      outcome = await channel.join(token);
    } catch (e) {
      if (this.channels.get(msg.topic) === channel) this.channels.delete(msg.topic);
      channel.close();
      throw e;
    }
    const current = this.channels.get(msg.topic) === channel;
    if (this.closed || !current || !outcome.ok) {
      if (current) this.channels.delete(msg.topic);
      channel.close();
      if (!outcome.ok && !this.closed) this.replyTo(msg, 'error', { reason: outcome.reason });
      return;
    }
    this.replyTo(msg, 'ok', outcome.response);
    outcome.afterReply();
  }

  /** Removes a channel the server closed on its own. */
  forget(channel: ChannelPort): void {
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
  }

  reply(channel: ChannelPort, ref: string | null, status: 'ok' | 'error', response: unknown): void {
    if (ref === null) return;
    this.sendJson(channel.joinRef, ref, channel.topic, 'phx_reply', { status, response });
  }

  private replyTo(msg: InboundMessage, status: 'ok' | 'error', response: unknown): void {
    if (msg.ref === null) return;
    this.sendJson(msg.joinRef, msg.ref, msg.topic, 'phx_reply', { status, response });
  }

  sendJson(
    joinRef: string | null,
    ref: string | null,
    topic: string,
    event: string,
    payload: unknown,
  ) {
    this.send(encodeJson(this.vsn, joinRef, ref, topic, event, payload));
  }

  send(frame: string | Buffer): void {
    if (this.closed || this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.close(1013, 'outbound buffer full: the client does not read fast enough');
      return;
    }
    this.ws.send(frame);
  }

  close(code: number, reason: string): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) {
      this.ws.close(code, reason.slice(0, 120));
    }
    this.onClose();
  }

  private onClose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const channel of this.channels.values()) channel.close();
    this.channels.clear();
    this.hub.connections.delete(this);
    // A socket that never completes the closing handshake must not linger.
    setTimeout(() => this.ws.terminate(), 5000).unref();
  }
}
