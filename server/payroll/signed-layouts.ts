/**
 * The printable layout a state certificate was signed under (docs/signatures.md, "Printing"). A
 * state's layout kept as data (a state_w4_form's printable_layout) is product staff's to change at
 * any time: a field renamed, a line taken off the printout, a new edition. A signed certificate must
 * go on printing what its employee signed, so signing one whose state prints from a layout kept as
 * data names that layout by digest in the signature's evidence (`evidence.layout`), and the layout is
 * kept, by digest, in the company's own copy (SYSTEM.signedLayouts). Printing the certificate uses
 * that copy while the signature holds; a certificate not signed, or signed again, prints with the
 * current layout. The shipped layouts are files of the product, reviewed and released like code.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../engine/unique-items.ts';
import type { Layout } from '../../printable/layout.ts';
import { dataLayoutProblems } from '../../printable/layouts.ts';
import { SYSTEM, type Services } from '../services.ts';
import type { DataObject, WriteOp } from '../storage/types.ts';
import { findDataLayout, findStateForm } from './state-forms.ts';

/** `sha256:<hex>` of the layout's canonical JSON. */
export function layoutDigest(layout: unknown): string {
  return `sha256:${createHash('sha256').update(canonicalJson(layout)).digest('hex')}`;
}

/** A digest's key in SYSTEM.signedLayouts. */
const keyOf = (digest: string) => digest.slice('sha256:'.length);

/**
 * The layout kept as data that a certificate of `state` prints with now, in the company's reach
 * (its own definition first, then the product's); undefined when the state prints a shipped form or
 * none.
 */
export async function currentDataLayout(s: Services, org: string, state: string): Promise<Layout | undefined> {
  const definition = await findStateForm(s, org, state);
  const type = definition?.data.printable_type;
  const layout = typeof type === 'string' ? await findDataLayout(s, org, type) : undefined;
  return layout?.state === state ? layout : undefined;
}

type Sig = { evidence?: Record<string, unknown> } | undefined;

/** The signature made by this write (not the one stored before), if any. */
function newSignature(data: DataObject, before: DataObject | undefined): Sig {
  const sig = data.employee_signature as Sig;
  if (!sig || typeof sig !== 'object' || !sig.evidence) return undefined;
  return JSON.stringify(sig) === JSON.stringify(before?.employee_signature) ? undefined : sig;
}

/**
 * The certificate's data with the signature this write made naming the layout it is signed under,
 * when its state prints from a layout kept as data (the state W-4's amend hook).
 */
export async function signUnderLayout(
  s: Services,
  org: string,
  data: DataObject,
  before: DataObject | undefined,
): Promise<DataObject> {
  const sig = newSignature(data, before);
  if (!sig || typeof data.state !== 'string') return data;
  const layout = await currentDataLayout(s, org, data.state);
  if (!layout) return data;
  return { ...data, employee_signature: { ...sig, evidence: { ...sig.evidence, layout: layoutDigest(layout) } } };
}

/**
 * The op that keeps, for the company, the layout the signature this write made names, when the
 * company holds no copy of it yet (the state W-4's extraOps hook, in the certificate's commit).
 */
export async function keepSignedLayout(
  s: Services,
  org: string,
  data: DataObject,
  before: DataObject | undefined,
): Promise<WriteOp[]> {
  const digest = newSignature(data, before)?.evidence?.layout;
  if (typeof digest !== 'string' || typeof data.state !== 'string') return [];
  if (await s.storage.get(SYSTEM.signedLayouts, org, keyOf(digest))) return [];
  const layout = await currentDataLayout(s, org, data.state);
  if (!layout || layoutDigest(layout) !== digest) return [];
  const now = s.now();
  return [
    {
      op: 'put',
      record: {
        collection: SYSTEM.signedLayouts,
        org,
        key: keyOf(digest),
        data: { layout: layout as unknown as DataObject },
        meta: { created_by: 'system', created_time: now, updated_by: 'system', updated_time: now, version: 1 },
      },
    },
  ];
}

/**
 * The layout a stored certificate prints with: the one its signature was made under, when that is
 * not the current one and the company keeps it (checked again, as every layout kept as data is
 * before it is drawn); else `current`.
 */
export async function signedLayoutOf(s: Services, org: string, current: Layout, certificate: DataObject | undefined) {
  const digest = (certificate?.employee_signature as Sig)?.evidence?.layout;
  if (typeof digest !== 'string' || !/^sha256:[0-9a-f]{64}$/.test(digest) || digest === layoutDigest(current)) {
    return current;
  }
  const kept = (await s.storage.get(SYSTEM.signedLayouts, org, keyOf(digest)))?.data.layout;
  if (!kept || dataLayoutProblems(kept, { form: current.form, state: current.state }).length) {
    s.log('warn', 'the layout a certificate was signed under is not kept; printed with the current one', {
      org,
      digest,
    });
    return current;
  }
  return kept as unknown as Layout;
}

/**
 * A layout the company keeps for `form` (a printable form kept as data), for when its definition is
 * gone: product staff removed it, and the certificates signed under it still print as signed (the
 * route then picks the one each signature names, signedLayoutOf). Undefined when it keeps none.
 */
export async function keptLayoutOf(
  s: Services,
  org: string,
  which: { form: string } | { state: string },
): Promise<Layout | undefined> {
  const kept = await s.storage.find(SYSTEM.signedLayouts, org, { criteria: [], limit: 1000, offset: 0 });
  for (const r of kept.items) {
    const layout = r.data.layout as { form?: unknown; state?: unknown } | undefined;
    if (typeof layout?.form !== 'string' || typeof layout.state !== 'string') continue;
    if ('form' in which ? layout.form !== which.form : layout.state !== which.state) continue;
    if (!dataLayoutProblems(layout, { form: layout.form, state: layout.state }).length) {
      return layout as unknown as Layout;
    }
  }
  return undefined;
}
