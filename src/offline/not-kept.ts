// A record this device does not keep, asked for with no connection (docs/offline.md "Not kept on
// this device"): not "no such record", since the server may well have it. The offline layer
// (src/offline/resource.ts) throws it; screens show its message instead of a not-found.

export const NOT_KEPT_MESSAGE = 'Not on this phone yet: open it once with a signal to keep it';

export class NotKeptError extends Error {
  constructor(cause: unknown) {
    super(NOT_KEPT_MESSAGE, { cause });
    this.name = 'NotKeptError';
  }
}

export const isNotKept = (e: unknown): e is NotKeptError => e instanceof NotKeptError;
