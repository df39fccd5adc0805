// `npm start` honours the README's PGLITE_DATA_DIR, PORT and HOST (scripts/start-args.mjs).
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { startArgs } from './start-args.mjs';

const root = '/repo';
const dataOf = (argv: string[]) => argv[argv.indexOf('--data') + 1];

describe('npm start arguments', () => {
  it('keeps the data in .data/db by default', () => {
    const a = startArgs(root, {}, '/dist');
    expect(dataOf(a.argv)).toBe(path.join(root, '.data', 'db'));
    expect(a.apiUrl).toBe('http://127.0.0.1:54321');
  });

  it('uses PGLITE_DATA_DIR, relative to the repository or absolute', () => {
    expect(dataOf(startArgs(root, { PGLITE_DATA_DIR: 'tmp/pg' }, '/dist').argv)).toBe(
      path.join(root, 'tmp', 'pg'),
    );
    expect(dataOf(startArgs(root, { PGLITE_DATA_DIR: '/var/lib/arivia' }, '/dist').argv)).toBe(
      '/var/lib/arivia',
    );
  });

  it('listens where PORT and HOST say', () => {
    const a = startArgs(root, { PORT: '8080', HOST: '0.0.0.0' }, '/dist');
    expect(a.argv).toEqual(expect.arrayContaining(['--port', '8080', '--host', '0.0.0.0']));
    expect(a.apiUrl).toBe('http://127.0.0.1:8080');
  });
});
