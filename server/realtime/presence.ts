// Presence state per topic, shaped as Phoenix.Presence sends it: `presence_state` is
// { key: { metas: [{ phx_ref, ...payload }] } } and `presence_diff` is { joins, leaves } of the
// same shape. Each channel owns at most one entry per topic; re-tracking replaces it (a join of
// the new meta with phx_ref_prev plus a leave of the old one, as Phoenix.Tracker.update does).
// Owners are "<instance>/<channel>" so entries relayed from other server instances live here too.
import { randomBytes } from 'node:crypto';

export type Meta = Record<string, unknown> & { phx_ref: string; phx_ref_prev?: string };
export type PresenceGroup = Record<string, { metas: Meta[] }>;
export interface PresenceDiff {
  joins: PresenceGroup;
  leaves: PresenceGroup;
}

export interface PresenceEntry {
  owner: string;
  key: string;
  meta: Meta;
}

export function newPresenceRef(): string {
  return randomBytes(12).toString('base64url');
}

function group(entries: Iterable<PresenceEntry>): PresenceGroup {
  const out: PresenceGroup = Object.create(null) as PresenceGroup;
  for (const e of entries) (out[e.key] ??= { metas: [] }).metas.push(e.meta);
  return out;
}

export class PresenceRegistry {
  private readonly topics = new Map<string, Map<string, PresenceEntry>>();

  state(topic: string): PresenceGroup {
    return group(this.topics.get(topic)?.values() ?? []);
  }

  get(topic: string, owner: string): PresenceEntry | undefined {
    return this.topics.get(topic)?.get(owner);
  }

  /** Adds or replaces the owner's entry; the diff every subscriber of the topic must see. */
  put(topic: string, entry: PresenceEntry): PresenceDiff {
    let members = this.topics.get(topic);
    if (!members) this.topics.set(topic, (members = new Map()));
    const previous = members.get(entry.owner);
    members.set(entry.owner, entry);
    const leaves = previous ? [previous] : [];
    return { joins: group([entry]), leaves: group(leaves) };
  }

  remove(topic: string, owner: string): PresenceDiff | null {
    const members = this.topics.get(topic);
    const previous = members?.get(owner);
    if (!members || !previous) return null;
    members.delete(owner);
    if (members.size === 0) this.topics.delete(topic);
    return { joins: group([]), leaves: group([previous]) };
  }

  /** Drops every entry whose owner starts with `prefix` (a server instance that went away). */
  removeOwnedBy(prefix: string): Array<{ topic: string; diff: PresenceDiff }> {
    const out: Array<{ topic: string; diff: PresenceDiff }> = [];
    for (const [topic, members] of this.topics) {
      const gone = [...members.values()].filter((e) => e.owner.startsWith(prefix));
      if (!gone.length) continue;
      for (const e of gone) members.delete(e.owner);
      if (members.size === 0) this.topics.delete(topic);
      out.push({ topic, diff: { joins: group([]), leaves: group(gone) } });
    }
    return out;
  }

  /** Every entry whose owner starts with `prefix`, for a state handover to a peer. */
  entriesOwnedBy(prefix: string): Array<{ topic: string; entry: PresenceEntry }> {
    const out: Array<{ topic: string; entry: PresenceEntry }> = [];
    for (const [topic, members] of this.topics) {
      for (const entry of members.values()) {
        if (entry.owner.startsWith(prefix)) out.push({ topic, entry });
      }
    }
    return out;
  }
}
