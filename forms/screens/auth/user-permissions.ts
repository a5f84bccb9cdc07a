/**
 * What the user screen's actions need to know of the session: permissions as `MODULE:Name`, and
 * whether the caller is the product-staff admin. The server decides; this only mirrors it.
 */
import type { Session } from '../../../renderers/api/types.ts';

export function holds(session: Session | undefined, permission: string): boolean {
  if (!session) return false;
  if (session.is_admin) return true;
  const [module, name] = permission.split(':');
  return session.permissions?.[module]?.includes(name) ?? false;
}

export function isProductStaffAdmin(session: Session | undefined): boolean {
  return session?.is_admin === true;
}
