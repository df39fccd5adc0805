// A message's text as React nodes, never HTML (docs/chat.md "The screens"): `@[Name](<uuid>)` is
// a highlighted @Name (the tokens as ../mentions.ts reads them), an http(s) address a link opening
// in a new tab; anything else is text.
import type { ReactNode } from 'react';
import { parseBody } from '../mentions';

const LINK = /\bhttps?:\/\/[^\s<>"']+/g;

/** A link's address as typed, without the punctuation that usually ends a sentence after it. */
function trimLink(url: string): [string, string] {
  const m = /[.,;:!?)\]]+$/.exec(url);
  return m ? [url.slice(0, m.index), m[0]] : [url, ''];
}

function withLinks(text: string, key: number): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(LINK)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const [url, rest] = trimLink(m[0]);
    out.push(
      <a
        key={`${key}-${m.index}`}
        href={url}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="text-primary break-all underline"
      >
        {url}
      </a>,
    );
    last = m.index + url.length;
    if (rest) {
      out.push(rest);
      last += rest.length;
    }
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function MessageBody({ body, me }: { body: string; me?: string }) {
  return (
    <span className="break-words whitespace-pre-wrap">
      {parseBody(body).flatMap<ReactNode>((part, i) =>
        part.kind === 'text'
          ? withLinks(part.text, i)
          : [
              <span
                key={i}
                data-mention={part.id}
                className={
                  part.id === me?.toLowerCase()
                    ? 'rounded border border-amber-500/60 px-1 font-medium text-amber-800 dark:text-amber-200'
                    : 'text-primary font-medium'
                }
              >
                @{part.name}
              </span>,
            ],
      )}
    </span>
  );
}
