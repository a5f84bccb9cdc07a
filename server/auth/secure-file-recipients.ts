/**
 * Whom anyone of the company may send a secure file to (docs/files.md, "Sending HR a secure file"):
 * the people who manage HR documents or secure file transfer for it, the holders of
 * HR:CanManageModule or HR:CanManageSecureFileTransfer (on their own account or through a group:
 * the company admins' group holds the first), active, product staff's account left out. Anyone who
 * may choose among the company's people (search_people) may send to anyone of it.
 */
import { productStaffAdminKey } from '../../engine/access.ts';
import type { Services } from '../services.ts';
import type { StoredRecord } from '../storage/types.ts';

export const SECURE_FILE_RECIPIENT_PERMISSIONS = ['HR:CanManageModule', 'HR:CanManageSecureFileTransfer'] as const;

/** The type whose recipient an employee chooses among them. */
export const SECURE_FILES = 'hr/secure_files';

/** At most this many groups and accounts are read for them: a company's HR is a few people. */
const READ_AT_MOST = 500;

/** The recipients, by display name. */
export async function secureFileRecipients(s: Services, org: string): Promise<StoredRecord[]> {
  const holding = (permission: string) => ({
    criteria: [{ field: 'permissions', is: 'contains' as const, value: permission }],
    limit: READ_AT_MOST,
    offset: 0,
  });
  const found = await Promise.all(
    SECURE_FILE_RECIPIENT_PERMISSIONS.flatMap((p) => [
      s.searches.run(org, () => s.storage.find('auth/groups', org, holding(p))),
      s.searches.run(org, () => s.storage.find('auth/users', org, holding(p))),
    ]),
  );
  const groups = { items: found.filter((_, i) => i % 2 === 0).flatMap((r) => r.items) };
  const own = { items: found.filter((_, i) => i % 2 === 1).flatMap((r) => r.items) };
  const keys = new Set<string>(own.items.map((u) => u.key));
  for (const g of groups.items) {
    const users = g.data.users;
    if (Array.isArray(users)) for (const u of users) if (typeof u === 'string') keys.add(u);
  }
  keys.delete(productStaffAdminKey(org));
  const out: StoredRecord[] = [];
  for (const key of keys) {
    const user = own.items.find((u) => u.key === key) ?? (await s.storage.get('auth/users', org, key));
    if (!user || user.data.status === 'inactive' || user.data.status === 'blocked' || user.data.locked === true)
      continue;
    out.push(user);
  }
  return out.sort((a, b) => String(a.data.display_name ?? '').localeCompare(String(b.data.display_name ?? '')));
}
