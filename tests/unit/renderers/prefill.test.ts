/**
 * Which of a link's query parameters a create screen takes (renderers/screens/record/prefill.ts):
 * only fields the viewer may set on create, with values those fields can hold.
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Principal } from '../../../engine/access.ts';
import type { JsonObject } from '../../../renderers/api/types.ts';
import { buildFormModel } from '../../../renderers/screens/record/form-model.ts';
import { prefillOf } from '../../../renderers/screens/record/prefill.ts';
import type { Viewer } from '../../../renderers/screens/record/viewer-rules.ts';
import { metaOf } from '../../../stories/fixtures/metas.ts';
import registerFile from '../../../schemas/time/pto_register.json';
import requestFile from '../../../schemas/time/pto_request.json';
import employeeFile from '../../../schemas/payroll/employee.json';

const EMMA = '7f9cc41c-5442-4ef1-b09d-5485f7d287f9';
const OTHER = '0b6a2f7e-1c3d-4e5f-8a9b-0c1d2e3f4a5b';

function viewer(permissions: string[]): Viewer {
  const principal: Principal = {
    userKey: OTHER,
    orgId: 'o1',
    permissions: new Set(permissions),
    isAdmin: false,
    isEmployee: true,
  };
  return { principal, isOwner: undefined };
}

const manager = viewer(['TIME:CanUseModule', 'TIME:CanManagePTO', 'PAYROLL:CanManageUserPayrollData']);
const employee = viewer(['TIME:CanUseModule', 'TIME:CanUsePTO']);
const createModel = (file: unknown, module: string, type: string, v: Viewer) =>
  buildFormModel(metaOf(file as JsonObject, module, type), 'create', { viewer: v });
const prefill = (query: string, model: ReturnType<typeof buildFormModel>) =>
  prefillOf(new URLSearchParams(query), model);

describe('a create screen prefilled by its link', () => {
  const register = createModel(registerFile, 'time', 'pto_register', manager);

  it('takes the person, text, numbers and choices of fields the viewer sets', () => {
    assert.deepEqual(
      prefill(`user_id=${EMMA.toUpperCase()}&action=credit&hours=8.5&note=Opening%20balance`, register),
      { user_id: EMMA, action: 'credit', hours: 8.5, note: 'Opening balance' },
    );
  });

  it('ignores what the viewer may not set, what a field cannot hold, and what is said twice', () => {
    const cases: [string, string][] = [
      ['no such field', 'nonsense=1'],
      ['server-owned, not on the create form', `created_by=${EMMA}`],
      ['read-only (the server sets it)', `request_id=${EMMA}`],
      ['not a number', 'hours=eight'],
      ['not a number either', 'hours=1e3'],
      ['not one of the choices', 'action=refund'],
      ['not a user key, for a user picker', 'user_id=emma'],
      ['said twice', `user_id=${EMMA}&user_id=${OTHER}`],
      ['an object is not a field', '__proto__=1'],
    ];
    for (const [what, query] of cases) assert.deepEqual(prefill(query, register), {}, what);
  });

  it("leaves an employee's own request hers: its owner field is not a choice", () => {
    const mine = createModel(requestFile, 'time', 'pto_request', employee);
    assert.deepEqual(prefill(`user_id=${EMMA}&hours=8`, mine), { hours: 8 });
    const managers = createModel(requestFile, 'time', 'pto_request', manager);
    assert.deepEqual(prefill(`user_id=${EMMA}`, managers), { user_id: EMMA });
  });

  it('names whose record it is on a type keyed by its person, for a viewer who chooses', () => {
    const chooses = createModel(employeeFile, 'payroll', 'employee', manager);
    assert.deepEqual(prefill(`_user_uuid=${EMMA}&first_name=Emma`, chooses), {
      _user_uuid: EMMA,
      first_name: 'Emma',
    });
    const own = createModel(employeeFile, 'payroll', 'employee', employee);
    assert.deepEqual(prefill(`_user_uuid=${EMMA}`, own), {}, 'no choice: the field is not on the form');
  });
});
