import { build, defineConfig, loadEnv, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compiledCatalogs } from './scripts/vite-catalogs.ts';
import { VitePWA } from 'vite-plugin-pwa';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  BACKEND_META,
  DEMO_CLASS,
  FIRST_PAINT_ID,
  KEPT_CLASS,
  KEPT_ID,
  SIGN_IN_CLASS,
  SIGN_IN_ID,
  SPINNER_ID,
  sessionKey,
} from './src/lib/startup-contract.ts';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** Runs one of the app's modules in Node at build time, with the app's `@/` paths and JSX. */
async function runAtBuild<T>(file: string) {
  return runnerImport<T>(path.join(ROOT, file), {
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    resolve: { alias: { '@': path.join(ROOT, 'src') } },
    oxc: { jsx: { runtime: 'automatic' } },
    plugins: [compiledCatalogs()],
  });
}

/**
 * Writes .br and .gz next to every compressible file of the build, so a static server (or the
 * local backend's serveStatic with `precompressed`) can send them without compressing per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'arivia:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After vite-plugin-pwa has built sw.js and written manifest.webmanifest (its own closeBundle).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const walk = (dir: string): string[] =>
          readdirSync(dir).flatMap((f) => {
            const full = path.join(dir, f);
            return statSync(full).isDirectory() ? walk(full) : [full];
          });
        for (const file of walk(outDir)) {
          if (!/\.(js|css|html|svg|json|webmanifest)$/.test(file)) continue;
          const buf = readFileSync(file);
          // Small files gain nothing; the worker and the manifest are compressed whatever their size.
          if (buf.length < 1024 && !/(\/sw\.js|\.webmanifest)$/.test(file)) continue;
          writeFileSync(`${file}.gz`, gzipSync(buf, { level: 9 }));
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }
      },
    },
  };
}

/**
 * `src/boot.js` (the theme and the first screen, before any other script: docs/architecture.md
 * "Loading: the first paint") goes into index.html itself, minified, where the HTML names it: a
 * file would cost a blocking round trip before the rest of the page is parsed. It is bundled with
 * what it imports (src/lib/startup-contract.ts, the keys, ids and breakpoint the app uses too:
 * "Loading: the start-up contract"), whose constants the bundler inlines. The CSP allows it by
 * its hash, like every inline script of the build (server/app.ts inlineScriptHashes).
 */
function inlineBoot(): Plugin {
  return {
    name: 'arivia:inline-boot',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        const out = await build({
          configFile: false,
          root: ROOT,
          logLevel: 'warn',
          build: {
            write: false,
            minify: true,
            target: 'es2019',
            lib: { entry: path.join(ROOT, 'src/boot.js'), formats: ['iife'], name: 'boot' },
          },
        });
        const [result] = Array.isArray(out) ? out : [out];
        const code = (result as { output: { code: string }[] }).output[0].code;
        return replaceMark(html, '<script data-boot></script>', `<script>${code.trim()}</script>`);
      },
    },
  };
}

/**
 * The first paint of a signed-in start (docs/architecture.md "Loading: the first paint of a
 * signed-in start"): the frame and the page's heading, rendered from the app's own components by
 * src/app/layouts/first-paint.tsx, go into index.html as an inert <template> with the pages it
 * serves, for src/boot.js to paint before any script. Only in a build: `vite` (dev) paints the
 * spinner.
 */
function firstPaint(): Plugin {
  return {
    name: 'arivia:first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        const { module } = await runAtBuild<typeof import('./src/app/layouts/first-paint')>(
          'src/app/layouts/first-paint.tsx',
        );
        const pages = JSON.stringify(module.firstPaintPages())
          .replaceAll('&', '&amp;')
          .replaceAll('"', '&quot;');
        const template = `<template id="${FIRST_PAINT_ID}" data-pages="${pages}">${module.firstPaintFrame()}</template>`;
        return replaceMark(html, '<!-- first-paint -->', template);
      },
    },
  };
}

