/**
 * The password rules, shared by the server (which enforces them) and the screens (which say them
 * before sending): spec/001 section 5 (at least 6 characters, not all numbers, retyped alike) as the
 * default; a company may raise the minimum; and, as OWASP ASVS 5.0 (V6.2) asks, never one of the
 * most common passwords, a simple sequence or repetition, or the holder's own name or e-mail.
 */
import type { FieldError } from './messages.ts';

/** The spec's minimum length, and the floor of any company's. */
const SPEC_MIN_LENGTH = 6;
/** The highest minimum a company may ask for. */
const MAX_MIN_LENGTH = 64;
const MAX_LENGTH = 256;

export const PASSWORD_MESSAGES = {
  minLength: (n: number) => `Password must be at least ${n} characters`,
  notText: 'Password must be text',
  allNumbers: 'Password cannot be all numbers',
  maxLength: `Password must be at most ${MAX_LENGTH} characters`,
  pattern: 'Password cannot be a simple sequence or repetition',
  common: 'Password is one of the most common passwords',
  personal: "Password cannot be based on the account's name or e-mail address",
  mismatch: 'Passwords do not match',
  currentRequired: 'Current password is required',
  currentWrong: 'Current password is incorrect',
} as const;

export interface PasswordPolicy {
  /** The company's minimum (see minLengthOf); the spec's 6 when absent. */
  minLength?: number;
  /**
   * The most common passwords, lower case (engine/common-passwords.ts). Without it that one rule
   * is left to whoever has the list: the server always has it.
   */
  common?: ReadonlySet<string>;
  /** The holder's e-mail address and names. */
  personal?: readonly unknown[];
}

/** A company's `password_min_length` as the minimum in force: never below the spec's, never past MAX_MIN_LENGTH. */
export function minLengthOf(setting: unknown): number {
  return typeof setting === 'number' && Number.isInteger(setting)
    ? Math.min(Math.max(setting, SPEC_MIN_LENGTH), MAX_MIN_LENGTH)
    : SPEC_MIN_LENGTH;
}

/** The problems in order, at `/password` and `/password2`; empty when the password is fine. */
export function passwordProblems(password: unknown, password2: unknown, policy: PasswordPolicy = {}): FieldError[] {
  const out: FieldError[] = [];
  const problem = typeof password === 'string' ? firstProblem(password, policy) : undefined;
  const min = minLengthOf(policy.minLength);
  // Missing, it is too short; given as a number or anything else, it is not a password at all.
  if (password === undefined || password === null)
    out.push({ path: '/password', message: PASSWORD_MESSAGES.minLength(min) });
  else if (typeof password !== 'string') out.push({ path: '/password', message: PASSWORD_MESSAGES.notText });
  else if (problem) out.push({ path: '/password', message: problem });
  if (password2 !== password) out.push({ path: '/password2', message: PASSWORD_MESSAGES.mismatch });
  return out;
}

function firstProblem(password: string, policy: PasswordPolicy): string | undefined {
  const min = minLengthOf(policy.minLength);
  if (Array.from(password).length < min) return PASSWORD_MESSAGES.minLength(min);
  if (/^\d+$/.test(password)) return PASSWORD_MESSAGES.allNumbers;
  if (password.length > MAX_LENGTH) return PASSWORD_MESSAGES.maxLength;
  const forms = formsOf(password);
  if (forms.some(isSimplePattern)) return PASSWORD_MESSAGES.pattern;
  const common = policy.common;
  if (common && forms.some((f) => f.length >= 4 && common.has(f))) return PASSWORD_MESSAGES.common;
  if (basedOnPersonal(forms, personalWords(policy.personal ?? []))) return PASSWORD_MESSAGES.personal;
  return undefined;
}

/** What people type for letters. */
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};
const NOT_ALNUM = /[^\p{L}\p{N}]/gu;

/**
 * The password as it is guessed: lower case; without separators; without the digits and symbols
 * around it (`Password1!`); with letters for look-alike digits (`p@ssw0rd`); reversed.
 */
function formsOf(password: string): string[] {
  const lower = password.normalize('NFKC').toLowerCase();
  const plain = lower.replace(NOT_ALNUM, '');
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  const letters = Array.from(lower, (ch) => LEET[ch] ?? ch)
    .join('')
    .replace(NOT_ALNUM, '');
  const forms = [lower, plain, core, core.replace(NOT_ALNUM, ''), letters];
  return [...new Set([...forms, ...forms.map((f) => Array.from(f).reverse().join(''))])].filter(Boolean);
}

const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1234567890', 'qwertzuiop', 'azertyuiop'];

/** One character repeated, a short block repeated (`abcabc`), a run (`abcdef`, `fedcba`) or a keyboard row. */
function isSimplePattern(form: string): boolean {
  const chars = Array.from(form);
  const n = chars.length;
  if (n < 4) return false;
  for (let unit = 1; unit <= n / 2; unit++) {
    if (
      n % unit === 0 &&
      form ===
        chars
          .slice(0, unit)
          .join('')
          .repeat(n / unit)
    )
      return true;
  }
  const step = chars[1].codePointAt(0)! - chars[0].codePointAt(0)!;
  if (
    Math.abs(step) === 1 &&
    chars.every((c, i) => i === 0 || c.codePointAt(0)! - chars[i - 1].codePointAt(0)! === step)
  ) {
    return true;
  }
  return KEYBOARD_ROWS.some((row) => row.includes(form));
}

/** The words of an e-mail address and of names, at least 3 letters each, longest first. */
function personalWords(values: readonly unknown[]): string[] {
  const words = new Set<string>();
  const add = (w: string) => {
    const plain = w.replace(NOT_ALNUM, '');
    if (Array.from(plain).length >= 3) words.add(plain);
  };
  for (const v of values) {
    if (typeof v !== 'string') continue;
    const lower = v.normalize('NFKC').toLowerCase().trim();
    add(lower);
    const [local, domain] = lower.split('@');
    add(local);
    for (const part of local.split(/[^\p{L}\p{N}]+/u)) add(part);
    if (domain) add(domain.split('.')[0]);
  }
  return [...words].sort((a, b) => b.length - a.length);
}

/**
 * Based on personal words: once every such word is taken out, fewer than 4 letters are left
 * (`emma2024`, `Smith.Emma!`, `emma@acme.example`); a long passphrase that merely holds a name is not.
 */
function basedOnPersonal(forms: readonly string[], words: readonly string[]): boolean {
  if (!words.length) return false;
  return forms.some((form) => {
    const plain = form.replace(NOT_ALNUM, '');
    let rest = plain;
    for (const w of words) rest = rest.split(w).join('');
    return rest !== plain && rest.replace(/\p{N}/gu, '').length < 4;
  });
}
