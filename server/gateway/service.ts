// What the server hands each API module (auth, rest, realtime, storage, functions).
import type { Database } from '../db/types.ts';
import type { ServerConfig } from './config.ts';
import type { Keys } from './keys.ts';

export interface ServiceDeps {
  db: Database;
  config: ServerConfig;
  keys: Keys;
}
