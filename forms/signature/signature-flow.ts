/**
 * The signature panel's steps as a pure reducer (spec/001 sections 2 and 4): before consent the
 * agreement can be read; "I agree" closes it and shows the Full Name input, the font toggle (reset to
 * font1) and, in the drawn mode, the drawing pad; Submit is possible once a name (and a drawing) is
 * there and emits {name, font, timestamp, userAgent} (plus image when drawn).
 */
import { DEFAULT_TIME_ZONE, localDay } from '../../engine/local-day.ts';
import { epochToUs } from '../../engine/masks.ts';
import { canonicalJson } from '../../engine/unique-items.ts';
import { isSigned as signedValue, namesSigner } from '../../engine/unsigned-signatures.ts';
import { DEFAULT_SIGNATURE_FONT, type SignatureFont } from './signature-fonts.ts';
import type { Signature } from '../../types/generated/common/defs.ts';

export type SignatureMode = 'typed' | 'drawn';

export type SignatureFlow =
  { step: 'consent'; reading: boolean } | { step: 'signing'; name: string; font: SignatureFont; image?: string };

export type SignatureFlowAction =
  | { type: 'read' }
  | { type: 'closeAgreement' }
  | { type: 'agree' }
  | { type: 'name'; name: string }
  | { type: 'font'; font: SignatureFont }
  | { type: 'draw'; image: string | undefined };

export const initialSignatureFlow: SignatureFlow = { step: 'consent', reading: false };

export function signatureFlow(state: SignatureFlow, action: SignatureFlowAction): SignatureFlow {
  switch (action.type) {
    case 'read':
      return state.step === 'consent' ? { step: 'consent', reading: true } : state;
    case 'closeAgreement':
      return state.step === 'consent' ? { step: 'consent', reading: false } : state;
    case 'agree':
      return { step: 'signing', name: state.step === 'signing' ? state.name : '', font: DEFAULT_SIGNATURE_FONT };
    case 'name':
      return state.step === 'signing' ? { ...state, name: action.name } : state;
    case 'font':
      return state.step === 'signing' ? { ...state, font: action.font } : state;
    case 'draw':
      return state.step === 'signing' ? { ...state, image: action.image } : state;
  }
}

export function canSubmitSignature(state: SignatureFlow, mode: SignatureMode): boolean {
  if (state.step !== 'signing' || !namesSigner(state.name)) return false;
  return mode === 'typed' || !!state.image;
}

/**
 * The stored signature (defs.json#/definitions/signature, typed by npm run gen:types) as the panel
 * emits it: always with its font and user agent, without the evidence the server adds. The server
 * stamps its own time on save.
 */
export type SignatureValue = Required<Pick<Signature, 'name' | 'font' | 'timestamp' | 'userAgent'>> &
  Pick<Signature, 'image'>;

export function toSignatureValue(
  state: SignatureFlow,
  mode: SignatureMode,
  now: number,
  userAgent: string,
): SignatureValue | undefined {
  if (!canSubmitSignature(state, mode) || state.step !== 'signing') return undefined;
  const value: SignatureValue = { name: state.name.trim(), font: state.font, timestamp: now, userAgent };
  if (mode === 'drawn' && state.image) value.image = state.image;
  return value;
}

/** A signature counts only with a name and a time: engine/unsigned-signatures.ts, typed as the stored value. */
export const isSigned = signedValue as (value: unknown) => value is SignatureValue;

/** The signing date as MM/DD/YYYY: the day the signature's instant fell on in the company's time zone. */
export function signedOn(value: SignatureValue, timeZone: string = DEFAULT_TIME_ZONE): string {
  return epochToUs(localDay(value.timestamp, timeZone));
}

/** A signature of the record's history that a later change voided (signature_history, written by the server). */
export interface VoidedSignature {
  name: string;
  time?: number;
  reason: string;
}

