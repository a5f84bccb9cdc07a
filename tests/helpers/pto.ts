/**
 * The set-up the PTO API tests share: a plan of a company, and a person of it who uses PTO, signed in.
 */
import assert from 'node:assert/strict';
import { as, type DemoWorld, type Session } from './demo.ts';

type World = Pick<DemoWorld, 'call' | 'login'>;

/** A plan made by `who` (product staff inside the company: plans are @admin's); its key. */
export async function ptoPlan(
  w: World,
  who: Session,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const r = await w.call('POST', '/time/api/data/pto_plan/', {
    ...as(who),
    body: { name, plan_type: 'Vacation', calc_period: 'payroll', status: 'active', ...extra },
  });
  assert.equal(r.status, 201, r.text);
  return r.body.key;
}

/**
 * An active employee of `boss`'s company holding TIME:CanUsePTO (and `more` permissions: a PTO
 * manager's), signed in with `password`.
 */
export async function ptoPerson(
  w: World,
  boss: Session,
  email: string,
  name: string,
  password: string,
  more: string[] = [],
): Promise<Session> {
  const u = await w.call('POST', '/auth/api/data/users/', {
    ...as(boss),
    body: {
      email,
      display_name: name,
      status: 'active',
      permissions: ['TIME:CanUseModule', 'TIME:CanUsePTO', ...more],
      is_employee: true,
      employee_id: `P-${email}`,
    },
  });
  assert.equal(u.status, 201, u.text);
  const p = await w.call('POST', '/auth/api/set_user_password', {
    ...as(boss),
    body: { user_id: u.body.key, password, password2: password },
  });
  assert.equal(p.status, 200, p.text);
  return w.login(boss.org, email, password);
}

/** Hours credited by `manager` to `user` on `plan` (a manual adjustment, effective `on`). */
export async function ptoCredit(
  w: World,
  manager: Session,
  user: string,
  plan: string,
  hours: number,
  on = 1_790_000_000,
): Promise<void> {
  const r = await w.call('POST', '/time/api/data/pto_register/', {
    ...as(manager),
    body: { user_id: user, plan_id: plan, action: 'credit', type: 'manual_adjustment', hours, effective_date: on },
  });
  assert.equal(r.status, 201, r.text);
}
