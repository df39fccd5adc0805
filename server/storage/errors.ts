// Storage's error answers, as supabase/storage renders them (src/internal/errors/codes.ts and
// src/http/error-handler.ts): the body carries the semantic status as a string (`statusCode`), a
// machine code and a message; the HTTP status is 400 for every client error and 500 for server
// errors, exactly as hosted Storage answers (storage-js reads `statusCode` and `code` from the body).
import { isPgError } from '../db/types.ts';

export class StorageError extends Error {
  constructor(
    /** The status Storage reports in the body: 400, 403, 404, 409, 413, 415, 500... */
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Storage's older `error` field; defaults to the code, as Storage renders it. */
    readonly legacyError?: string,
  ) {
    super(message);
  }

  get httpStatus(): number {
    return this.statusCode >= 500 ? 500 : 400;
  }

  render() {
    return {
      statusCode: String(this.statusCode),
      code: this.code,
      error: this.legacyError ?? this.code,
      message: this.message,
    };
  }
}

export const errors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () =>
    new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  keyAlreadyExists: () =>
    new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketAlreadyExists: () =>
    new StorageError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate'),
  resourceAlreadyExists: () =>
    new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () =>
    new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  entityTooLarge: (entity = 'object') =>
    new StorageError(
      413,
      'EntityTooLarge',
      `The ${entity} exceeded the maximum allowed size`,
      'Payload too large',
    ),
  invalidMimeType: (mimeType: string) =>
    new StorageError(
      415,
      'InvalidMimeType',
      `mime type ${mimeType} is not supported`,
      'invalid_mime_type',
    ),
  accessDenied: (message = 'Access denied') =>
    new StorageError(403, 'AccessDenied', message, 'Unauthorized'),
  /** A signed-URL token that does not verify (the caller's own JWT failing is accessDenied). */
  invalidJwt: (message = 'Invalid JWT') => new StorageError(400, 'InvalidJWT', message),
  invalidSignature: () => new StorageError(400, 'InvalidSignature', 'Invalid signature'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  invalidParameter: (parameter: string, message?: string) =>
    new StorageError(400, 'InvalidParameter', message ?? `Invalid Parameter ${parameter}`),
  missingParameter: (parameter: string) =>
    new StorageError(400, 'MissingParameter', `Missing Required Parameter ${parameter}`),
  noContent: () => new StorageError(400, 'InvalidRequest', 'No content provided'),
  invalidRange: () =>
    new StorageError(400, 'InvalidRange', 'invalid range provided', 'invalid_range'),
  notFound: () => new StorageError(404, 'NotFound', 'Route not found', 'Not Found'),
  internal: () => new StorageError(500, 'InternalError', 'Internal server error'),
};

/** Postgres errors as Storage maps them (src/storage/database/errors.ts). */
export function fromDatabaseError(e: unknown): StorageError | undefined {
  if (!isPgError(e)) return undefined;
  switch (e.code) {
    case '42501':
      return errors.accessDenied(
        e.message.includes('row-level security')
          ? 'new row violates row-level security policy'
          : e.message,
      );
    case '23505':
      return errors.resourceAlreadyExists();
    case '23503':
      return new StorageError(404, 'InvalidRequest', 'The related resource does not exist');
    case '23514':
    case '22P02':
    case '22021':
      return errors.invalidParameter('value', 'Invalid value format or type conversion failed');
    case '55P03':
      return new StorageError(423, 'ResourceLocked', 'The resource is locked');
    default:
      return new StorageError(500, 'DatabaseError', `database error, code: ${e.code}`);
  }
}

/** Any thrown value as the Storage error to answer with (unknown errors become a plain 500). */
export function toStorageError(e: unknown): StorageError {
  if (e instanceof StorageError) return e;
  return fromDatabaseError(e) ?? errors.internal();
}