/**
 * /auth's sign-in screen as React draws it, drawn from the screen's own components by
 * src/features/auth/static-sign-in-copy.tsx, goes into index.html's #root for src/boot.js to
 * show instead of the spinner (docs/architecture.md "Loading: the first paint"). In a build and
 * in `vite` (dev) alike.
 */
function staticSignIn(): Plugin {
  return {
    name: 'arivia:static-sign-in',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        const { module } = await runAtBuild<
          typeof import('./src/features/auth/static-sign-in-copy')
        >('src/features/auth/static-sign-in-copy.tsx');
        // index.html's style shows and hides it by the contract's classes and ids; its meta and
        // spinner are boot.js's.
        for (const name of [
          `name="${BACKEND_META}"`,
          `id="${SPINNER_ID}"`,
          `.${SIGN_IN_CLASS} #${SIGN_IN_ID}`,
          `#${SIGN_IN_ID} section`,
          `.${DEMO_CLASS} #${SIGN_IN_ID} section`,
          `#${SIGN_IN_ID} form + button`,
          `.${SIGN_IN_CLASS} #${SPINNER_ID}`,
          `.${KEPT_CLASS} #root`,
          `#${KEPT_ID}`,
        ])
          if (!html.includes(name))
            throw new Error(`index.html has no ${name} (src/lib/startup-contract.ts)`);
        return replaceMark(html, '<!-- static-sign-in -->', module.staticSignInCopy());
      },
    },
  };
}

/**
 * A module named `*.build.ts` runs at build time (and in `vite`), in Node, and the app gets only
 * its exports' values, as constants: what it works out costs the browser nothing (e.g. the
 * /auth screen's classes, merged by cn(): src/features/auth/components/auth-ui.build.ts). Its
 * exports must be JSON values. Tests (vitest) run the module as it is.
 */
function buildTimeModules(): Plugin {
  return {
    name: 'arivia:build-time-modules',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0];
      if (!file.endsWith('.build.ts')) return null;
      const { module, dependencies } = await runAtBuild<Record<string, unknown>>(
        path.relative(ROOT, file),
      );
      for (const d of dependencies) this.addWatchFile(d);
      return Object.entries(module)
        .map(([name, value]) => {
          const json = JSON.stringify(value);
          if (json === undefined || typeof value === 'function')
            throw new Error(`${file}: the export ${name} is not a JSON value`);
          return `export const ${name} = ${json};`;
        })
        .join('\n');
    },
  };
}

/**
 * The modules the build's start-up plans name (firstScreenPreload, signedInChunks): the screens
 * by their key in the route table (src/lib/routes.ts) as src/app/router.tsx binds them, the rest
 * declared here. Each is checked against the files: a renamed or unbound one fails the build
 * with its name, where it used to leave a plan silently empty.
 */
