/**
 * The screens' pure helpers: masks and formats (spec/000 sections 5 and 9), the list's URL state
 * and find body, the navigation built from the catalogue, the form model and the isValid checker.
 */
import { describe, expect, it } from 'vitest';
import assert from 'node:assert/strict';
import {
  amountInput,
  epochToUs,
  epochToUsDateTime,
  formatPhone,
  isoToEpoch,
  maskDate,
  maskSsn,
  parsePhone,
  parseUsDate,
} from '../../../engine/masks.ts';
import { formatByKind, formatField } from '../../../renderers/format/format-value.ts';
import { resolveSchema } from '../../../renderers/format/schema-facts.ts';
import { effectiveSort, findBody, readParams, writeParams } from '../../../renderers/screens/list/list-query.ts';
import { buildNav } from '../../../renderers/layouts/nav.ts';
import { buildFormModel, errorSchemaOf } from '../../../renderers/screens/record/form-model.ts';
import { matches } from '../../../renderers/screens/record/mini-schema.ts';
import type { TypeMeta } from '../../../renderers/api/types.ts';

const schema = {
  type: 'object',
  definitions: {
    phone: { type: 'string', pattern: '^(\\d{10})?$' },
    epochSeconds: { type: 'integer', minimum: 0 },
    usState: { type: 'string', enum: ['CA', 'NY'], 'x-enumNames': ['California', 'New York'] },
  },
  properties: {
    last_name: { type: 'string', title: 'Last name' },
    phone: { $ref: '#/definitions/phone', title: 'Phone' },
    hire_date: { $ref: '#/definitions/epochSeconds', title: 'Hire date' },
    dob: { type: 'string', format: 'date' },
    state: { $ref: '#/definitions/usState' },
    ssn: { type: 'string', 'x-sensitive': 'ssn' },
    status: { type: 'string', enum: ['active', 'inactive'], readOnly: true, 'x-server-owned': true },
    _user_uuid: { type: 'string' },
  },
  required: ['last_name'],
};

describe('masks', () => {
  it('formats phones as (###) ###-#### and drops a leading 1', () => {
    assert.equal(formatPhone('5551234567'), '(555) 123-4567');
    assert.equal(formatPhone('15551234567'), '(555) 123-4567');
    assert.equal(parsePhone('(555) 123-4567'), '5551234567');
    assert.equal(parsePhone('1 555 123 4567'), '5551234567');
    // Typed a digit at a time, with the country code first: each step drops it.
    let typed = '';
    for (const digit of '19165550188') typed = formatPhone(parsePhone(typed + digit));
    assert.equal(typed, '(916) 555-0188');
    assert.equal(parsePhone('1'), '');
  });
  it('keeps what an amount typed means: a minus sign stays, so a negative is refused rather than turned positive', () => {
    assert.deepEqual(amountInput('-500'), { text: '-500', value: -500 });
    assert.deepEqual(amountInput(' -1'), { text: '-1', value: -1 });
    assert.deepEqual(amountInput('-'), { text: '-', value: undefined });
    // A minus inside the number is no sign: dropped as any other character.
    assert.deepEqual(amountInput('5-0'), { text: '50', value: 50 });
    assert.deepEqual(amountInput('$1,250.50'), { text: '1250.50', value: 1250.5 });
    assert.deepEqual(amountInput('007'), { text: '7', value: 7 });
  });
  it('masks SSNs as ###-##-#### with x in the first five', () => {
    assert.equal(maskSsn('123456789'), '123-45-6789');
    assert.equal(maskSsn('xxxxx1234'), 'xxx-xx-1234');
    assert.equal(maskSsn('12345'), '123-45');
  });
  it('reads MM/DD/YYYY dates, two-digit years as 20xx', () => {
    assert.equal(maskDate('01021990'), '01/02/1990');
    assert.equal(parseUsDate('01/02/1990'), '1990-01-02');
    assert.equal(parseUsDate('07/04/88'), undefined, 'a two-digit year is not read as either century');
    assert.equal(parseUsDate('02/30/2020'), undefined);
  });
  it('shows epoch seconds as MM/DD/YYYY', () => {
    assert.equal(epochToUs(isoToEpoch('2024-07-04')!), '07/04/2024');
  });
  it('shows epoch seconds as the local MM/DD/YYYY, h:mm AM/PM, midnight and noon as 12', () => {
    const at = (...p: [number, number, number, number, number]) => new Date(...p).getTime() / 1000;
    assert.equal(epochToUsDateTime(at(2024, 6, 4, 0, 5)), '07/04/2024, 12:05 AM');
    assert.equal(epochToUsDateTime(at(2024, 11, 31, 13, 9)), '12/31/2024, 1:09 PM');
    assert.equal(epochToUsDateTime(at(2025, 0, 2, 12, 0)), '01/02/2025, 12:00 PM');
    assert.equal(epochToUsDateTime(Number.NaN), '');
  });
});

