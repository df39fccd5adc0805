// /realtime/v1 — Phoenix channels over WebSocket. (Stub: filled in by the realtime work.)
import type { Server } from 'node:http';
import type { ServiceDeps } from '../gateway/service.ts';

export function createRealtime(_deps: ServiceDeps) {
  return {
    /** Takes over WebSocket upgrades on /realtime/v1/websocket. */
    attach(_server: Server): void {},
    /** Re-reads the supabase_realtime publication (after migrations). */
    async reload(): Promise<void> {},
    async close(): Promise<void> {},
  };
}
