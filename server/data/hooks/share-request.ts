/**
 * A share request asks HR to share one of an employee's own documents (spec/001: its document_type
 * is employee_documents): the document it names is that employee's, never a colleague's. That the
 * document and the people exist in the company is the reference check's (x-ref). Whoever may choose
 * among the company's people asks for anyone of it; anyone else, an employee asking for her own
 * document, for the people her form offers her (her managers and HR: ../../auth/offered-people.ts).
 */
import { allows } from '../../../engine/access.ts';
import type { FieldError } from '../../../engine/messages.ts';
import { offeredPeople, SHARE_REQUESTS } from '../../auth/offered-people.ts';
import { choosesPeople } from '../../auth/user-info.ts';
import type { EntityHooks, HookArgs } from '../hooks.ts';

export const ONLY_OFFERED =
  'Share with your managers or with those who handle HR documents: choose among the people offered.';

async function validate({ s, caller, data, before }: HookArgs): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const id = data.document_id;
  if (typeof id === 'string' && !(before && before.document_id === id && before.employee_id === data.employee_id)) {
    const doc = (await s.storage.get('hr/employee_documents', caller.org.id, id))?.data;
    if (doc && doc.employee_id !== data.employee_id) {
      errors.push({ path: '/document_id', message: "Choose one of the employee's own documents." });
    }
  }
  const people = Array.isArray(data.share_to) ? data.share_to : [];
  const added = people.filter((k) => !(Array.isArray(before?.share_to) && before.share_to.includes(k)));
  if (!added.length) return errors;
  const users = s.catalogue.registry.resolve('auth', 'users')!.entity;
  if (allows(users.file['x-access'].list, caller.principal)) return errors;
  if (choosesPeople(s.catalogue, caller.principal, caller.org.activeModules)) return errors;
  const offered = new Set((await offeredPeople(s, caller.org.id, SHARE_REQUESTS, caller.user.key)).map((u) => u.key));
  const others = added.filter((k): k is string => typeof k === 'string' && !offered.has(k)).slice(0, 100);
  // A key of nobody is the reference check's to name ("Must be a user of this company.").
  const found = others.length
    ? await s.storage.getMany(
        caller.org.id,
        others.map((key) => ({ collection: 'auth/users', key })),
      )
    : [];
  if (found.some(Boolean)) errors.push({ path: '/share_to', message: ONLY_OFFERED });
  return errors;
}

export const shareRequestHooks: EntityHooks = { validate };
