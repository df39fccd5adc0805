// API keys and JWTs. Tokens are HS256 only: `alg: none`, other algorithms, bad signatures and
// expired tokens are refused (the API layer then answers in its own upstream error shape).
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { ServerConfig } from './config.ts';

export type ApiRole = 'anon' | 'authenticated' | 'service_role';
export const API_ROLES: readonly string[] = ['anon', 'authenticated', 'service_role'];

export interface JwtClaims {
  [claim: string]: unknown;
  role?: string;
  sub?: string;
  email?: string;
  exp?: number;
  iat?: number;
  session_id?: string;
}

export type JwtFailure = 'malformed' | 'bad_signature' | 'expired' | 'bad_algorithm' | 'bad_claims';

export class JwtError extends Error {
  constructor(
    readonly reason: JwtFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface Keys {
  readonly secret: Uint8Array;
  sign(claims: JwtClaims, expiresInSeconds: number): Promise<string>;
  verify(token: string): Promise<JwtClaims>;
  /** The role an API key stands for, or null when it is not one of ours. */
  apikeyRole(key: string): 'anon' | 'service_role' | null;
}

export function createKeys(config: ServerConfig): Keys {
  const secret = new TextEncoder().encode(config.jwtSecret);
  const byKey = new Map<string, 'anon' | 'service_role'>([
    [config.anonKey, 'anon'],
    [config.publishableKey, 'anon'],
    [config.serviceRoleKey, 'service_role'],
    [config.secretKey, 'service_role'],
  ]);
  return {
    secret,
    async sign(claims, expiresInSeconds) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .sign(secret);
    },
    async verify(token) {
      if (token.split('.').length !== 3) {
        throw new JwtError('malformed', 'Expected 3 parts in JWT; got ' + token.split('.').length);
      }
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
        if (payload.role !== undefined && typeof payload.role !== 'string') {
          throw new JwtError('bad_claims', 'The JWT role claim must be a string');
        }
        return payload as JwtClaims;
      } catch (e) {
        if (e instanceof JwtError) throw e;
        if (e instanceof joseErrors.JWTExpired) throw new JwtError('expired', 'JWT expired');
        if (e instanceof joseErrors.JOSEAlgNotAllowed || e instanceof joseErrors.JOSENotSupported) {
          throw new JwtError('bad_algorithm', 'Wrong or unknown algorithm');
        }
        if (e instanceof joseErrors.JWSSignatureVerificationFailed) {
          throw new JwtError('bad_signature', 'JWSInvalidSignature');
        }
        if (e instanceof joseErrors.JWTClaimValidationFailed) {
          throw new JwtError('bad_claims', e.message);
        }
        throw new JwtError('malformed', e instanceof Error ? e.message : 'Invalid JWT');
      }
    },
    apikeyRole: (key) => byKey.get(key) ?? null,
  };
}