describe('formatField', () => {
  it('formats dates, phones and enum labels', () => {
    assert.equal(formatField(schema, {}, 'hire_date', isoToEpoch('2024-07-04')), '07/04/2024');
    assert.equal(formatField(schema, {}, 'dob', '1990-01-02'), '01/02/1990');
    assert.equal(formatField(schema, {}, 'phone', '15551234567'), '(555) 123-4567');
    assert.equal(formatField(schema, {}, 'state', 'NY'), 'New York');
  });
  it('reads a list of values as its values, not as JSON, even where its schema is not at hand', () => {
    assert.equal(
      formatField(schema, {}, 'not_in_schema', ['AUTH:CanManageUsers', 'HR:CanUseModule']),
      'AUTH:CanManageUsers, HR:CanUseModule',
    );
    assert.equal(formatField(schema, {}, 'not_in_schema', [{ a: 1 }]), '[{"a":1}]');
  });
});

describe('list URL state', () => {
  it('round-trips page, size, sort and filters', () => {
    const p = readParams(new URLSearchParams('page=3&size=50&sort=-hire_date&f.last_name=smi'));
    assert.deepEqual(p, {
      page: 3,
      size: 50,
      sort: { field: 'hire_date', dir: 'desc' },
      filters: { last_name: 'smi' },
    });
    assert.equal(writeParams(p).toString(), 'page=3&size=50&sort=-hire_date&f.last_name=smi');
  });
  it('becomes a find body: like for text, = for choices, sensitive fields never searched', () => {
    const p = readParams(new URLSearchParams('page=2&f.last_name=smi&f.state=CA&f.ssn=123'));
    assert.deepEqual(
      findBody(schema, {}, { columns: [], canonical: 'last_name', sort: [{ field: 'last_name', dir: 'asc' }] }, p),
      {
        criteria: [
          { field: 'last_name', is: 'like', value: 'smi' },
          { field: 'state', is: '=', value: 'CA' },
        ],
        sort: [{ field: 'last_name', dir: 'asc' }],
        limit: 20,
        offset: 20,
      },
    );
  });
});

describe("a list URL's sort and filters that are not the list's", () => {
  // A bookmark from before a column was taken off the list, or a hand-made link: the list shows in
  // its own order rather than an error ("sort[0]: 'ssn' is sensitive and cannot be searched") that
  // "Try again" could only repeat.
  const list = {
    columns: ['last_name', 'state'],
    canonical: 'last_name',
    sort: [{ field: 'last_name', dir: 'asc' as const }],
  };
  for (const sort of ['ssn', '-bogus_field', '__proto__', 'constructor', 'toString']) {
    it(`sort=${sort} sorts as the list does`, () => {
      const p = readParams(new URLSearchParams(`sort=${sort}`));
      assert.deepEqual(findBody(schema, {}, list, p).sort, [{ field: 'last_name', dir: 'asc' }]);
      assert.deepEqual(effectiveSort(schema, {}, list, p), { field: 'last_name', dir: 'asc' });
    });
  }
  it('a column of the list sorts as asked', () => {
    const p = readParams(new URLSearchParams('sort=-state'));
    assert.deepEqual(findBody(schema, {}, list, p).sort, [{ field: 'state', dir: 'desc' }]);
  });
  it('filters on names of no field (constructor, __proto__, toString) are left out', () => {
    const p = readParams(new URLSearchParams('f.constructor=x&f.toString=y&f.hasOwnProperty=z&f.last_name=smi'));
    assert.deepEqual(findBody(schema, {}, list, p).criteria, [{ field: 'last_name', is: 'like', value: 'smi' }]);
  });
});

describe('navigation', () => {
  it('lists the types the user may list, and their own records', () => {
    const can = (list: boolean, edit = false) => ({ list, read: true, create: false, edit, delete: false });
    const nav = buildNav(
      [
        { module: 'payroll', type: 'employee', title: 'Employee', plural: 'Employees', can: can(true) },
        { module: 'payroll', type: 'employer', title: 'Employer', plural: 'Employers', can: can(false) },
        {
          module: 'payroll',
          type: 'my_basic_info',
          title: 'Basic information',
          plural: 'Basic information',
          can: can(true, true),
        },
        { module: 'comms', type: 'messages', title: 'Message', plural: 'Messages', can: can(true) },
      ],
      'U',
    );
    assert.deepEqual(nav, [
      {
        module: 'mine',
        label: 'My records',
        links: [{ to: '/payroll/my_basic_info/edit/U', label: 'Basic information' }],
      },
      { module: 'payroll', label: 'Payroll', links: [{ to: '/payroll/employee/list', label: 'Employees' }] },
    ]);
  });
});

