// Phoenix wire formats as @supabase/realtime-js 2.119 speaks them (lib/serializer.ts there, and
// Supabase Realtime's RealtimeWeb.Socket.V2Serializer): vsn 1.0.0 sends JSON objects; vsn 2.0.0
// sends JSON arrays [join_ref, ref, topic, event, payload] plus binary frames for broadcasts.

export type Vsn = '1.0.0' | '2.0.0';

export interface InboundMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A broadcast whose user payload travels as raw bytes or as JSON bytes (v2 binary frames). */
export interface UserBroadcast {
  event: string;
  encoding: 'json' | 'binary';
  data: Buffer;
}

export class ProtocolError extends Error {}

const KIND_PUSH = 0;
const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;

function asRef(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  throw new ProtocolError('ref must be a string');
}

function checked(topic: unknown, event: unknown): { topic: string; event: string } {
  if (typeof topic !== 'string' || typeof event !== 'string') {
    throw new ProtocolError('topic and event must be strings');
  }
  return { topic, event };
}

/** Decodes one text frame; throws ProtocolError on anything that is not a Phoenix message. */
export function decodeText(vsn: Vsn, text: string): InboundMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ProtocolError('frame is not JSON');
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length < 5) {
      throw new ProtocolError('expected V2 array [join_ref, ref, topic, event, payload]');
    }
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    return { joinRef: asRef(joinRef), ref: asRef(ref), ...checked(topic, event), payload };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ProtocolError('expected a message object');
  }
  const m = parsed as Record<string, unknown>;
  return {
    joinRef: asRef(m.join_ref),
    ref: asRef(m.ref),
    ...checked(m.topic, m.event),
    payload: m.payload,
  };
}

/**
 * Decodes a v2 binary frame. A user broadcast push (kind 3) becomes a `broadcast` message whose
 * payload is a UserBroadcast; a plain push with a binary payload (kind 0) keeps its bytes.
 */
export function decodeBinary(buf: Buffer): InboundMessage {
  const need = (n: number) => {
    if (buf.length < n) throw new ProtocolError('truncated binary frame');
  };
  need(1);
  const kind = buf[0];
  const text = (start: number, len: number) => buf.toString('utf8', start, start + len);
  if (kind === KIND_USER_BROADCAST_PUSH) {
    need(7);
    const [joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] = [
      buf[1]!,
      buf[2]!,
      buf[3]!,
      buf[4]!,
      buf[5]!,
      buf[6]!,
    ];
    let off = 7;
    need(off + joinRefLen + refLen + topicLen + eventLen + metaLen);
    const joinRef = text(off, joinRefLen);
    off += joinRefLen;
    const ref = text(off, refLen);
    off += refLen;
    const topic = text(off, topicLen);
    off += topicLen;
    const event = text(off, eventLen);
    off += eventLen + metaLen;
    if (encoding !== 0 && encoding !== 1) throw new ProtocolError('unknown payload encoding');
    const data = buf.subarray(off);
    const broadcast: UserBroadcast = {
      event,
      encoding: encoding === 1 ? 'json' : 'binary',
      data,
    };
    return {
      joinRef: joinRef || null,
      ref: ref || null,
      topic,
      event: 'broadcast',
      payload: broadcast,
    };
  }
  if (kind === KIND_PUSH) {
    need(5);
    const [joinRefLen, refLen, topicLen, eventLen] = [buf[1]!, buf[2]!, buf[3]!, buf[4]!];
    let off = 5;
    need(off + joinRefLen + refLen + topicLen + eventLen);
    const joinRef = text(off, joinRefLen);
    off += joinRefLen;
    const ref = text(off, refLen);
    off += refLen;
    const topic = text(off, topicLen);
    off += topicLen;
    const event = text(off, eventLen);
    off += eventLen;
    return {
      joinRef: joinRef || null,
      ref: ref || null,
      topic,
      event,
      payload: buf.subarray(off),
    };
  }
  throw new ProtocolError(`unknown binary frame kind ${kind}`);
}

export function isUserBroadcast(v: unknown): v is UserBroadcast {
  return (
    !!v &&
    typeof v === 'object' &&
    'encoding' in v &&
    'data' in v &&
    Buffer.isBuffer((v as UserBroadcast).data)
  );
}

/** Encodes a JSON message for one serializer version. */
export function encodeJson(
  vsn: Vsn,
  joinRef: string | null,
  ref: string | null,
  topic: string,
  event: string,
  payload: unknown,
): string {
  return vsn === '2.0.0'
    ? JSON.stringify([joinRef, ref, topic, event, payload])
    : JSON.stringify({ join_ref: joinRef, ref, topic, event, payload });
}

/** The v2 binary frame a v2 subscriber receives for a user broadcast (kind 4). */
export function encodeUserBroadcast(topic: string, b: UserBroadcast): Buffer {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(b.event, 'utf8');
  if (topicBytes.length > 255 || eventBytes.length > 255) {
    throw new ProtocolError('topic or event longer than 255 bytes');
  }
  const header = Buffer.from([
    KIND_USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    0,
    b.encoding === 'json' ? 1 : 0,
  ]);
  return Buffer.concat([header, topicBytes, eventBytes, b.data]);
}
