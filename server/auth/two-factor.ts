/**
 * The second factor's rules (../shared/API.md "Two-factor sign-in and refresh tokens", docs/two-factor.md):
 * authenticator keys and their codes (RFC 6238 TOTP through `otpauth`: SHA-1, 6 digits, 30 s, one
 * step of clock drift either way, no step used twice), codes sent by e-mail or text (6 digits, 10
 * minutes, once), recovery codes (10, single use, kept as keyed digests) and which accounts a
 * company requires it of.
 */
import { randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { MANAGING_PERMISSIONS } from './sessions.ts';
import type { Principal } from '../../engine/access.ts';
import type { OrgInfo } from '../orgs.ts';
import type { Services } from '../services.ts';
import type { StoredRecord } from '../storage/types.ts';
import { escapeHtml } from '../mail/escape-html.ts';
import { TEXT_MESSAGE_SUBJECT } from '../mail/sms.ts';
import type { QueuedMessage } from '../mail/outbox.ts';
import type { Challenge, TwoFactorMethod } from './sign-in-state.ts';

/** How long the password step's challenge lasts, and a code sent by e-mail or text. */
export const CHALLENGE_SECONDS = 5 * 60;
export const SENT_CODE_SECONDS = 10 * 60;
/** Wrong codes that end a challenge; the least time between two codes sent for one challenge. */
export const MAX_WRONG_CODES = 5;
export const RESEND_SECONDS = 60;
export const RECOVERY_CODE_COUNT = 10;
/** spec/001 section 5: an authenticator key is 13 characters of A-Z and 2-7 (RFC 4648 base32). */
export const AUTHENTICATOR_KEY = /^[A-Z2-7]{13}$/;
export const INVALID_KEY = 'Invalid Auth key provided';
export const INVALID_CODE = 'Invalid code';
const PERIOD = 30;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export const METHODS: readonly TwoFactorMethod[] = ['none', 'authenticator', 'email', 'text'];

export function methodOf(user: StoredRecord): TwoFactorMethod {
  const m = user.data['2fa_method'];
  return METHODS.includes(m as TwoFactorMethod) ? (m as TwoFactorMethod) : 'none';
}

/**
 * A new authenticator key: 13 base32 characters of random bits. 13 characters carry 65 bits, of
 * which a decoder keeps 64 (8 bytes): the last character's lowest bit is left 0, so that the key
 * reads back the same from every app's decoding.
 */
export function newAuthenticatorKey(): string {
  let key = '';
  for (let i = 0; i < 12; i++) key += BASE32[randomInt(32)];
  return key + BASE32[randomInt(16) * 2];
}

function totpFor(key: string, label = '', issuer = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(key) });
}

/** The `otpauth://` URI an authenticator app scans (as a QR code) to learn the key. */
export function otpauthUri(key: string, issuer: string, account: string): string {
  const totp = totpFor(key, account, issuer);
  // As the key reads (a given key's unused last bit may differ from the decoder's re-encoding).
  return totp.toString().replace(`secret=${totp.secret.base32}`, `secret=${key}`);
}

/**
 * The time step a TOTP code belongs to when it is right for `key` at `now` (one step of drift either
 * way) and newer than `lastStep` (a code is accepted once: RFC 6238 section 5.2); undefined otherwise.
 */
export function totpStep(key: string, typed: string, now: number, lastStep: number): number | undefined {
  const code = sixDigits(typed);
  if (code === undefined) return undefined;
  const delta = totpFor(key).validate({ token: code, timestamp: now * 1000, window: 1 });
  if (delta === null) return undefined;
  const step = Math.floor(now / PERIOD) + delta;
  return step > lastStep ? step : undefined;
}

/** A 6-digit code to send. */
export function newSentCode(): string {
  return String(randomInt(1_000_000)).padStart(6, '0');
}

/** Keyed digest of a code sent for one challenge: it proves nothing for another. */
export function sentCodeHash(s: Services, challengeId: string, code: string): string {
  return s.cipher.lookup(`two-factor\u0000${challengeId}\u0000${code}`);
}

