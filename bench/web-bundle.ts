// Which JavaScript and CSS each screen needs, from Vite's build manifest, gzip-sized (level 9,
// as a CDN would serve it). "Critical" = what the browser must fetch before the screen can
// render: the entry, its static imports, the screen's lazy chunk and its static imports, the CSS.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The files (JS and CSS) a manifest key needs synchronously: itself and its static imports. */
export function staticClosure(
  manifest: Manifest,
  key: string,
  seen = new Set<string>(),
): Set<string> {
  const files = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const c = manifest[k];
    if (!c) throw new Error(`manifest has no ${k}`);
    files.add(c.file);
    for (const css of c.css ?? []) files.add(css);
    for (const i of c.imports ?? []) visit(i);
  };
  visit(key);
  return files;
}

const gzipCache = new Map<string, { raw: number; gzip: number }>();
export function sizeOf(dist: string, file: string) {
  const full = path.join(dist, file);
  let s = gzipCache.get(full);
  if (!s) {
    const buf = readFileSync(full);
    s = { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
    gzipCache.set(full, s);
  }
  return s;
}

export function total(dist: string, files: Iterable<string>) {
  let js = 0;
  let css = 0;
  let raw = 0;
  for (const f of files) {
    const s = sizeOf(dist, f);
    raw += s.raw;
    if (f.endsWith('.css')) css += s.gzip;
    else js += s.gzip;
  }
  return { js, css, gzip: js + css, raw };
}

export const ENTRY = 'index.html';
export const AUTH_SCREEN = 'src/features/auth/routes/auth-route.tsx';

/** The chunk holding supabase-js (shared: the shell loads it lazily, area screens statically). */
function supabaseKey(manifest: Manifest): string | undefined {
  return Object.keys(manifest).find(
    (k) => k === 'src/lib/supabase.ts' || (k.startsWith('_supabase-') && k.endsWith('.js')),
  );
}

/**
 * Critical bytes for /auth; per-route chunk costs beyond what a signed-in user already has (the
 * entry, supabase-js and TanStack Query, which load for any session).
 */
export function analyse(dist: string) {
  const manifest = readManifest(dist);
  const entry = staticClosure(manifest, ENTRY);
  const auth = new Set([...entry, ...staticClosure(manifest, AUTH_SCREEN)]);
  const sb = supabaseKey(manifest);
  // TanStack Query loads with the first signed-in screen (src/lib/query-client-loader.ts).
  const qc = manifest['src/lib/query-client.ts'] ? ['src/lib/query-client.ts'] : [];
  const shell = new Set([
    ...entry,
    ...(sb ? staticClosure(manifest, sb) : []),
    ...qc.flatMap((k) => [...staticClosure(manifest, k)]),
  ]);
  const routes = Object.entries(manifest)
    .filter(([k, c]) => c.isDynamicEntry && k.startsWith('src/') && /routes?\/|layouts\//.test(k))
    .map(([k]) => {
      const own = [...staticClosure(manifest, k)].filter((f) => !shell.has(f));
      return { route: k, files: own.length, ...total(dist, own) };
    })
    .sort((a, b) => b.gzip - a.gzip);
  return {
    entry: { files: [...entry], ...total(dist, entry) },
    supabase: sb
      ? total(
          dist,
          [...staticClosure(manifest, sb)].filter((f) => !entry.has(f)),
        )
      : null,
    authCritical: { files: [...auth], ...total(dist, auth) },
    routes,
  };
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const dist = process.argv[2] ?? 'dist';
  const r = analyse(dist);
  const kb = (n: number) => (n / 1024).toFixed(1);
  console.log(`entry: ${kb(r.entry.gzip)} KB gzip (js ${kb(r.entry.js)}, css ${kb(r.entry.css)})`);
  console.log(
    `/auth critical: ${kb(r.authCritical.gzip)} KB gzip (js ${kb(r.authCritical.js)}, css ${kb(r.authCritical.css)})`,
  );
  for (const f of r.authCritical.files) console.log('   ', kb(sizeOf(dist, f).gzip).padStart(6), f);
  for (const x of r.routes.slice(0, 8)) console.log(kb(x.gzip).padStart(7), x.route);
}
