// A message's text as React nodes, never HTML (docs/chat.md "The screens"): `@[Name](<uuid>)` is
// a highlighted @Name, an http(s) address a link opening in a new tab; anything else is text.
import type { ReactNode } from 'react';

const TOKEN = /@\[([^\]\n]{1,80})\]\(([0-9a-fA-F-]{36})\)|\bhttps?:\/\/[^\s<>"']+/g;

/** A link's address as typed, without the punctuation that usually ends a sentence after it. */
function trimLink(url: string): [string, string] {
  const m = /[.,;:!?)\]]+$/.exec(url);
  return m ? [url.slice(0, m.index), m[0]] : [url, ''];
}

function parseBody(body: string, me?: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of body.matchAll(TOKEN)) {
    const at = m.index;
    if (at > last) out.push(body.slice(last, at));
    if (m[1] !== undefined) {
      out.push(
        <span
          key={at}
          data-mention={m[2]}
          className={
            m[2]?.toLowerCase() === me?.toLowerCase()
              ? 'rounded border border-amber-500/60 px-1 font-medium text-amber-800 dark:text-amber-200'
              : 'text-primary font-medium'
          }
        >
          @{m[1]}
        </span>,
      );
      last = at + m[0].length;
    } else {
      const [url, rest] = trimLink(m[0]);
      out.push(
        <a
          key={at}
          href={url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="text-primary break-all underline"
        >
          {url}
        </a>,
      );
      last = at + url.length;
      if (rest) {
        out.push(rest);
        last += rest.length;
      }
    }
  }
  if (last < body.length) out.push(body.slice(last));
  return out;
}

export function MessageBody({ body, me }: { body: string; me?: string }) {
  return <span className="break-words whitespace-pre-wrap">{parseBody(body, me)}</span>;
}
