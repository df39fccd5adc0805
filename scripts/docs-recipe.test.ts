// docs/adding-an-area.md and docs/glossary.md stay true to the code: every repository path they
// give exists, every name a code block imports is exported by the module it names, and every
// function, hook or component named in backticks is exported somewhere in the app, its tests or
// its scripts. A rename that forgets the recipe fails here (docs/README.md).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOCS = ['docs/adding-an-area.md', 'docs/glossary.md'];
const CODE_DIRS = ['src', 'scripts', 'tests', 'e2e', 'server', 'bench'];
const ROOTS = [...CODE_DIRS, 'supabase', 'docs', 'public'];

/**
 * Fields, options and library names a recipe names that no module of ours exports by themselves
 * (a field of an exported type, TanStack's and TypeScript's own).
 */
const NOT_EXPORTS = new Set([
  'onSuccess',
  'onError',
  'clientLoader',
  'queryKey',
  'queryFn',
  'mutationId',
  'readinessReasons',
  'mutateAsync',
  'Awaited',
  'ReturnType',
]);

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx|mts|mjs|js)$/.test(name)) out.push(p);
  }
  return out;
}

const sources = CODE_DIRS.filter((d) => existsSync(path.join(root, d))).flatMap((d) =>
  walk(path.join(root, d)),
);
const text = new Map(sources.map((f) => [f, readFileSync(f, 'utf8')]));

function exports(source: string, name: string): boolean {
  const declared = new RegExp(
    `export\\s+(?:default\\s+)?(?:declare\\s+)?(?:async\\s+)?(?:const|let|function\\*?|class|type|interface|enum)\\s+${name}\\b`,
  );
  const listed = new RegExp(`export\\s+(?:type\\s+)?\\{[^}]*\\b${name}\\b[^}]*\\}`);
  return declared.test(source) || listed.test(source);
}

const exportedAnywhere = (name: string) => [...text.values()].some((s) => exports(s, name));

/** Declared in some module, exported or not (a code block may show a module's own helper). */
const declaredAnywhere = (name: string) =>
  [...text.values()].some((s) =>
    new RegExp(`(?:const|let|function\\*?|class)\\s+${name}\\b`).test(s),
  );

/** `@/lib/x` or `./x` in a code block as a file of the repository (null: not ours to check). */
function moduleFile(specifier: string): string | null {
  if (!specifier.startsWith('@/')) return null;
  const base = path.join(root, 'src', specifier.slice(2));
  for (const ext of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
    const p = base + ext;
    if (existsSync(p) && statSync(p).isFile()) return p;
  }
  return base;
}

for (const doc of DOCS) {
  describe(doc, () => {
    const md = readFileSync(path.join(root, doc), 'utf8');
    const blocks = [...md.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const prose = md.replace(/```[a-z]*\n[\s\S]*?```/g, '');
    const ticks = [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim());

    it('names only repository paths that exist', () => {
      const paths = ticks
        .map((t) => t.split(/\s/)[0]!.replace(/[,:;]$/, ''))
        .filter((t) => ROOTS.some((r) => t.startsWith(`${r}/`)))
        .filter((t) => !/[<>*…{}]|\.\.\./.test(t));
      const links = [...prose.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
        .map((m) => m[1]!)
        .filter((l) => !/^[a-z]+:/.test(l))
        .map((l) => path.relative(root, path.join(root, path.dirname(doc), l)));
      const missing = [...paths, ...links].filter((p) => !existsSync(path.join(root, p)));
      expect(paths.length + links.length).toBeGreaterThan(0);
      expect(missing).toEqual([]);
    });

    it('imports in its code blocks name modules that export what is imported', () => {
      const wrong: string[] = [];
      for (const block of blocks) {
        for (const m of block.matchAll(/import\s+(?:type\s+)?\{([^}]+)\}\s+from\s+'([^']+)'/g)) {
          const file = moduleFile(m[2]!);
          if (file === null) continue;
          if (!existsSync(file)) {
            wrong.push(`${m[2]}: no such module`);
            continue;
          }
          const source = readFileSync(file, 'utf8');
          for (const raw of m[1]!.split(',')) {
            const name = raw
              .replace(/^\s*type\s+/, '')
              .split(/\s+as\s+/)[0]!
              .trim();
            if (name && !exports(source, name)) wrong.push(`${name} from ${m[2]}`);
          }
        }
      }
      expect(wrong).toEqual([]);
    });

    it('names functions, hooks and components that are exported', () => {
      const names = ticks
        .map((t) => t.replace(/\(.*\)$/, ''))
        .filter((t) => /^[A-Za-z][A-Za-z0-9]*$/.test(t) && /[a-z]/.test(t) && /[A-Z]/.test(t))
        .filter((t) => !NOT_EXPORTS.has(t));
      const missing = [...new Set(names)].filter((n) => !exportedAnywhere(n));
      expect(missing).toEqual([]);
    });

    it('calls in its code blocks only functions that exist', () => {
      const missing = new Set<string>();
      for (const block of blocks) {
        const local = new Set(
          [...block.matchAll(/\b(?:const|let|function|class|interface|type)\s+([A-Za-z]\w*)/g)].map(
            (m) => m[1]!,
          ),
        );
        // A call or a JSX tag, not a method (`.invalidateQueries(`) nor a key (`onError:`).
        for (const m of block.matchAll(
          /(?<![.\w])([a-z]\w*[A-Z]\w*)\s*(?:<[^>(]*>)?\(|<([A-Z]\w+)/g,
        )) {
          const name = (m[1] ?? m[2])!;
          if (
            !local.has(name) &&
            !NOT_EXPORTS.has(name) &&
            !declaredAnywhere(name) &&
            !exportedAnywhere(name)
          )
            missing.add(name);
        }
      }
      expect([...missing]).toEqual([]);
    });
  });
}