export function sameDigest(a: string | undefined, b: string): boolean {
  if (a === undefined) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether `code` is the code sent for this challenge, still within its 10 minutes. */
export function sentCodeRight(s: Services, c: Challenge, typed: string): boolean {
  const code = sixDigits(typed);
  return code !== undefined && (c.codeExp ?? 0) > s.now() && sameDigest(c.codeHash, sentCodeHash(s, c.id, code));
}

/**
 * A typed 6-digit code as its digits, or undefined when it is none: spaces and dashes between them
 * are left out, as authenticator apps show a code in two groups ("123 456").
 */
function sixDigits(typed: string): string | undefined {
  const code = typed.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(code) ? code : undefined;
}

/**
 * Recovery codes as shown: 10 characters of base32 in two groups (`ABCDE-FGHJK`), 50 random bits
 * each. Typed codes are compared without case, spaces or dashes.
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let c = '';
    for (let i = 0; i < 10; i++) c += BASE32[randomInt(32)];
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
}

export function recoveryCodeHash(s: Services, userKey: string, code: string): string {
  const plain = code.toUpperCase().replace(/[\s-]/g, '');
  return s.cipher.lookup(`recovery\u0000${userKey}\u0000${plain}`);
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[A-Za-z2-7]{5}[\s-]?[A-Za-z2-7]{5}$/.test(code.trim());
}

/**
 * Whether the company requires a second factor of this account: its setting
 * `require_2fa_for_managers` is on and the account manages payroll data, users, rights or
 * companies (the same list that shortens their idle time, ./sessions.ts).
 */
export function twoFactorRequired(org: OrgInfo, principal: Principal): boolean {
  if (org.record.data.require_2fa_for_managers !== true) return false;
  return principal.isAdmin || MANAGING_PERMISSIONS.some((p) => principal.permissions.has(p));
}

/** A sign-in's code to send by e-mail or text message, naming the company. */
export function codeMessage(org: OrgInfo, user: StoredRecord, method: 'email' | 'text', code: string): QueuedMessage {
  const text = `Your code to sign in to ${org.name} is ${code}. It works once, for 10 minutes. If you did not ask for it, change your password.`;
  if (method === 'text') {
    return { channel: 'text', to: String(user.data.phone ?? ''), subject: TEXT_MESSAGE_SUBJECT, text };
  }
  return {
    to: String(user.data.email),
    subject: `${org.name}: your sign-in code ${code}`,
    text,
    html: `<p>Your code to sign in to ${escapeHtml(org.name)} is <strong>${escapeHtml(code)}</strong>. It works once, for 10 minutes.</p><p>If you did not ask for it, change your password.</p>`,
  };
}

/**
 * The word that e-mailed or texted codes are on, sent where they will go: the holder learns it from
 * the channel itself (a change they did not make does not go unnoticed, and a phone number typed
 * wrong shows at once by the message not arriving).
 */
export function secondFactorOnNotice(org: OrgInfo, user: StoredRecord, method: 'email' | 'text'): QueuedMessage {
  const how = method === 'text' ? 'by text message to this phone' : 'by e-mail to this address';
  const text = `Two-factor sign-in for your ${org.name} account is on: each sign-in now asks for a code sent ${how}. If you did not expect this, change your password and tell your administrator.`;
  if (method === 'text')
    return { channel: 'text', to: String(user.data.phone ?? ''), subject: TEXT_MESSAGE_SUBJECT, text };
  return {
    to: String(user.data.email),
    subject: `${org.name}: two-factor sign-in turned on`,
    text,
    html: `<p>${escapeHtml(text)}</p>`,
  };
}

/** Where a code for `method` can go: the account's e-mail, or a phone of 10 digits. */
export function deliverable(user: StoredRecord, method: 'email' | 'text'): boolean {
  if (method === 'email') return typeof user.data.email === 'string' && user.data.email.includes('@');
  return String(user.data.phone ?? '').replace(/\D/g, '').length === 10;
}

/** A challenge's opaque token: its id and a secret half, of which only a keyed digest is kept. */
export function newChallengeToken(s: Services): { id: string; token: string; secretHash: string } {
  const id = randomUUID();
  const secret = randomBytes(24).toString('base64url');
  return { id, token: `${id}.${secret}`, secretHash: challengeSecretHash(s, secret) };
}

export function challengeSecretHash(s: Services, secret: string): string {
  return s.cipher.lookup(`challenge\u0000${secret}`);
}

/**
 * The notice telling the account's holder that their second factor was turned off or reset (by them
 * or by a user manager), so that a change they did not make does not go unnoticed; undefined when
 * the account had none or has no e-mail address.
 */
export function secondFactorOffNotice(
  org: OrgInfo,
  user: StoredRecord,
  how: 'turned off' | 'reset by a user manager',
): QueuedMessage | undefined {
  const email = typeof user.data.email === 'string' ? user.data.email : '';
  if (methodOf(user) === 'none' || !email.includes('@')) return undefined;
  const text = `Two-factor sign-in for your ${org.name} account was ${how}. If you did not expect this, change your password and tell your administrator.`;
  return {
    to: email,
    subject: `${org.name}: two-factor sign-in ${how === 'turned off' ? 'turned off' : 'reset'}`,
    text,
    html: `<p>${escapeHtml(text)}</p>`,
  };
}
