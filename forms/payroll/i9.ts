/**
 * Form I-9 Section 2 logic (spec/001 sections 4, 5 and 9), pure:
 * - compliance: List A is met by a List A document, a two-part List A choice only when both parts
 *   (two rows of that type) are there; Lists B and C by one of each. Compliant: A met, or B and C met,
 *   and every document has a title and an issuing authority.
 * - the notes each document row shows (two-part warning, under-18 note, receipt info with the day
 *   a receipt valid from the first day ends, the List B annotations);
 * - what Section 2 prints (3 List A, 1 List B, 1 List C) and the leftovers, which go to Additional
 *   Information as '#n: title, List x, Authority, Number, Expires date';
 * - what is due and what is late: the dates the server derives (engine/i9-deadlines.ts) against today.
 */
import { overdueSections, receiptValidUntil, type I9Dates, type I9Section } from '../../engine/i9-deadlines.ts';
import { epochToUs } from '../../engine/masks.ts';
import { i9Document, type I9List } from './i9-documents.ts';
import type { Document } from '../../types/generated/payroll/i9.ts';

/** One document row as the form holds it while it is filled in: the schema's document, any part missing. */
export type I9DocumentRecord = Partial<Document>;

export const COMPLIANCE_BANNERS = {
  achieved: { title: 'Compliance Achieved!', text: 'Please fill in the document details below.' },
  almost: {
    title: 'Compliance Almost Achieved',
    text: "You're close! Add missing Document Title and Issuing Authority to complete compliance.",
  },
} as const;

export const PRINT_LIMITS: Readonly<Record<I9List, number>> = { A: 3, B: 1, C: 1 };

export type I9Compliance =
  | { status: 'incomplete'; listA: boolean; listB: boolean; listC: boolean }
  /** The lists are met; these rows lack a title or an issuing authority. */
  | { status: 'almost'; missingDetails: number[] }
  | { status: 'achieved' };

const blank = (s: unknown) => typeof s !== 'string' || s.trim() === '';

/** The list a row counts for: its document's list, else the row's own. */
export function listOf(doc: I9DocumentRecord): I9List | undefined {
  const l = i9Document(doc.document_type)?.list ?? doc.list;
  return l === 'A' || l === 'B' || l === 'C' ? l : undefined;
}

export function i9Compliance(docs: readonly I9DocumentRecord[] | undefined): I9Compliance {
  const list = docs ?? [];
  const typeCount = new Map<string, number>();
  for (const d of list) if (d.document_type) typeCount.set(d.document_type, (typeCount.get(d.document_type) ?? 0) + 1);
  const listA = list.some((d) => {
    if (listOf(d) !== 'A') return false;
    const twoPart = i9Document(d.document_type)?.kind === 'two-part';
    return !twoPart || (typeCount.get(d.document_type!) ?? 0) >= 2;
  });
  const listB = list.some((d) => listOf(d) === 'B');
  const listC = list.some((d) => listOf(d) === 'C');
  if (!(listA || (listB && listC))) return { status: 'incomplete', listA, listB, listC };
  // An annotation written under List B ("Individual under age 18") has no issuing authority.
  const needsAuthority = (d: I9DocumentRecord) => i9Document(d.document_type)?.kind !== 'annotation';
  const missingDetails = list.flatMap((d, i) =>
    blank(d.title) || (needsAuthority(d) && blank(d.issuing_authority)) ? [i] : [],
  );
  return missingDetails.length ? { status: 'almost', missingDetails } : { status: 'achieved' };
}

export type I9NoteLevel = 'warning' | 'note' | 'info';

export interface I9Note {
  level: I9NoteLevel;
  text: string;
}

export const TWO_PART_WARNING =
  'This List A choice has two parts: the passport and the Form I-94 or I-94A. Add the other part as another row of the same document.';
export const UNDER_18_NOTE = 'Only for an employee under age 18 who cannot present one of the other List B documents.';
export const RECEIPT_INFO = 'Receipts are valid for limited time only.';