describe('form model', () => {
  const meta = {
    module: 'payroll',
    type: 'employee',
    title: 'Employee',
    plural: 'Employees',
    schema,
    ui: {},
    list: { columns: [], canonical: 'last_name' },
    sections: [{ title: 'Personal', fields: ['last_name', 'ssn'] }],
    can: {},
  } as unknown as TypeMeta;
  it('hides server-owned fields on create and shows them read-only on edit', () => {
    const create = buildFormModel(meta, 'create');
    assert.deepEqual(create.hidden.sort(), ['_user_uuid', 'status']);
    const edit = buildFormModel(meta, 'edit');
    assert.deepEqual(edit.hidden, ['_user_uuid']);
    assert.equal((edit.uiSchema.status as Record<string, unknown>)['ui:readonly'], true);
    assert.deepEqual((edit.uiSchema.state as Record<string, unknown>)['ui:enumNames'], ['California', 'New York']);
    assert.deepEqual(
      edit.sections.map((s) => s.title),
      ['Personal', 'Other details'],
    );
  });
  it('labels the states of an address the same whether it refers to the address or extends it (allOf)', () => {
    const address = { type: 'object', properties: { state: { $ref: '#/definitions/usState' } } };
    const m = buildFormModel(
      {
        ...meta,
        schema: {
          type: 'object',
          definitions: { ...schema.definitions, address },
          required: ['legal_address'],
          properties: {
            legal_address: { type: 'object', allOf: [{ $ref: '#/definitions/address' }], required: ['state'] },
            mailing_address: { $ref: '#/definitions/address' },
          },
        },
        sections: [],
      } as unknown as TypeMeta,
      'edit',
    );
    const names = (f: string) =>
      ((m.uiSchema[f] as Record<string, any>).state as Record<string, unknown>)['ui:enumNames'];
    assert.deepEqual(names('legal_address'), ['California', 'New York']);
    assert.deepEqual(names('mailing_address'), ['California', 'New York']);
  });
  it('shows x-immutable fields read-only once the record exists, editable before', () => {
    const locked = {
      ...meta,
      schema: { type: 'object', properties: { employee_id: { type: 'string', 'x-immutable': true } } },
      sections: [],
    } as unknown as TypeMeta;
    const ro = (m: ReturnType<typeof buildFormModel>) =>
      (m.uiSchema.employee_id as Record<string, unknown> | undefined)?.['ui:readonly'];
    assert.equal(ro(buildFormModel(locked, 'create')), undefined);
    assert.equal(ro(buildFormModel(locked, 'edit')), true);
    assert.equal(ro(buildFormModel(locked, 'edit', { exists: false })), undefined, 'a user-keyed record not made yet');
  });
  it('places server errors at their fields', () => {
    assert.deepEqual(
      errorSchemaOf([
        { path: '/legal_address/postal_code', message: 'ZIP' },
        { path: '', message: 'All' },
      ]),
      {
        legal_address: { postal_code: { __errors: ['ZIP'] } },
        __errors: ['All'],
      },
    );
  });
  it('checks the conditions rjsf asks about without compiling code', () => {
    const s = { if: { properties: { m: { const: 'a' } } }, then: { required: ['x'] } };
    assert.equal(matches(s, { m: 'a' }, {}), false);
    assert.equal(matches(s, { m: 'a', x: 1 }, {}), true);
    assert.equal(matches({ oneOf: [{ type: 'string' }, { type: 'integer' }] }, 3, {}), true);
    assert.equal(matches({ $ref: '#/definitions/phone' }, '123', schema), false);
  });
});

describe('resolveSchema and allOf', () => {
  const root = {
    definitions: {
      permission: { type: 'string', enum: ['A:One'], 'x-enumNames': ['Do one thing'] },
      permissionList: { type: 'array', items: { $ref: '#/definitions/permission' } },
      state: { type: 'string', enum: ['CA'], 'x-enumNames': ['California'] },
      address: { type: 'object', properties: { state: { $ref: '#/definitions/state' } } },
    },
  };
  it("a field extending one definition reads as it, its list's items resolved: a permission's name", () => {
    const field = { allOf: [{ $ref: '#/definitions/permissionList' }], title: 'Permissions' };
    const r = resolveSchema(root, field)!;
    expect(r.title).toBe('Permissions');
    expect(formatByKind('array', ['A:One'], r)).toBe('Do one thing');
  });
  it('a field adding fields of its own keeps its allOf (a legal address keeps the choices of its state)', () => {
    const field = {
      type: 'object',
      allOf: [{ $ref: '#/definitions/address' }],
      properties: { state: { 'x-messages': { required: 'State is required.' } } },
    };
    expect(resolveSchema(root, field)).toEqual(field);
  });
});