async function startupModules() {
  const file = (p: string, by = 'vite.config.ts (startupModules)') => {
    for (const f of [p, `${p}.ts`, `${p}.tsx`])
      if (existsSync(path.join(ROOT, f)) && statSync(path.join(ROOT, f)).isFile()) return f;
    throw new Error(`${by} names ${p}, which does not exist: renamed or moved?`);
  };
  const { module } = await runAtBuild<typeof import('./src/lib/routes')>('src/lib/routes.ts');
  const router = readFileSync(path.join(ROOT, 'src/app/router.tsx'), 'utf8');
  type RouteKey = keyof typeof module.paths;
  /** The module router.tsx's `screens` binds to `key` (its first import). */
  const screen = (key: RouteKey) => {
    if (!(key in module.paths)) throw new Error(`src/lib/routes.ts has no route ${key}`);
    const bound = new RegExp(`\\n  ${key}: screen\\([^]*?import\\('([^']+)'\\)`).exec(router);
    if (!bound) throw new Error(`src/app/router.tsx binds no screen to the route ${key}`);
    return file(
      bound[1].replace(/^@\//, 'src/').replace(/^\.\//, 'src/app/'),
      `src/app/router.tsx's screen for the route ${key}`,
    );
  };
  const keys = Object.keys(module.paths) as RouteKey[];
  return {
    router: file('src/app/router.tsx'),
    entry: file('src/main.tsx'),
    /** What a signed-in start loads besides its screen: supabase-js, the QueryClient, the
     * access reads (with the offline layer they read through), the app frame. */
    signedInStart: [
      'src/lib/supabase',
      'src/lib/query-client',
      'src/lib/auth/access-queries',
      'src/offline/resource',
      'src/app/layouts/app-layout',
    ].map((p) => file(p)),
    /** Loaded only once someone is signed in: where the public side's dynamic imports stop. */
    gates: [
      'src/lib/query-client',
      'src/lib/auth/access-queries',
      'src/lib/auth/auth-queries',
      'src/offline/resource',
      'src/offline/read',
      'src/offline/sync-engine',
      'src/app/layouts/app-layout',
    ].map((p) => file(p)),
    home: screen('home'),
    properties: screen('properties'),
    auth: screen('auth'),
    // Reset-password is not among them: it is opened with a recovery session, reads through
    // TanStack Query and leads into the app.
    publicScreens: keys
      .filter((k) => module.paths[k].access === 'public' && k !== 'resetPassword')
      .map(screen),
  };
}
type StartupModules = Awaited<ReturnType<typeof startupModules>>;

/** `html` with `mark` replaced by `by`; the build fails when index.html has lost the mark. */
function replaceMark(html: string, mark: string, by: string): string {
  if (!html.includes(mark)) throw new Error(`index.html has no ${mark}`);
  return html.replace(mark, () => by);
}

/**
 * Starts fetching the first screen's lazy chunks with the HTML instead of after the entry has run.
 * Which screen comes first depends on whether a session is stored, so a tiny inline script picks:
 * signed in - supabase-js, TanStack Query and the access reads (with the offline layer they read
 * through), the app frame and the screen of / or /properties; signed out - the sign-in screen.
 * With a painted screen on show (a kept screen or the build's first paint: src/boot.js,
 * html.boot-kept) they are left out: inserted with the HTML, through the service worker, they
 * held that paint back by about 0.2 s at 4x CPU, and inserted after it they were a task of 18-30
 * ms while the app starts (bench/README.md "Issue 17: the signed-in start's first paint"). The
 * entry's own imports are always preloaded (build.modulePreload is off).
 */
function firstScreenPreload(projectId: string | undefined, modules: StartupModules): Plugin {
  return {
    name: 'arivia:first-screen-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle || !projectId) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        const norm = (id: string) => id.replaceAll('\\', '/');
        const byModule = (suffix: string) => {
          const c =
            chunks.find((c) => c.facadeModuleId && norm(c.facadeModuleId).endsWith(suffix)) ??
            chunks.find((c) => c.moduleIds.some((id) => norm(id).endsWith(suffix)));
          if (!c) throw new Error(`firstScreenPreload: no chunk of the build holds ${suffix}`);
          return c;
        };
        const entryFiles = new Set<string>();
        const collect = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          const c = chunks.find((x) => x.fileName === file);
          for (const i of c?.imports ?? []) collect(i, into);
        };
        if (entry) collect(entry.fileName, entryFiles);
        const closure = (suffix: string) => {
          const c = byModule(suffix);
          const files = new Set<string>();
          collect(c.fileName, files);
          return [...files].filter((f) => !entryFiles.has(f));
        };
        // The QueryClient and the access reads are not in the entry (lib/query-client-loader.ts);
        // the access reads go through the offline layer (answer from the device offline).
        const signedIn = [...new Set(modules.signedInStart.flatMap(closure))];
        const dashboard = closure(modules.home);
        const properties = closure(modules.properties);
        const signedOut = closure(modules.auth);
        const script = `(function(){var k=${JSON.stringify(sessionKey(projectId))},s;try{s=localStorage.getItem(k)}catch(e){s=1}var p=location.pathname,u=location.hash+location.search;if(/^\\/(install|reset-password)\\/?$/.test(p))return;var f=s||/access_token|error_code|[?&]code=/.test(u)?${JSON.stringify(signedIn)}.concat(p==="/"?${JSON.stringify(dashboard)}:/^\\/properties\\/?$/.test(p)?${JSON.stringify(properties)}:[]):${JSON.stringify(signedOut)};if(document.documentElement.classList.contains(${JSON.stringify(KEPT_CLASS)}))return;var d=document.createDocumentFragment();f.forEach(function(x){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href="/"+x;d.appendChild(l)});document.head.appendChild(d)})();`;
        // The entry's own imports, fetched with it (what Vite writes when build.modulePreload is on).
        const entryLinks = [...entryFiles]
          .filter((f) => f !== entry?.fileName)
          .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
          .join('');
        // Right after boot.js (which marks a kept screen), before the stylesheet: an inline
        // script waits for the stylesheets above it.
        return replaceMark(
          html,
          '<!-- first-screen-preload -->',
          `<script>${script}</script>${entryLinks}`,
        );
      },
    },
  };
}

