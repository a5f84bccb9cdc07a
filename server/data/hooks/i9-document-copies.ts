/**
 * Copies of the documents examined for a Form I-9 (payroll/i9_document_copies): each belongs to an
 * employee's I-9 and to one of its documents examined (Section 2, or a Supplement B block), and is
 * kept as long as that I-9 is: neither the copy nor its file goes while the I-9's retention runs
 * (the I-9's own rule and message, ./i9.ts).
 */
import type { FieldError } from '../../../engine/messages.ts';
import { ApiError } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import type { DataObject, StoredRecord } from '../../storage/types.ts';
import type { EntityHooks } from '../hooks.ts';
import { retentionRefusal } from './i9.ts';

/** The ids of the documents examined on an I-9: Section 2's and each Supplement B block's. */
function examinedIds(i9: DataObject): Set<string> {
  const ids = new Set<string>();
  for (const list of [i9.documentation, i9.supplement_b]) {
    if (!Array.isArray(list)) continue;
    for (const d of list as DataObject[]) if (typeof d?.id === 'string') ids.add(d.id);
  }
  return ids;
}

/** Why the copy (or its file) must stay: the retention of the I-9 it belongs to; undefined once that has passed. */
export async function copyRetention(s: Services, org: string, copy: StoredRecord): Promise<string | undefined> {
  const employee = copy.data.employee_id;
  if (typeof employee !== 'string') return undefined;
  const i9 = await s.storage.get('payroll/i9', org, employee);
  return i9 ? retentionRefusal(s, org, employee, i9.data) : undefined;
}

export const i9DocumentCopyHooks: EntityHooks = {
  async validate({ s, caller, data, mode }) {
    if (mode !== 'create') return [];
    const out: FieldError[] = [];
    const i9 = await s.storage.get('payroll/i9', caller.org.id, String(data.employee_id));
    if (!i9) {
      out.push({ path: '/employee_id', message: 'This employee has no Form I-9 to keep copies with.' });
    } else if (!examinedIds(i9.data).has(String(data.document_id))) {
      out.push({ path: '/document_id', message: 'Must be the id of a document examined on the I-9.' });
    }
    return out;
  },
  async onDelete({ s, caller, record }) {
    const refusal = await copyRetention(s, caller.org.id, record);
    if (refusal) throw new ApiError(409, `A copy of an I-9 document is kept with the I-9. ${refusal}`);
    return [];
  },
  async fileRemoval({ s, caller, record }) {
    const refusal = await copyRetention(s, caller.org.id, record);
    if (refusal) throw new ApiError(409, `A copy of an I-9 document is kept with the I-9. ${refusal}`);
  },
};
