/**
 * Session tokens: JWTs signed with HS256 (jose). Verification pins the algorithm, issuer and
 * audience; revocation is by the session record the token names (`sid`), checked on every call.
 */
import { SignJWT, jwtVerify } from 'jose';

export const TOKEN_ISSUER = 'dform';
export const TOKEN_AUDIENCE = 'dform-api';

export interface TokenClaims {
  sub: string;
  org: string;
  sid: string;
  exp: number;
  /** The session content of spec/000 section 3, for the client's convenience; the server never trusts it. */
  session: Record<string, unknown>;
}

export async function signToken(key: Uint8Array, claims: TokenClaims, now: number): Promise<string> {
  return new SignJWT({ org: claims.org, sid: claims.sid, session: claims.session })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(now)
    .setNotBefore(now - 5)
    .setExpirationTime(claims.exp)
    .sign(key);
}

export interface VerifiedClaims {
  sub: string;
  org: string;
  sid: string;
  exp: number;
}

/**
 * Verified tokens per signing key, remembered so that each call does not verify the same signature
 * again; the session record is still checked on every call, so revocation stays immediate.
 */
const verifiedByKey = new WeakMap<Uint8Array, Map<string, VerifiedClaims & { nbf: number }>>();
const MAX_REMEMBERED = 20_000;

/** The verified claims, or undefined for any token that is not ours, well formed and current. */
export async function verifyToken(key: Uint8Array, token: string, now: number): Promise<VerifiedClaims | undefined> {
  if (token.length > 16_384) return undefined;
  let verified = verifiedByKey.get(key);
  if (!verified) verifiedByKey.set(key, (verified = new Map()));
  const known = verified.get(token);
  if (known) {
    if (known.exp > now && known.nbf <= now) return { sub: known.sub, org: known.org, sid: known.sid, exp: known.exp };
    verified.delete(token);
    return undefined;
  }
  const claims = await verifySignature(key, token, now);
  if (claims) {
    if (verified.size >= MAX_REMEMBERED) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
  }
  return claims && { sub: claims.sub, org: claims.org, sid: claims.sid, exp: claims.exp };
}

async function verifySignature(
  key: Uint8Array,
  token: string,
  now: number,
): Promise<(VerifiedClaims & { nbf: number }) | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      currentDate: new Date(now * 1000),
      requiredClaims: ['sub', 'exp', 'iat', 'nbf'],
    });
    const { sub, org, sid, exp, nbf } = payload as Record<string, unknown>;
    if (
      typeof sub !== 'string' ||
      typeof org !== 'string' ||
      typeof sid !== 'string' ||
      typeof exp !== 'number' ||
      typeof nbf !== 'number'
    ) {
      return undefined;
    }
    return { sub, org, sid, exp, nbf };
  } catch {
    return undefined;
  }
}
