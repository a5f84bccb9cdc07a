/**
 * The signed-in user as the engine's access rules see them (engine/access.ts), built from the
 * session the server answered at sign-in, so the screens mirror the server's field rules.
 */
import type { Principal } from '../../engine/access.ts';
import { permissionsOfMap } from '../../engine/permissions.ts';
import type { Session } from '../api/types.ts';

export function principalOf(session: Session): Principal {
  return {
    userKey: session.user.key,
    orgId: session.organization_id,
    permissions: permissionsOfMap(session.permissions ?? {}),
    isAdmin: session.is_admin === true,
    isEmployee: session.user.is_employee,
    productStaff: session.product_staff === true,
  };
}