/** What the helper says about the row at `index`; `firstDay` dates a receipt valid from the first day. */
export function i9DocumentNotes(docs: readonly I9DocumentRecord[], index: number, firstDay?: number): I9Note[] {
  const doc = docs[index];
  const info = i9Document(doc?.document_type);
  if (!info) return [];
  if (info.kind === 'annotation') return [{ level: 'note', text: info.note ?? '' }];
  if (info.kind === 'two-part') {
    const parts = docs.filter((d) => d.document_type === info.code).length;
    return parts < 2 ? [{ level: 'warning', text: TWO_PART_WARNING }] : [];
  }
  if (info.kind === 'under-18') return [{ level: 'note', text: UNDER_18_NOTE }];
  if (info.kind === 'receipt') {
    const until = receiptValidUntil(info.code, firstDay);
    const ends = until === undefined ? '' : `This one is valid until ${epochToUs(until)}.`;
    return [
      {
        level: 'info',
        text: `${RECEIPT_INFO} ${info.validity ?? ''} ${ends} Record "Receipt" and the receipt number as the document number, and the last day it is valid as the expiration date.`.replace(
          /\s+/g,
          ' ',
        ),
      },
    ];
  }
  return [];
}

/** The I-9 as the helper reads it: the dates the server derived and the signatures it holds. */
export type I9Deadlined = I9Dates & { employee_signature?: unknown; employer_signature?: unknown };

const DUE_TEXT: Record<I9Section, string> = {
  'Section 1': 'Section 1 is due by the first day of employment',
  'Section 2': 'Section 2 is due within three business days after the first day',
};

/**
 * What the helper says about the deadlines: what is late now (a section not signed past its due
 * day, the company's day `now` falls on in `timeZone`), what was signed late, and the next due day.
 */
export function i9DeadlineNotes(i9: I9Deadlined, now: number, timeZone?: string): I9Note[] {
  const signed = { 'Section 1': !!i9.employee_signature, 'Section 2': !!i9.employer_signature };
  const due = { 'Section 1': i9.section1_due, 'Section 2': i9.section2_due };
  const notes: I9Note[] = overdueSections(i9, signed, now, timeZone).map((s) => ({
    level: 'warning',
    text: `Late: ${DUE_TEXT[s]} (${epochToUs(due[s]!)}) and is not signed.`,
  }));
  for (const s of i9.late ?? [])
    notes.push({ level: 'note', text: `${s} was signed after its due day (${epochToUs(due[s]!)}).` });
  const open = (['Section 1', 'Section 2'] as const).find((s) => !signed[s] && due[s] !== undefined);
  if (open && !notes.some((n) => n.level === 'warning')) {
    notes.push({ level: 'info', text: `${DUE_TEXT[open]}: ${epochToUs(due[open]!)}.` });
  }
  return notes;
}

export interface I9PrintSlots {
  A: number[];
  B: number[];
  C: number[];
  /** Rows beyond the printed slots, in order. */
  leftovers: number[];
}

/** Which rows Section 2 prints in its List A, B and C columns, and which are left over. */
export function i9PrintSlots(docs: readonly I9DocumentRecord[] | undefined): I9PrintSlots {
  const out: I9PrintSlots = { A: [], B: [], C: [], leftovers: [] };
  (docs ?? []).forEach((d, i) => {
    const l = listOf(d);
    if (l && out[l].length < PRINT_LIMITS[l]) out[l].push(i);
    else out.leftovers.push(i);
  });
  return out;
}

const orNA = (s: unknown) => (blank(s) ? 'N/A' : String(s).trim());

/** '#n: title, List x, Authority, Number, Expires date' with n the row's position (from 1). */
export function leftoverLine(doc: I9DocumentRecord, index: number): string {
  const expires = typeof doc.expiration_date === 'number' ? epochToUs(doc.expiration_date) : 'N/A';
  return `#${index + 1}: ${orNA(doc.title)}, List ${listOf(doc) ?? '?'}, ${orNA(doc.issuing_authority)}, ${orNA(doc.document_number)}, Expires ${expires}`;
}

/** A new row for a chosen document type. */
export function newI9Document(code: string): I9DocumentRecord {
  const info = i9Document(code);
  if (!info) throw new Error(`i9: unknown document type '${code}'`);
  // An annotation is printed as its own words in the List B title box.
  return info.kind === 'annotation'
    ? { document_type: info.code, list: info.list, title: info.label }
    : { document_type: info.code, list: info.list };
}
