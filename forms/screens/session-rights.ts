/**
 * What the screens' actions need to know of the session: whether it holds a permission
 * (`MODULE:Name`; the product-staff admin holds every one) and whether it is the product-staff
 * admin. The server decides; these only hide buttons that would fail.
 */
import type { Session } from '../../renderers/api/types.ts';

export function holds(session: Session | undefined, permission: string): boolean {
  if (!session) return false;
  if (session.is_admin) return true;
  const i = permission.indexOf(':');
  return session.permissions?.[permission.slice(0, i)]?.includes(permission.slice(i + 1)) ?? false;
}

export function isProductStaffAdmin(session: Session | undefined): boolean {
  return session?.is_admin === true;
}