type ModuleGraph = {
  getModuleInfo(id: string): {
    importedIds: readonly string[];
    dynamicallyImportedIds: readonly string[];
  } | null;
};

/**
 * One chunk for what the signed-in screens share (docs/architecture.md "Loading order"): left
 * alone, the bundler cut the signed-in frame and /properties into ~70 chunks of about 1 KB, each
 * a request (six at a time on HTTP/1.1), a fetch event of the service worker and a modulepreload
 * link, which cost more than their bytes (bench/README.md, issue 17 second pass).
 *
 * `signed-in` takes what the frame (the QueryClient, the access reads, the offline layer, the app
 * frame) and the first screen after signing in (/properties) load, when at least two of the
 * signed-in entry points (those and every other screen) reach it: each keeps what it alone uses.
 * Only shared modules are taken, so a module's imports are shared too: none of them can land in
 * one entry point's own chunk, which would then import `signed-in` back (a cycle between chunks
 * runs a module before what it imports).
 *
 * Nothing the public side can load is taken: the entry, the sign-in and install screens,
 * supabase-js (the sign-in form loads it on focus) and what they load on demand (the toaster, the
 * service worker's registration, web-vitals...) keep the bundler's own chunks, so /auth's bytes
 * do not change (`BENCH_WEB_PARTS=bytes npm run bench -- web`). A module reached through a
 * package's index (lucide-react, radix-ui, TanStack Query) counts as public when the public side
 * imports anything from that package; those stay in the bundler's shared chunks.
 */
function signedInChunks(modules: StartupModules) {
  const abs = (p: string) => path.resolve(ROOT, p).replaceAll('\\', '/');
  const norm = (id: string) => id.replaceAll('\\', '/');
  const gates = modules.gates.map(abs);
  const publicScreens = modules.publicScreens.map(abs);
  const router = abs(modules.router);
  const propertiesList = abs(modules.properties);
  let shared: Set<string> | null = null;

  function plan(graph: ModuleGraph): Set<string> {
    const info = (id: string) => graph.getModuleInfo(id);
    const screens = (info(router)?.dynamicallyImportedIds ?? []).map(norm);
    const signedInGates = new Set([...gates, ...screens.filter((s) => !publicScreens.includes(s))]);
    /** Static imports only, from `from`. */
    const closure = (from: string) => {
      const seen = new Set<string>();
      const todo = [from];
      while (todo.length) {
        const id = todo.pop()!;
        if (seen.has(id)) continue;
        seen.add(id);
        for (const i of info(id)?.importedIds ?? []) todo.push(norm(i));
      }
      return seen;
    };
    // Everything a signed-out visitor can load: static and dynamic imports from the entry, not
    // through a signed-in gate.
    const pub = new Set<string>();
    const todo = [abs(modules.entry)];
    while (todo.length) {
      const id = todo.pop()!;
      if (pub.has(id)) continue;
      pub.add(id);
      const m = info(id);
      for (const i of m?.importedIds ?? []) todo.push(norm(i));
      for (const i of m?.dynamicallyImportedIds ?? [])
        if (!signedInGates.has(norm(i))) todo.push(norm(i));
    }
    const reached = new Map<string, number>();
    for (const entry of signedInGates)
      for (const id of closure(entry)) reached.set(id, (reached.get(id) ?? 0) + 1);
    // What the frame and the first screen after signing in (/properties) load; what only other
    // screens share stays in the bundler's chunks.
    const first = new Set([...gates, propertiesList].flatMap((e) => [...closure(e)]));
    return new Set(
      [...reached].filter(([id, n]) => n >= 2 && first.has(id) && !pub.has(id)).map(([id]) => id),
    );
  }

  return (id: string, ctx: ModuleGraph): string | null => {
    // Worked out once per build, from the graph rolldown has when it first asks.
    shared ??= ctx.getModuleInfo(router) ? plan(ctx) : new Set();
    return shared.has(norm(id)) ? 'signed-in' : null;
  };
}

