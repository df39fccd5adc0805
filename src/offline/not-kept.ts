// A record this device does not keep, asked for with no connection (docs/offline.md "Not kept on
// this device"): not "no such record", since the server may well have it. The offline layer
// (src/offline/resource.ts) throws it; screens show its message instead of a not-found.

import { messages } from './messages';

/** The words, in the active language (docs/i18n.md). */
export const notKeptText = () => messages.t('notKept');

/** The words in the language the app started in (tests); screens show notKeptText(). */
export const NOT_KEPT_MESSAGE = notKeptText();

export class NotKeptError extends Error {
  constructor(cause: unknown) {
    super(notKeptText(), { cause });
    this.name = 'NotKeptError';
  }
}

export const isNotKept = (e: unknown): e is NotKeptError => e instanceof NotKeptError;