/**
 * How the record's signature history names the signature at `path` (rjsf's path of the field): the
 * field of a top-level signature, `array.<item key>.field` for one in an item of a keyed array (an
 * I-9 supplement block), the item key named by the array's x-item-key.
 */
export function historyName(
  path: readonly (string | number)[],
  data: Record<string, unknown> | undefined,
  rootSchema: { properties?: Record<string, unknown> } | undefined,
): string | undefined {
  if (path.length === 1) return String(path[0]);
  const [array, index, field] = path;
  if (path.length !== 3 || typeof index !== 'number') return undefined;
  const key = (rootSchema?.properties?.[array] as { 'x-item-key'?: unknown } | undefined)?.['x-item-key'];
  const items = data?.[array];
  const id = typeof key === 'string' && Array.isArray(items) ? items[index]?.[key] : undefined;
  return typeof id === 'string' ? `${array}.${id}.${field}` : undefined;
}

/**
 * Whether the signature at `path` (an item's, in an array keyed by user whose signature says
 * `signerIsItemKey`: an assignment's acknowledgement) is another user's to sign than `viewer`.
 */
export function anotherUsersItem(
  path: readonly (string | number)[],
  data: Record<string, unknown> | undefined,
  rootSchema: { properties?: Record<string, unknown> } | undefined,
  viewer: string | undefined,
): boolean {
  const [array, index, field] = path;
  if (path.length !== 3 || typeof index !== 'number' || typeof array !== 'string') return false;
  const arr = rootSchema?.properties?.[array] as
    | {
        'x-item-key'?: unknown;
        items?: { properties?: Record<string, { 'x-attests'?: { signerIsItemKey?: unknown } }> };
      }
    | undefined;
  const key = arr?.['x-item-key'];
  if (typeof key !== 'string' || arr?.items?.properties?.[field]?.['x-attests']?.signerIsItemKey !== true) return false;
  const items = data?.[array];
  const who = Array.isArray(items) ? (items[index] as Record<string, unknown> | undefined)?.[key] : undefined;
  return who !== viewer;
}

/**
 * The signature that last stood in `field` and was voided, when the field holds none now: what the
 * screen shows as "void: changed after signing" until the form is signed again.
 */
export function voidedSignature(history: unknown, field: string, current: unknown): VoidedSignature | undefined {
  if (isSigned(current) || !Array.isArray(history)) return undefined;
  const last = [...history].reverse().find((h) => h && typeof h === 'object' && h.field === field);
  if (!last?.voided || !last.signature?.name) return undefined;
  return {
    name: String(last.signature.name),
    time: last.voided.time,
    reason: String(last.voided.reason ?? 'changed after signing'),
  };
}

/** Nothing given: what a field holds before anyone fills it in (a form's start shows 0, '' or no choice). */
const blank = (v: unknown) =>
  v === undefined ||
  v === null ||
  v === '' ||
  v === 0 ||
  v === false ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && v !== null && Object.keys(v).length === 0);

/** Data without its empty objects (the form fills an object it shows with `{}`): what the server counts. */
function counted(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(counted);
  if (!v || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    const c = counted(x);
    if (c !== undefined && !(c && typeof c === 'object' && !Array.isArray(c) && !Object.keys(c).length)) out[k] = c;
  }
  return out;
}

/** Whether two values hold the same data, whatever the order of their keys, an empty object as absent. */
export const sameData = (a: unknown, b: unknown): boolean => canonicalJson(counted(a)) === canonicalJson(counted(b));

/**
 * The fields a kept signature attests that the form changed from the stored record: saving them
 * voids it (the server's rule, server/data/signatures.ts), so the form says so before the Save. A
 * field the record never held counts as changed only once it holds something.
 */
export function attestedChanges(
  stored: Readonly<Record<string, unknown>> | undefined,
  current: Readonly<Record<string, unknown>> | undefined,
  fields: readonly string[],
): string[] {
  if (!stored || !current) return [];
  return fields.filter((f) => (f in stored ? !sameData(stored[f], current[f]) : !blank(current[f])));
}