/**
 * The built index.html without its comments: they explain the file to whoever edits it, and every
 * page's first download (/auth's too) carried them. Last of the page's transforms, after the marks
 * the others replace.
 */
function htmlWithoutComments(): Plugin {
  return {
    name: 'arivia:html-without-comments',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/<!--[\s\S]*?-->\s*/g, ''),
    },
  };
}

// VITE_SUPABASE_URL, VITE_SUPABASE_PUBLISHABLE_KEY and VITE_SUPABASE_PROJECT_ID come from the
// environment (`npm start` sets them for the local backend) or from .env for a hosted project.
export default defineConfig(async ({ mode }) => {
  const modules = await startupModules();
  return {
    plugins: [
      compiledCatalogs(),
      buildTimeModules(),
      react(),
      tailwindcss(),
      staticSignIn(),
      firstPaint(),
      inlineBoot(),
      firstScreenPreload(
        process.env.VITE_SUPABASE_PROJECT_ID ??
          loadEnv(mode, process.cwd()).VITE_SUPABASE_PROJECT_ID,
        modules,
      ),
      htmlWithoutComments(),
      // The service worker (src/sw.ts) is ours: the plugin bundles it to /sw.js, injects the
      // precache manifest and writes manifest.webmanifest; src/app/pwa registers it in production.
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src',
        filename: 'sw.ts',
        injectRegister: false,
        registerType: 'prompt',
        includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
        manifest: {
          name: 'Arivia Ops',
          short_name: 'Arivia Ops',
          description:
            'Operations app for villa and vacation-rental staff: properties, housekeeping, maintenance and inventory, online or off.',
          id: '/',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          orientation: 'any',
          theme_color: '#171717',
          background_color: '#ffffff',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            {
              src: '/icons/maskable-512.png',
              sizes: '512x512',
              type: 'image/png',
              purpose: 'maskable',
            },
          ],
        },
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
          globIgnores: ['**/.vite/**', '**/sw.js'],
        },
        devOptions: { enabled: false },
      }),
      precompress(),
    ],
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    build: {
      target: 'es2022',
      // Not Vite's preload helper: run around every lazy import, it added a `modulepreload` link
      // per dependency, and at the start (the router loading the first screen) that was ~80 ms
      // of one task (bench/README.md "Issue 17: the signed-in start's first paint"). The first
      // screen's chunks are preloaded by firstScreenPreload; a later screen's come from the service
      // worker's precache once it is installed.
      modulePreload: false,
      // The benchmark reads which chunks each route needs from the manifest.
      manifest: true,
      sourcemap: false,
      rollupOptions: {
        output: {
          // The language catalogues apart (src/lib/i18n/catalog-<lang>.ts): the service worker
          // keeps only the chosen language's (src/sw.ts, docs/i18n.md).
          chunkFileNames: (chunk: { name: string }) =>
            /^catalog-[a-z]{2}$/.test(chunk.name)
              ? 'assets/i18n/[name]-[hash].js'
              : 'assets/[name]-[hash].js',
          codeSplitting: {
            // Only the modules named: their dependencies stay where they are (react in the entry).
            includeDependenciesRecursively: false,
            groups: [
              {
                debugName: 'signed-in',
                name: signedInChunks(modules),
              },
            ],
          },
        },
      },
    },
    server: { port: 5173, strictPort: true },
    preview: { port: 4173, strictPort: true },
  };
});
