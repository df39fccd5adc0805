// Seeds storage as `supabase seed buckets` does: each [storage.buckets.<name>] of config.toml is
// created if missing and the files under its objects_path are uploaded. It goes through the
// running server's own Storage API with the service role, so the bytes take the same atomic path
// as any upload. Runs only when the database was just seeded.
import { readdir, readFile, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from './gateway/config.ts';

const MIME: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
  '.json': 'application/json',
};

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(p)));
    else if (entry.name.startsWith('.')) continue;
    // A link to a file is that file's bytes under the link's name (the demo cleans' photos:
    // supabase/seeds/clean-photos, one image kept once for many recorded photos).
    else if (entry.isFile() || (entry.isSymbolicLink() && (await stat(p)).isFile())) out.push(p);
  }
  return out.sort();
}

export async function seedBuckets(
  url: string,
  config: ServerConfig,
  log: (line: string) => void,
): Promise<number> {
  const headers = {
    apikey: config.serviceRoleKey,
    Authorization: `Bearer ${config.serviceRoleKey}`,
  };
  let uploaded = 0;
  for (const [name, bucket] of Object.entries(config.storage.buckets)) {
    const found = await fetch(`${url}/storage/v1/bucket/${encodeURIComponent(name)}`, { headers });
    if (!found.ok) {
      const created = await fetch(`${url}/storage/v1/bucket`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          id: name,
          name,
          public: bucket.public,
          file_size_limit: bucket.fileSizeLimit ?? null,
          allowed_mime_types: bucket.allowedMimeTypes ?? null,
        }),
      });
      if (!created.ok) throw new Error(`seeding bucket ${name}: ${await created.text()}`);
    }
    if (!bucket.objectsPath || !existsSync(bucket.objectsPath)) continue;
    for (const file of await filesUnder(bucket.objectsPath)) {
      const key = path
        .relative(bucket.objectsPath, file)
        .split(path.sep)
        .map(encodeURIComponent)
        .join('/');
      const res = await fetch(`${url}/storage/v1/object/${encodeURIComponent(name)}/${key}`, {
        method: 'POST',
        headers: {
          ...headers,
          'Content-Type': MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
          'x-upsert': 'true',
        },
        body: await readFile(file),
      });
      if (!res.ok) throw new Error(`seeding ${name}/${key}: ${await res.text()}`);
      uploaded += 1;
    }
    log(`seeded bucket ${name}`);
  }
  return uploaded;
}
