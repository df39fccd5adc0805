// The offline local database of docs/areas.md, spec §3: `arivia-ops` version 1 with exactly four stores -
// properties (key id, index lastSynced), tasks (key id, indexes propertyId and lastSynced),
// inventory (key id, index lastSynced) and sync-queue (auto-incrementing id). The page and the
// service worker both open it; an open failure is logged to the console only (§8).
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { QueueEntry } from './queue-entry';

export const DB_NAME = 'arivia-ops';
export const DB_VERSION = 1;

/** A row as the user last saw it, with when it was read from the server (ms since epoch). */
export interface MirroredRecord {
  id: string;
  lastSynced: number;
  [field: string]: unknown;
}

export interface MirroredTask extends MirroredRecord {
  propertyId: string;
}

export interface AriviaOpsDB extends DBSchema {
  properties: { key: string; value: MirroredRecord; indexes: { lastSynced: number } };
  tasks: {
    key: string;
    value: MirroredTask;
    indexes: { propertyId: string; lastSynced: number };
  };
  inventory: { key: string; value: MirroredRecord; indexes: { lastSynced: number } };
  'sync-queue': { key: number; value: QueueEntry };
}

export type MirrorStore = 'properties' | 'tasks' | 'inventory';

let opening: Promise<IDBPDatabase<AriviaOpsDB>> | null = null;

export function openOfflineDb(): Promise<IDBPDatabase<AriviaOpsDB>> {
  opening ??= openDB<AriviaOpsDB>(DB_NAME, DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('properties', { keyPath: 'id' }).createIndex('lastSynced', 'lastSynced');
      const tasks = db.createObjectStore('tasks', { keyPath: 'id' });
      tasks.createIndex('propertyId', 'propertyId');
      tasks.createIndex('lastSynced', 'lastSynced');
      db.createObjectStore('inventory', { keyPath: 'id' }).createIndex('lastSynced', 'lastSynced');
      db.createObjectStore('sync-queue', { keyPath: 'id', autoIncrement: true });
    },
    // Another tab or a new worker asks for a newer version: step aside so it can upgrade.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
    terminated() {
      opening = null;
    },
  }).catch((e: unknown) => {
    console.error('The offline database could not open', e);
    opening = null;
    throw e;
  });
  return opening;
}
