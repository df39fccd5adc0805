// Mention tokens as send_message reads them, and the `@query` a composer is typing.
import { describe, expect, it } from 'vitest';
import {
  folded,
  insertMention,
  matchPeople,
  mentionedIds,
  mentionQueryAt,
  mentionToken,
  parseBody,
  plainBody,
} from './mentions';

const MARIA = { id: 'a11ce000-0000-4000-8000-000000000003', fullName: 'Maria Kritikou' };
const SOFIA = { id: 'a11ce000-0000-4000-8000-000000000005', fullName: 'Sofia Alexiou' };
const ELENI = { id: 'a11ce000-0000-4000-8000-000000000002', fullName: 'Ελένη Μαρκοπούλου' };
const MARKOS = { id: 'a11ce000-0000-4000-8000-000000000009', fullName: 'Markos Nikolaou' };
const people = [SOFIA, MARIA, ELENI, MARKOS];

describe('tokens', () => {
  it('writes and reads back a mention', () => {
    const body = `Hi ${mentionToken(MARIA)}, and ${mentionToken(SOFIA)}!`;
    expect(body).toBe(
      'Hi @[Maria Kritikou](a11ce000-0000-4000-8000-000000000003), and @[Sofia Alexiou](a11ce000-0000-4000-8000-000000000005)!',
    );
    expect(parseBody(body)).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'mention', id: MARIA.id, name: 'Maria Kritikou' },
      { kind: 'text', text: ', and ' },
      { kind: 'mention', id: SOFIA.id, name: 'Sofia Alexiou' },
      { kind: 'text', text: '!' },
    ]);
    expect(plainBody(body)).toBe('Hi @Maria Kritikou, and @Sofia Alexiou!');
  });

  it('lists each person once, and only well-formed tokens', () => {
    const body = `${mentionToken(MARIA)} ${mentionToken(MARIA)} @[Nobody](not-a-uuid) @Sofia`;
    expect(mentionedIds(body)).toEqual([MARIA.id]);
  });

  it('keeps brackets and line breaks of a name out of the token', () => {
    const token = mentionToken({ id: MARIA.id.toUpperCase(), fullName: 'Maria [Office]\nK' });
    expect(token).toBe(`@[Maria Office K](${MARIA.id})`);
    expect(mentionedIds(token)).toEqual([MARIA.id]);
    expect(mentionToken({ id: MARIA.id, fullName: 'x'.repeat(150) })).toHaveLength(100 + 3 + 38);
  });

  it('reads a body with no mention as text', () => {
    expect(parseBody('no one')).toEqual([{ kind: 'text', text: 'no one' }]);
    expect(parseBody('')).toEqual([]);
  });
});

describe('the @query at the caret', () => {
  it('finds it at the start, after a space or a bracket, up to the caret', () => {
    expect(mentionQueryAt('@ma', 3)).toEqual({ start: 0, end: 3, query: 'ma' });
    expect(mentionQueryAt('hi @', 4)).toEqual({ start: 3, end: 4, query: '' });
    expect(mentionQueryAt('(@Maria K', 9)).toEqual({ start: 1, end: 9, query: 'Maria K' });
    expect(mentionQueryAt('hi @maria and more', 9)).toEqual({ start: 3, end: 9, query: 'maria' });
  });

  it('is not an e-mail address, a finished token, a new line or a sentence', () => {
    expect(mentionQueryAt('mail maria@arivia.local', 23)).toBeNull();
    const done = `${mentionToken(MARIA)} `;
    expect(mentionQueryAt(done, done.length)).toBeNull();
    expect(mentionQueryAt('@maria\nnext', 11)).toBeNull();
    expect(mentionQueryAt('@ maria', 7)).toBeNull();
    expect(mentionQueryAt('@maria can you bring the keys', 29)).toBeNull();
    expect(mentionQueryAt('no at sign', 5)).toBeNull();
  });
});

describe('matching people', () => {
  it('puts names starting with the query first, then last names, without accents', () => {
    expect(matchPeople(people, 'mar').map((p) => p.fullName)).toEqual([
      'Maria Kritikou',
      'Markos Nikolaou',
    ]);
    expect(matchPeople(people, 'alex')).toEqual([SOFIA]);
    expect(matchPeople(people, 'ελενη')).toEqual([ELENI]);
    expect(matchPeople(people, 'μαρκοπ')).toEqual([ELENI]);
    expect(matchPeople(people, '')).toHaveLength(4);
    expect(matchPeople(people, '', 2)).toHaveLength(2);
    expect(folded('Κριτικού')).toBe('κριτικου');
  });
});

describe('inserting a mention', () => {
  it('replaces the @query with the token and a space, and moves the caret after it', () => {
    const text = 'Thanks @mar see you';
    const next = insertMention(text, 11, MARIA);
    expect(next.text).toBe(`Thanks ${mentionToken(MARIA)} see you`);
    expect(next.caret).toBe(`Thanks ${mentionToken(MARIA)} `.length);
  });

  it('leaves the text alone when the caret is in no mention', () => {
    expect(insertMention('hello', 5, MARIA)).toEqual({ text: 'hello', caret: 5 });
  });
});
