import type { Messages } from '@lingui/core';

/** A catalogue file's namespace: its folder's path under src ('/src/lib/locales/el.json' -> 'lib'). */
export function namespaceOf(file: string): string {
  const match = /\/src\/(.+)\/locales\/[a-z]{2}\.json$/.exec(file);
  if (!match) throw new Error(`${file} is not a catalogue (src/<namespace>/locales/<lang>.json)`);
  return match[1]!;
}

/** { '/src/x/locales/el.json': messages } -> { x: messages }. */
export function namespacesOf(files: Record<string, unknown>): Record<string, Messages> {
  const out: Record<string, Messages> = {};
  for (const [file, messages] of Object.entries(files))
    out[namespaceOf(file)] = messages as Messages;
  return out;
}
