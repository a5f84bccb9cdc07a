/**
 * Stores a new password for an account, whether its holder changes it (change_password) or a user
 * manager sets it (set_user_password): the spec's rules, an argon2id hash, the record committed on
 * its version as it is once hashing is done (it may have changed meanwhile), every other session
 * of the account ended, and an audit entry.
 */
import type { Context } from 'hono';
import { passwordProblems } from '../../engine/passwords.ts';
import { hashPassword } from '../crypto/passwords.ts';
import { auditOp } from '../data/audit.ts';
import { notFound, validationFailed } from '../http/errors.ts';
import { requestInfo, type AppEnv } from '../http/context.ts';
import { SYSTEM, type Services } from '../services.ts';
import type { WriteOp } from '../storage/types.ts';
import type { Caller } from './principal.ts';
import { sessionsOf } from './sign-in.ts';

export async function storeNewPassword(
  s: Services,
  c: Context<AppEnv>,
  caller: Caller,
  userKey: string,
  body: { password?: unknown; password2?: unknown },
): Promise<void> {
  const problems = passwordProblems(body.password, body.password2);
  if (problems.length) throw validationFailed(problems);
  const secret = await hashPassword(body.password as string);
  const org = caller.org.id;
  const user = s.storage.get('auth/users', org, userKey);
  if (!user) throw notFound();
  const now = s.now();
  const endSessions: WriteOp[] = sessionsOf(s, org, userKey)
    .filter((r) => r.key !== caller.sid)
    .map((r) => ({ op: 'delete', collection: SYSTEM.sessions, org, key: r.key }));
  await s.storage.commit([
    {
      op: 'put',
      expectVersion: user.meta.version,
      record: {
        ...user,
        data: { ...user.data, secret },
        meta: { ...user.meta, updated_by: caller.user.key, updated_time: now, version: user.meta.version + 1 },
      },
    },
    ...endSessions,
    auditOp({
      org,
      actor: { key: caller.user.key, name: String(caller.user.data.display_name ?? '') },
      action: 'password',
      module: 'auth',
      type: 'users',
      key: userKey,
      affectedUser: userKey,
      fields: ['secret'],
      ...requestInfo(c),
      now,
    }),
  ]);
}
