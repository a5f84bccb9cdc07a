/**
 * What a record screen lets whom change, from the schema's rules (renderers/screens/record/): the
 * I-9's signatures by their x-edit for each viewer, an anyOf of required fields kept out of the
 * drawn form, and the messages of a blocked Save that no field shows.
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Principal } from '../../../engine/access.ts';
import type { JsonObject } from '../../../renderers/api/types.ts';
import { buildFormModel } from '../../../renderers/screens/record/form-model.ts';
import { withoutRuleOnlyChoices } from '../../../renderers/screens/record/rule-only-choices.ts';
import { unshownErrors } from '../../../renderers/screens/record/unshown-errors.ts';
import { ownOwnerField, type Viewer } from '../../../renderers/screens/record/viewer-rules.ts';
import ptoRequestFile from '../../../schemas/time/pto_request.json';
import { metaOf } from '../../../stories/fixtures/metas.ts';
import i9File from '../../../schemas/payroll/i9.json';

const i9Meta = () => metaOf(i9File as JsonObject, 'payroll', 'i9');

function viewer(permissions: string[], isOwner: boolean | undefined): Viewer {
  const principal: Principal = {
    userKey: 'u1',
    orgId: 'o1',
    permissions: new Set(permissions),
    isAdmin: false,
    isEmployee: true,
  };
  return { principal, isOwner };
}

const employee = (isOwner = true) => viewer(['PAYROLL:CanUseModule'], isOwner);
const payrollManager = (isOwner: boolean) =>
  viewer(['PAYROLL:CanManageUserPayrollData', 'PAYROLL:CanManageOnboarding'], isOwner);
const onboardingManager = (isOwner: boolean | undefined) => viewer(['PAYROLL:CanManageOnboarding'], isOwner);
const readOnly = (m: ReturnType<typeof buildFormModel>, f: string) =>
  (m.uiSchema[f] as Record<string, unknown> | undefined)?.['ui:readonly'] === true;

describe("the I-9's signatures by viewer (x-edit)", () => {
  it("makes the employee's signature read-only to a manager on someone else's I-9, and hers to sign on her own", () => {
    const others = buildFormModel(i9Meta(), 'edit', { viewer: payrollManager(false) });
    assert.equal(readOnly(others, 'employee_signature'), true);
    assert.equal(readOnly(others, 'employer_signature'), false);
    const own = buildFormModel(i9Meta(), 'edit', { viewer: payrollManager(true) });
    assert.equal(readOnly(own, 'employee_signature'), false);
    const hers = buildFormModel(i9Meta(), 'edit', { viewer: employee() });
    assert.equal(readOnly(hers, 'employee_signature'), false);
    assert.equal(readOnly(hers, 'employer_signature'), true, 'Section 2 is not hers to sign');
  });

  it('applies x-edit from the first save of a record keyed by its user', () => {
    const first = buildFormModel(i9Meta(), 'edit', { exists: false, viewer: payrollManager(false) });
    assert.equal(readOnly(first, 'employee_signature'), true);
  });

  it('leaves field rules to the server when the viewer or whose record it is is unknown', () => {
    assert.equal(readOnly(buildFormModel(i9Meta(), 'edit'), 'employee_signature'), false);
    const unknown = buildFormModel(i9Meta(), 'edit', { viewer: onboardingManager(undefined) });
    assert.equal(readOnly(unknown, 'employee_signature'), false);
  });
});

describe('the drawn form schema', () => {
  it("keeps the I-9's 'a number, or a passport and its country' rule out of the drawn form", () => {
    const m = buildFormModel(i9Meta(), 'edit');
    assert.doesNotMatch(JSON.stringify(m.schema), /"anyOf"|"oneOf"/);
    assert.match(JSON.stringify(i9Meta().schema), /"anyOf"/, 'the entity schema (the checks) keeps it');
  });

  it('keeps a choice whose branches are more than required fields', () => {
    const s = { anyOf: [{ required: ['a'] }, { properties: { b: { type: 'string' } } }] };
    assert.deepEqual(withoutRuleOnlyChoices(s), s);
    assert.deepEqual(withoutRuleOnlyChoices({ allOf: [{ then: { oneOf: [{ required: ['a'] }] } }] }), {
      allOf: [{ then: {} }],
    });
  });
});

describe('the messages of a blocked Save that no field shows', () => {
  const title = (f: string) => ({ employer_signature: 'Signature of Employer' })[f] ?? f;
  it('lists each once with its field, leaving out those a field shows', () => {
    const errors = [
      { property: '.employer_signature.name', message: 'A signature needs a name and a time.', stack: '' },
      { property: '.employer_signature.timestamp', message: 'A signature needs a name and a time.', stack: '' },
      { property: '.contacts.0.phone_number', message: 'Phone numbers must have 10 digits.', stack: '' },
    ];
    assert.deepEqual(unshownErrors(errors, new Set(['Phone numbers must have 10 digits.']), title), [
      'Signature of Employer: A signature needs a name and a time.',
    ]);
    assert.deepEqual(unshownErrors(errors.slice(2), new Set(['Phone numbers must have 10 digits.']), title), []);
    assert.deepEqual(unshownErrors([{ property: '', message: 'Whole record', stack: '' }], new Set(), title), [
      'Whole record',
    ]);
  });
});

describe("a new record's owner field", () => {
  const pto = ptoRequestFile as JsonObject;
  it('is the viewer for one who may create only their own (an employee asking for time off)', () => {
    const me = viewer(['TIME:CanUsePTO'], undefined);
    assert.deepEqual(ownOwnerField(pto, me), { field: 'user_id', user: me.principal.userKey });
  });
  it('is left to one who may create anyone’s, and to a type without an owner field', () => {
    assert.equal(ownOwnerField(pto, viewer(['TIME:CanManagePTO'], undefined)), undefined);
    assert.equal(ownOwnerField(i9File as JsonObject, viewer([], undefined)), undefined, 'the I-9 is keyed by its user');
    assert.equal(ownOwnerField(pto, undefined), undefined);
  });
});
