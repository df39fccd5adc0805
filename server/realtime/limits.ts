// The limits one client may not exceed, so a misbehaving or hostile client is refused while
// everyone else keeps being served. Supabase Realtime enforces the same kinds of limits per tenant.

/** WebSocket frames above this close the socket (1009), before any parsing. */
export const MAX_FRAME_BYTES = 2 * 1024 * 1024;
/** Largest broadcast or presence payload (Supabase: max_payload_size_in_kb). */
export const MAX_PAYLOAD_BYTES = 1024 * 1024;
/** A change record larger than this is sent without its large values (Supabase: Error 413). */
export const MAX_RECORD_BYTES = 1024 * 1024;
/** Channels one socket may have joined at once (Supabase: max_channels_per_client). */
export const MAX_CHANNELS_PER_SOCKET = 100;
/** Joins one socket may attempt per second (Supabase: max_joins_per_second). */
export const MAX_JOINS_PER_SECOND = 100;
/** Pushes (broadcast, presence, token refreshes) one socket may send per second before it is
 * closed (Supabase: max_events_per_second, "Too many messages per second"). */
export const MAX_MESSAGES_PER_SECOND = 1000;
/** Frames of any kind per second, joins and heartbeats included: beyond, the socket is closed. */
export const MAX_FRAMES_PER_SECOND = 5000;
/** Presence track/untrack calls per channel per window (Supabase: client presence rate limit). */
export const PRESENCE_CALLS_PER_WINDOW = 60;
export const PRESENCE_WINDOW_MS = 10_000;
/** A socket that sends nothing (not even a heartbeat) for this long is closed, as Phoenix does. */
export const IDLE_TIMEOUT_MS = 60_000;
/** Outbound bytes a socket may have queued before it counts as a stalled consumer. */
export const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;
/** Longest a token-expiry timer is armed for; it re-arms until the real expiry. */
export const MAX_TIMER_MS = 60 * 60 * 1000;
