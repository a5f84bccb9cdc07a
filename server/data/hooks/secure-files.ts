/**
 * A secure file's recipient (docs/files.md, "Sending HR a secure file"): whoever may choose among
 * the company's people (search_people) sends to anyone of it; anyone else, an employee, sends to
 * those who handle secure files for the company only (../../auth/secure-file-recipients.ts), as
 * her recipient choice offers them. The recipient is set once (x-immutable), so it is checked on
 * create.
 */
import { allows } from '../../../engine/access.ts';
import type { FieldError } from '../../../engine/messages.ts';
import { choosesPeople } from '../../auth/user-info.ts';
import { secureFileRecipients } from '../../auth/secure-file-recipients.ts';
import type { EntityHooks, HookArgs } from '../hooks.ts';

export const ONLY_TO_HR =
  'Send a secure file to someone who handles secure files for your company: choose one of those offered.';

async function validate({ s, caller, data, before }: HookArgs): Promise<FieldError[]> {
  if (before || typeof data.owner_id !== 'string') return [];
  const users = s.catalogue.registry.resolve('auth', 'users')!.entity;
  if (allows(users.file['x-access'].list, caller.principal)) return [];
  if (choosesPeople(s.catalogue, caller.principal, caller.org.activeModules)) return [];
  const recipients = await secureFileRecipients(s, caller.org.id);
  return recipients.some((u) => u.key === data.owner_id) ? [] : [{ path: '/owner_id', message: ONLY_TO_HR }];
}

export const secureFileHooks: EntityHooks = { validate };
