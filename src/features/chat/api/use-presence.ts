// Typing and online presence of one conversation (docs/chat.md "The screens"): the realtime
// server's broadcast and presence on a private channel per conversation (`chat-room:<id>`), not
// tables; only whoever reads the conversation may join it (realtime.messages policies,
// 20261201130000_chat_rooms_private.sql).
// Each open conversation tracks the user as present; a keystroke in the composer broadcasts
// "typing" at most every 2 s, and a typist is shown for 4 s after their last one.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';

const TYPING_EVERY_MS = 2000;
const TYPING_SHOWN_MS = 4000;

export interface Presence {
  /** Ids of the people with this conversation open now (the user included). */
  online: Set<string>;
  /** Ids of the others typing now. */
  typing: string[];
  /** Call on each keystroke in the composer. */
  typed: () => void;
}

export function usePresence(conversationId: string, userId: string): Presence {
  const [online, setOnline] = useState<Set<string>>(() => new Set());
  const [typing, setTyping] = useState<Record<string, number>>({});
  const channel = useRef<RealtimeChannel | null>(null);
  const lastSent = useRef(0);

  useEffect(() => {
    if (!userId) return;
    const ch = supabase.channel(`chat-room:${conversationId}`, {
      config: { private: true, presence: { key: userId }, broadcast: { self: false } },
    });
    ch.on('presence', { event: 'sync' }, () => {
      setOnline(new Set(Object.keys(ch.presenceState())));
    })
      .on('broadcast', { event: 'typing' }, ({ payload }: { payload: { user_id?: unknown } }) => {
        const who = payload.user_id;
        if (typeof who === 'string' && who !== userId)
          setTyping((t) => ({ ...t, [who]: Date.now() + TYPING_SHOWN_MS }));
      })
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') void ch.track({ at: new Date().toISOString() });
      });
    channel.current = ch;
    return () => {
      channel.current = null;
      setOnline(new Set());
      setTyping({});
      void supabase.removeChannel(ch);
    };
  }, [conversationId, userId]);

  // Typists fade out TYPING_SHOWN_MS after their last keystroke.
  useEffect(() => {
    const ids = Object.keys(typing);
    if (ids.length === 0) return;
    const next = Math.min(...Object.values(typing)) - Date.now();
    const timer = setTimeout(
      () =>
        setTyping((t) =>
          Object.fromEntries(Object.entries(t).filter(([, until]) => until > Date.now())),
        ),
      Math.max(next, 50),
    );
    return () => clearTimeout(timer);
  }, [typing]);

  const typed = useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current < TYPING_EVERY_MS) return;
    lastSent.current = now;
    void channel.current?.send({
      type: 'broadcast',
      event: 'typing',
      payload: { user_id: userId },
    });
  }, [userId]);

  return { online, typing: Object.keys(typing), typed };
}
