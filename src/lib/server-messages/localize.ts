// A message from the server in the user's language (docs/i18n.md "Server messages"). The server
// answers in English (supabase/migrations RAISE texts, PostgREST, the auth server); each text a
// user may read has an English template in ./locales/en.json, matched here with its values
// ('Already taken by Eleni' -> alreadyTakenBy { name: 'Eleni' }) and shown in the language of the
// moment. A message no template matches is shown as it came.
import type { Messages } from '@lingui/core';
import en from './locales/en.json';
import { messages } from './messages';

type Key = keyof typeof en;
interface Pattern {
  key: Key;
  regex: RegExp;
  names: string[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let patterns: Pattern[] | null = null;
function compiledPatterns(): Pattern[] {
  // The catalogue is compiled at build time: a message is text and [name] tokens.
  patterns ??= Object.entries(en as unknown as Messages).map(([key, tokens]) => {
    const names: string[] = [];
    const parts = (Array.isArray(tokens) ? tokens : [tokens]).map((token) => {
      if (typeof token === 'string') return escape(token);
      names.push(String((token as unknown[])[0]));
      return '(.+?)';
    });
    return { key: key as Key, regex: new RegExp(`^${parts.join('')}$`), names };
  });
  return patterns;
}

/** The server's message in the active language; any other text as it is. */
export function localizeServerMessage(message: string): string {
  const text = message.trim();
  for (const { key, regex, names } of compiledPatterns()) {
    const match = regex.exec(text);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, i) => [name, match[i + 1]]));
    return messages.t(key, values);
  }
  return message;
}
