export function freePort(): Promise<number>;
export function ensurePostgresInstalled(): void;
export function startCluster(port?: number): { url: string; stop(): void };
export function freshDatabase(
  adminUrl: string,
  prefix?: string,
): Promise<{ url: string; drop(): Promise<void> }>;
