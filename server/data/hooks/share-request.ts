/**
 * A share request asks HR to share one of an employee's own documents (spec/001: its document_type
 * is employee_documents): the document it names is that employee's, never a colleague's. That the
 * document and the people exist in the company is the reference check's (x-ref).
 */
import type { FieldError } from '../../../engine/messages.ts';
import type { EntityHooks, HookArgs } from '../hooks.ts';

async function validate({ s, caller, data, before }: HookArgs): Promise<FieldError[]> {
  const id = data.document_id;
  if (typeof id !== 'string' || (before && before.document_id === id && before.employee_id === data.employee_id))
    return [];
  const doc = (await s.storage.get('hr/employee_documents', caller.org.id, id))?.data;
  if (doc && doc.employee_id !== data.employee_id) {
    return [{ path: '/document_id', message: "Choose one of the employee's own documents." }];
  }
  return [];
}

export const shareRequestHooks: EntityHooks = { validate };
