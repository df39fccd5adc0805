// API keys and JWTs. Tokens are HS256 with the project secret by default. When the project names
// asymmetric signing keys (`[auth] signing_keys_path` in config.toml, a JSON array of private JWKs
// as `supabase gen signing-key` writes it), access tokens are signed with the first one (RS256 or
// ES256, with its `kid`), their public halves are published at /auth/v1/.well-known/jwks.json,
// and tokens signed by any of them or by the secret are accepted. `alg: none`, other algorithms,
// unknown key ids, bad signatures and expired tokens are refused (the API layer then answers in
// its own upstream error shape). See docs/local-backend.md.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors, type JWK, type JWTHeaderParameters } from 'jose';
import { parse as parseToml } from 'smol-toml';
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
  /** Signs claims as given (they carry their own iat / exp): the access tokens auth issues. */
  signClaims(claims: JwtClaims): Promise<string>;
  /** The public JWKS (empty with HS256 only, as there is no public key to publish). */
  jwks(): { keys: JWK[] };
  verify(token: string): Promise<JwtClaims>;
  /** The role an API key stands for, or null when it is not one of ours. */
  apikeyRole(key: string): 'anon' | 'service_role' | null;
}

const ASYMMETRIC = ['RS256', 'ES256'] as const;

interface SigningKey {
  kid: string;
  alg: (typeof ASYMMETRIC)[number];
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: JWK;
}

/** The JWK file named by `[auth] signing_keys_path` (relative to supabase/), or none. */
export function signingKeysFile(config: ServerConfig): string | undefined {
  const toml = path.join(config.supabaseDir, 'config.toml');
  if (!existsSync(toml)) return undefined;
  let named: unknown;
  try {
    const auth = (parseToml(readFileSync(toml, 'utf8')) as { auth?: Record<string, unknown> }).auth;
    named = auth?.signing_keys_path;
  } catch {
    return undefined;
  }
  return typeof named === 'string' && named !== ''
    ? path.resolve(config.supabaseDir, named)
    : undefined;
}

function loadSigningKeys(file: string): SigningKey[] {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const list = Array.isArray(parsed) ? parsed : [parsed];
  const keys: SigningKey[] = [];
  for (const raw of list) {
    const jwk = raw as JWK;
    const alg = jwk.alg as SigningKey['alg'];
    if (!ASYMMETRIC.includes(alg) || typeof jwk.kid !== 'string' || !jwk.d) {
      throw new Error(`${file}: each key must be a private RS256 or ES256 JWK with a kid`);
    }
    const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, key_ops: _ops, ...pub } = jwk;
    const publicJwk: JWK = { ...pub, key_ops: ['verify'] };
    keys.push({
      kid: jwk.kid,
      alg,
      privateKey: createPrivateKey({ key: jwk as never, format: 'jwk' }),
      publicKey: createPublicKey({ key: publicJwk as never, format: 'jwk' }),
      publicJwk,
    });
  }
  if (keys.length === 0) throw new Error(`${file}: no signing keys`);
  return keys;
}

export function createKeys(config: ServerConfig): Keys {
  const secret = new TextEncoder().encode(config.jwtSecret);
  const byKey = new Map<string, 'anon' | 'service_role'>([
    [config.anonKey, 'anon'],
    [config.publishableKey, 'anon'],
    [config.serviceRoleKey, 'service_role'],
    [config.secretKey, 'service_role'],
  ]);
  const file = signingKeysFile(config);
  // Read at start-up: a missing or malformed file stops the server rather than silently signing
  // with the secret.
  const asymmetric: SigningKey[] = file ? loadSigningKeys(file) : [];

  async function signWith(claims: JwtClaims): Promise<string> {
    const [current] = asymmetric;
    const jwt = new SignJWT({ ...claims });
    if (!current) return jwt.setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
    return jwt
      .setProtectedHeader({ alg: current.alg, kid: current.kid, typ: 'JWT' })
      .sign(current.privateKey);
  }

  return {
    secret,
    async sign(claims, expiresInSeconds) {
      const now = Math.floor(Date.now() / 1000);
      return signWith({ ...claims, iat: now, exp: now + expiresInSeconds });
    },
    signClaims: signWith,
    jwks() {
      return { keys: asymmetric.map((k) => k.publicJwk) };
    },
    async verify(token) {
      if (token.split('.').length !== 3) {
        throw new JwtError('malformed', 'Expected 3 parts in JWT; got ' + token.split('.').length);
      }
      try {
        const published = asymmetric;
        const keyFor = (header: JWTHeaderParameters) => {
          if (header.alg === 'HS256') return secret;
          const key = published.find((k) => k.kid === header.kid && k.alg === header.alg);
          if (!key) throw new JwtError('bad_signature', 'No key with this kid');
          return key.publicKey;
        };
        const algorithms = ['HS256', ...new Set(published.map((k) => k.alg))];
        const { payload } = await jwtVerify(token, keyFor, { algorithms });
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
