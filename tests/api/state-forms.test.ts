import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { as, demoWorld, type DemoWorld, type Session } from '../helpers/demo.ts';
import { ROOT } from '../helpers/server.ts';
import { pdfText, squash } from '../printable/pdf-tools.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w.server.stop();
});

const FIND = '/payroll/api/data/find/state_w4_form';

/** A printable form as bytes (w.call reads answers as text). */
async function getPdf(who: Session, url: string) {
  const res = await fetch(`${w.server.url}${url}`, {
    headers: { 'organization-id': w.acmeOrg, auth_token: who.token },
  });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}
const byState = (state: string) => ({ criteria: [{ field: 'state', is: '=', value: state }] });

test('the 15 shipped state forms are seeded once into the product organization and read by every company', async () => {
  const all = await w.call('POST', FIND, {
    ...as(w.emma),
    body: { limit: 100, sort: [{ field: 'state', dir: 'asc' }] },
  });
  assert.equal(all.status, 200, all.text);
  assert.equal(all.body.total, 15);
  const states = all.body.items.map((i: any) => i.data.state);
  assert.deepEqual(states, [...states].sort());
  const ca = await w.call('POST', FIND, { ...as(w.emma), body: byState('CA') });
  assert.equal(ca.body.total, 1);
  assert.equal(ca.body.items[0].data.printable_type, 'california');
  const read = await w.call('GET', `/payroll/api/data/state_w4_form/${ca.body.items[0].key}`, as(w.emma));
  assert.equal(read.status, 200);
  // A company can neither change nor delete the product's definitions.
  const key = ca.body.items[0].key;
  assert.equal(
    (await w.call('PATCH', `/payroll/api/data/state_w4_form/${key}`, { ...as(w.admin), body: { instructions: 'x' } }))
      .status,
    403,
  );
  assert.equal((await w.call('DELETE', `/payroll/api/data/state_w4_form/${key}`, as(w.admin))).status, 403);
  assert.equal(
    (await w.call('GET', `/payroll/api/data/state_w4_form/${key}`, as(w.staff))).body.data.instructions,
    ca.body.items[0].data.instructions,
  );
});

test('a new state added as data by product staff is seen by an employee at once, and its form record saves', async () => {
  const kansas = {
    ...JSON.parse(readFileSync(path.join(ROOT, 'server/seed/state-forms/colorado.json'), 'utf8')),
    state: 'KS',
    form_name: 'K-4 Kansas Employee’s Withholding Allowance Certificate',
    printable_type: 'kansas',
  };
  const created = await w.call('POST', '/payroll/api/data/state_w4_form/', { ...as(w.staff), body: kansas });
  assert.equal(created.status, 201, created.text);
  const seen = await w.call('POST', FIND, { ...as(w.emma), body: byState('KS') });
  assert.equal(seen.body.total, 1);
  assert.equal(seen.body.items[0].data.form_name, kansas.form_name);
  const saved = await w.call('POST', '/payroll/api/data/my_state_w4/', {
    ...as(w.emma),
    body: { state: 'KS', extra_state_withholding: 10 },
  });
  assert.equal(saved.status, 201, saved.text);
  assert.equal(saved.body.data.state, 'KS');
});

const MY = '/payroll/api/data/my_state_w4';

test("an employee's state form is checked by its definition: prepare_for_save, its fields' schema and its validator", async () => {
  // California's prepare_for_save fills in 1c = 1a + 1b.
  const ca = await w.call('POST', `${MY}/${w.emma.user}`, {
    ...as(w.emma),
    body: { state: 'CA', state_status: 'Married - 1 Work', regular_allowances: 3, estimated_allowances: 2 },
  });
  // The first certificate of a state is its own record (one per state): created.
  assert.equal(ca.status, 200, ca.text);
  assert.equal(ca.body.data.total_allowances, 5);
  // The definition's own field (not in state_w4.json) is checked with its own message.
  const badType = await w.call('POST', `${MY}/${w.emma.user}`, {
    ...as(w.emma),
    body: { state: 'CA', regular_allowances: 1.5 },
  });
  assert.equal(badType.status, 400, badType.text);
  assert.deepEqual(badType.body.errors, [{ path: '/regular_allowances', message: 'Enter a whole number.' }]);
  // Delaware's validator: no exemption claims since 2020.
  const de = await w.call('POST', `${MY}/${w.emma.user}`, {
    ...as(w.emma),
    body: { state: 'DE', state_wh_exempt: true },
  });
  assert.equal(de.status, 400, de.text);
  assert.deepEqual(de.body.errors, [
    { path: '/state_wh_exempt', message: 'Delaware does not accept claims of exemption from withholding.' },
  ]);
});

/** Colorado's shipped definition, as a Missouri definition naming its own printable form. */
const missouri = () => ({
  ...JSON.parse(readFileSync(path.join(ROOT, 'server/seed/state-forms/colorado.json'), 'utf8')),
  state: 'MO',
  printable_type: 'missouri',
});

test('a definition whose fields are not a valid JSON Schema, or whose transforms do not parse, is refused', async () => {
  const base = missouri();
  const post = (body: unknown) => w.call('POST', '/payroll/api/data/state_w4_form/', { ...as(w.staff), body });
  const notSchema = await post({
    ...base,
    state: 'MO',
    fields: { schema: { type: 'object', properties: { a: { type: 'whole number' } } } },
  });
  assert.equal(notSchema.status, 400, notSchema.text);
  assert.equal(notSchema.body.errors[0].path, '/fields/schema');
  assert.match(notSchema.body.errors[0].message, /^Not a valid JSON Schema: /);
  const unknownKeyword = await post({
    ...base,
    state: 'MO',
    fields: { schema: { type: 'object', properties: { a: { type: 'integer', minimun: 0 } } } },
  });
  assert.equal(unknownKeyword.status, 400, unknownKeyword.text);
  assert.match(unknownKeyword.body.errors[0].message, /^The JSON Schema does not compile: .*minimun/);
  const notObject = await post({ ...base, state: 'MO', fields: { schema: { type: 'string' } } });
  assert.deepEqual(notObject.body.errors, [
    { path: '/fields/schema/properties', message: 'The form fields must be an object schema with properties.' },
    { path: '/fields/schema/type', message: 'The form fields must be an object schema with properties.' },
  ]);
  // A list without a bound: an employee's save could make the server check thousands of items.
  const choices = {
    anyOf: [
      { type: 'string', maxLength: 10 },
      { type: 'integer', minimum: 0, maximum: 99 },
    ],
  };
  for (const [where, list] of [
    ['/properties/extra', { type: 'array', items: choices }],
    ['/properties/extra', { type: 'array', items: choices, maxItems: 5000 }],
    [
      '/properties/extra/items/properties/codes',
      { type: 'array', maxItems: 3, items: { type: 'object', properties: { codes: { items: choices } } } },
    ],
  ] as const) {
    const unbounded = await post({
      ...base,
      state: 'MO',
      fields: { schema: { type: 'object', properties: { ...base.fields.schema.properties, extra: list } } },
    });
    assert.deepEqual(unbounded.body.errors, [
      { path: '/fields/schema', message: `Every list needs a maxItems of at most 100: ${where} has none, or more.` },
    ]);
  }
  // References followed, a schema of 2.4 KB was ten million subschemas: each employee's save held
  // the server ten seconds. Their count is bounded, and a schema may not lead back to itself.
  const fanOut = (levels: number, branches: number) => {
    const definitions: Record<string, unknown> = { [`d${levels}`]: { type: 'string', maxLength: 10, pattern: '^x$' } };
    for (let i = 0; i < levels; i++) {
      definitions[`d${i}`] = { anyOf: Array.from({ length: branches }, () => ({ $ref: `#/definitions/d${i + 1}` })) };
    }
    return {
      type: 'object',
      definitions,
      properties: { ...base.fields.schema.properties, a: { title: 'A', $ref: '#/definitions/d0' } },
    };
  };
  const huge = await post({ ...base, state: 'MO', fields: { schema: fanOut(7, 10) } });
  assert.deepEqual(huge.body.errors, [
    {
      path: '/fields/schema',
      message:
        'The schema is too large once its references are followed and each list counted as many times as it may hold items: at most 1,000 subschemas.',
    },
  ]);
  const selfish = await post({
    ...base,
    state: 'MO',
    fields: {
      schema: {
        type: 'object',
        $defs: { node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } } },
        properties: { ...base.fields.schema.properties, chain: { $ref: '#/$defs/node' } },
      },
    },
  });
  assert.deepEqual(selfish.body.errors, [
    { path: '/fields/schema', message: 'A schema may not refer to itself: #/$defs/node leads back to itself.' },
  ]);
  const small = await post({ ...base, state: 'MO', fields: { schema: fanOut(2, 3) } });
  assert.equal(small.status, 201, small.text);
  assert.equal((await w.call('DELETE', `/payroll/api/data/state_w4_form/${small.body.key}`, as(w.staff))).status, 204);
  const bounded = await post({
    ...base,
    state: 'MO',
    fields: {
      ...base.fields,
      schema: {
        ...base.fields.schema,
        properties: {
          ...base.fields.schema.properties,
          extra: { type: 'array', title: 'Extra', maxItems: 20, items: choices },
        },
      },
    },
  });
  assert.equal(bounded.status, 201, bounded.text);
  assert.equal(
    (await w.call('DELETE', `/payroll/api/data/state_w4_form/${bounded.body.key}`, as(w.staff))).status,
    204,
  );
  const badExpr = await post({ ...base, state: 'MO', transforms: { ...base.transforms, validator: '[ {' } });
  assert.equal(badExpr.status, 400, badExpr.text);
  assert.equal(badExpr.body.errors[0].path, '/transforms/validator');
  assert.match(badExpr.body.errors[0].message, /^Not a valid JSONata expression: /);
});

test("a definition that would leave the employee's screen unusable is refused, naming the place and the way out", async () => {
  const base = missouri();
  const post = (fields: unknown) =>
    w.call('POST', '/payroll/api/data/state_w4_form/', { ...as(w.staff), body: { ...base, state: 'MO', fields } });
  const ok = { type: 'integer', title: 'Allowances', minimum: 0, maximum: 99 };
  const refused = async (fields: unknown, path: string, message: string) => {
    const r = await post(fields);
    assert.equal(r.status, 400, r.text);
    assert.ok(
      r.body.errors.some((e: { path: string; message: string }) => e.path === path && e.message === message),
      `${path}: ${message} in ${r.text}`,
    );
  };
  await refused(
    { schema: { type: 'object', required: ['exempt'], properties: { allowances: ok } } },
    '/fields/schema/required',
    "'exempt' is required but is no field of this object: add it, or remove it from required.",
  );
  await refused(
    {
      schema: { type: 'object', properties: { allowances: ok } },
      uiSchema: { allowances: { 'ui:widget': 'nosuchwidget' } },
    },
    '/fields/uiSchema/allowances/ui:widget',
    "'nosuchwidget' is not a widget of the form: use one of text, textarea, select, radio, checkbox, checkboxes, updown, hidden, date, email, wholeNumber, phone, dob, switch.",
  );
  const WORDY =
    "A title is a label the employee reads (at most 200 characters) and a description its help (at most 2,000): put longer text in the form's instructions.";
  await refused(
    { schema: { type: 'object', properties: { allowances: { ...ok, title: 'A'.repeat(201) } } } },
    '/fields/schema/properties/allowances',
    WORDY,
  );
  await refused(
    { schema: { type: 'object', properties: { allowances: { ...ok, description: 'Help. '.repeat(400) } } } },
    '/fields/schema/properties/allowances',
    WORDY,
  );
  const nested = {
    type: 'object',
    title: 'Spouse',
    properties: { name: { type: 'string', maxLength: 9, title: 'x'.repeat(100_000) } },
  };
  await refused(
    { schema: { type: 'object', properties: { allowances: ok, spouse: nested } } },
    '/fields/schema/properties/spouse/properties/name',
    WORDY,
  );
  const longest = await post({
    schema: {
      type: 'object',
      properties: { allowances: { ...ok, title: '😀'.repeat(200), description: 'd'.repeat(2000) } },
    },
  });
  assert.equal(longest.status, 201, `200 characters (emoji counted as one) and 2,000 are allowed: ${longest.text}`);
  assert.equal(
    (await w.call('DELETE', `/payroll/api/data/state_w4_form/${longest.body.key}`, as(w.staff))).status,
    204,
  );
  for (const name of ['state', 'employee_signature', 'sync_status']) {
    await refused(
      { schema: { type: 'object', properties: { [name]: ok } } },
      `/fields/schema/properties/${name}`,
      `'${name}' is the state W-4's own field (the state, the signature, the sync status): give this field another name.`,
    );
  }
  for (const [name, at] of [
    ['filing status', 'filing status'],
    ['', ''],
    ['a/b', 'a~1b'],
    ['Allowances', 'Allowances'],
  ]) {
    await refused(
      { schema: { type: 'object', properties: { [name]: ok } } },
      `/fields/schema/properties/${at}`,
      `Field names are lower-case letters, digits and _, starting with a letter, at most 64: '${name}' is not one.`,
    );
  }
  await refused(
    { schema: { type: 'object', properties: { allowances: { type: 'integer' } } } },
    '/fields/schema/properties/allowances',
    "Field 'allowances' needs a title: the label the employee reads.",
  );
  await refused(
    { schema: { type: 'object', properties: { allowances: { title: 'Allowances' } } } },
    '/fields/schema/properties/allowances',
    "Field 'allowances' needs a type (or choices): the employee is shown nothing to fill.",
  );
  await refused(
    { schema: { type: 'object', properties: { allowances: ok } }, uiSchema: { 'ui:order': ['allowances', 'exempt'] } },
    '/fields/uiSchema/ui:order',
    "ui:order names 'exempt', which is no field of the schema.",
  );
  await refused(
    { schema: { type: 'object', properties: { allowances: ok } }, uiSchema: { exempt: { 'ui:widget': 'radio' } } },
    '/fields/uiSchema/exempt',
    "The uiSchema names 'exempt', which is no field of the schema.",
  );
  // Rules over the whole record reach the W-4's own fields (the state, the signature) or fields the
  // screen lacks: refused; a rule across fields belongs in the validator.
  for (const [k, v, more] of [
    ['then', { required: ['ghost'] }, { if: { properties: { allowances: { const: 1 } } } }],
    ['additionalProperties', false],
    ['patternProperties', { '^st': { type: 'number' } }],
    ['allOf', [{ properties: { state: { const: 'XX' } } }]],
    ['dependencies', { allowances: ['ghost'] }],
    ['maxProperties', 1],
    ['not', { required: ['state'] }],
  ] as const) {
    await refused(
      { schema: { type: 'object', properties: { allowances: ok }, [k]: v, ...(more ?? {}) } },
      `/fields/schema/${k}`,
      `'${k}' would apply to the whole form, which also holds the state W-4's own fields: put the rule on a field, or in the validator.`,
    );
  }
  // A required in a branch of a nested object names its object's fields too.
  await refused(
    {
      schema: {
        type: 'object',
        properties: {
          spouse: {
            type: 'object',
            title: 'Spouse',
            properties: { name: { type: 'string', title: 'Name', maxLength: 40 } },
            allOf: [{ required: ['ghost'] }],
          },
        },
      },
    },
    '/fields/schema/properties/spouse/allOf/0/required',
    "'ghost' is required but is no field of this object: add it, or remove it from required.",
  );
  await refused(
    {
      schema: {
        type: 'object',
        properties: {
          spouse: { type: 'object', title: 'Spouse', additionalProperties: { type: 'string', maxLength: 9 } },
        },
      },
    },
    '/fields/schema/properties/spouse',
    'An object of the form names its fields in properties: a schema for any other key (additionalProperties, patternProperties, propertyNames) would let a save hold any number of them.',
  );
  // A field's own choices, fixed value and default must be values it takes.
  for (const [field, what, value] of [
    [{ title: 'S', type: 'string', const: 5 }, 'fixed value', 5],
    [{ title: 'S', type: 'number', enum: ['a', 1] }, 'choice', 'a'],
    [{ title: 'S', type: 'number', default: 'abc' }, 'default', 'abc'],
  ] as const) {
    await refused(
      { schema: { type: 'object', properties: { s: field } } },
      '/fields/schema/properties/s',
      `Field 's': its ${what} ${JSON.stringify(value)} is not a value the field takes, so the employee could never give it.`,
    );
  }
  // Lists count as many times as they may hold items: three nested lists of 100 over 900 choices
  // let a 39 KB save build millions of errors and end the server.
  const choices900 = { anyOf: Array.from({ length: 900 }, (_, i) => ({ const: i + 1 })) };
  const list = (items: unknown) => ({ type: 'array', maxItems: 100, items });
  await refused(
    { schema: { type: 'object', properties: { grid: { title: 'Grid', ...list(list(list(choices900))) } } } },
    '/fields/schema',
    'The schema is too large once its references are followed and each list counted as many times as it may hold items: at most 1,000 subschemas.',
  );
  // Nothing of the refused definitions was kept; a sound one of the same state saves.
  const good = await post({
    schema: { type: 'object', required: ['allowances'], properties: { allowances: ok } },
    uiSchema: { 'ui:order': ['allowances', '*'], allowances: { 'ui:widget': 'wholeNumber' } },
  });
  assert.equal(good.status, 201, good.text);
  const del = await w.call('DELETE', `/payroll/api/data/state_w4_form/${good.body.key}`, as(w.staff));
  assert.equal(del.status, 204, del.text);
});

test("a new state's own fields and rules apply to the next save with no restart; a second definition of the state is refused", async () => {
  const nebraska = {
    state: 'NE',
    form_name: 'W-4N Nebraska Employee’s Withholding Allowance Certificate',
    printable_type: 'nebraska',
    instructions: 'Nebraska withholding follows the W-4N when you give your employer one.',
    links: [{ label: 'Form W-4N', url: 'https://revenue.nebraska.gov/files/doc/tax-forms/f_w4n.pdf' }],
    fields: {
      schema: {
        type: 'object',
        properties: {
          ne_allowances: {
            type: 'integer',
            title: 'Nebraska allowances',
            minimum: 0,
            maximum: 99,
            'x-messages': { maximum: 'At most 99 allowances.' },
          },
          extra_state_withholding: { type: 'integer', title: 'Extra withholding', minimum: 0, maximum: 100_000 },
        },
      },
    },
    transforms: {
      prepare_for_save: '$merge([$, {"total_allowances": $exists(ne_allowances) ? ne_allowances : 0}])',
      validator:
        'ne_allowances = 0 and extra_state_withholding > 0 ? {"path": "/extra_state_withholding", "message": "Claim an allowance before an extra amount."} : []',
    },
  };
  const created = await w.call('POST', '/payroll/api/data/state_w4_form/', { ...as(w.staff), body: nebraska });
  assert.equal(created.status, 201, created.text);
  const tooMany = await w.call('POST', `${MY}/${w.emma.user}`, {
    ...as(w.emma),
    body: { state: 'NE', ne_allowances: 100 },
  });
  assert.deepEqual(tooMany.body.errors, [{ path: '/ne_allowances', message: 'At most 99 allowances.' }]);
  const rule = await w.call('POST', `${MY}/${w.emma.user}`, {
    ...as(w.emma),
    body: { state: 'NE', ne_allowances: 0, extra_state_withholding: 5 },
  });
  assert.deepEqual(rule.body.errors, [
    { path: '/extra_state_withholding', message: 'Claim an allowance before an extra amount.' },
  ]);
  const ok = await w.call('POST', `${MY}/${w.emma.user}`, { ...as(w.emma), body: { state: 'NE', ne_allowances: 2 } });
  assert.equal(ok.status, 200, ok.text);
  assert.equal(ok.body.data.total_allowances, 2);

  // Product staff change the rule: the next save follows the changed definition.
  const edit = await w.call('PATCH', `/payroll/api/data/state_w4_form/${created.body.key}`, {
    ...as(w.staff),
    body: { transforms: { ...nebraska.transforms, prepare_for_save: '$merge([$, {"total_allowances": 7}])' } },
  });
  assert.equal(edit.status, 200, edit.text);
  const again = await w.call('POST', `${MY}/${w.emma.user}`, {
    ...as(w.emma),
    body: { state: 'NE', ne_allowances: 2 },
  });
  assert.equal(again.body.data.total_allowances, 7);

  // A second Nebraska definition is refused: only the first found would ever be used.
  const second = await w.call('POST', '/payroll/api/data/state_w4_form/', {
    ...as(w.staff),
    body: { ...nebraska, form_name: 'A second W-4N' },
  });
  assert.equal(second.status, 400, second.text);
  assert.deepEqual(second.body.errors, [
    {
      path: '/state',
      message:
        'NE has a form already (W-4N Nebraska Employee’s Withholding Allowance Certificate): change that one, or remove it first.',
    },
  ]);
  // A state with no definition saves under the generic rules and logs that its form is missing
  // (Minnesota taxes wages; a state that does not, Wyoming, takes no certificate: state-certificates.test.ts).
  const none = await w.call('POST', `${MY}/${w.emma.user}`, { ...as(w.emma), body: { state: 'MN' } });
  assert.equal(none.status, 200, none.text);
  assert.match(w.server.output(), /unable to load form for state/);
});

test("a new state's printable layout added as data prints its form; a layout that is not valid is refused naming the place", async () => {
  const definition = {
    ...JSON.parse(readFileSync(path.join(ROOT, 'server/seed/state-forms/colorado.json'), 'utf8')),
    state: 'WI',
    form_name: 'WT-4 Employee’s Wisconsin Withholding Exemption Certificate',
    printable_type: 'wisconsin',
  };
  const layout = {
    ...JSON.parse(readFileSync(path.join(ROOT, 'printable/layouts/colorado.json'), 'utf8')),
    form: 'wisconsin',
    state: 'WI',
    title: 'Form WT-4, Employee’s Wisconsin Withholding Exemption Certificate',
  };
  delete layout.$schema;
  const post = (body: unknown) => w.call('POST', '/payroll/api/data/state_w4_form/', { ...as(w.staff), body });

  // Refused: another form type, a wrong state, an expression that does not parse, not a layout at all.
  const wrongForm = await post({ ...definition, printable_layout: { ...layout, form: 'kansas' } });
  assert.equal(wrongForm.status, 400, wrongForm.text);
  assert.deepEqual(wrongForm.body.errors, [
    { path: '/printable_layout/form', message: "The layout's form must be this definition's printable form type." },
  ]);
  const wrongState = await post({ ...definition, printable_layout: { ...layout, state: 'KS' } });
  assert.deepEqual(wrongState.body.errors, [
    { path: '/printable_layout/state', message: "The layout's state must be this definition's state." },
  ]);
  const elements = structuredClone(layout.elements);
  const at = elements.findIndex((e: { value?: string }) => e.value);
  elements[at].value = '$person.(';
  const badExpr = await post({ ...definition, printable_layout: { ...layout, elements } });
  assert.equal(badExpr.status, 400, badExpr.text);
  assert.equal(badExpr.body.errors[0].path, `/printable_layout/elements/${at}/value`);
  assert.match(badExpr.body.errors[0].message, /^Not a valid expression/);
  const notLayout = await post({ ...definition, printable_layout: { form: 'wisconsin', pages: 'one' } });
  assert.equal(notLayout.status, 400, notLayout.text);
  assert.ok(notLayout.body.errors.every((e: { path: string }) => e.path.startsWith('/printable_layout')));
  assert.match(notLayout.body.errors[0].message, /^Not a valid printable layout: /);
  // Nothing to print before a definition holds the layout.
  const emma = await w.call('POST', `${MY}/${w.emma.user}`, {
    ...as(w.emma),
    body: { state: 'WI', extra_state_withholding: 15 },
  });
  assert.ok(emma.status === 200 || emma.status === 201, emma.text);
  const printUrl = `/payroll/api/forms/wisconsin/${w.emma.user}`;
  assert.equal((await w.call('GET', printUrl, as(w.emma))).status, 404);

  const created = await post({ ...definition, printable_layout: layout });
  assert.equal(created.status, 201, created.text);
  const pdf = await getPdf(w.emma, printUrl);
  assert.equal(pdf.status, 200);
  assert.equal(pdf.headers.get('content-type'), 'application/pdf');
  const text = squash(await pdfText(pdf.body));
  assert.match(text, /Gonzalez|Employee/);
  assert.match(text, /\b15\b/, 'the extra withholding of her Wisconsin answers');
  // The manager prints it too; another employee may not.
  assert.equal((await getPdf(w.payroll, printUrl)).status, 200);
  const other = await w.call('GET', `/payroll/api/forms/wisconsin/${w.payroll.user}`, as(w.emma));
  assert.equal(other.status, 403);
});

test("a definition's expression that would build text past V8's bounds fails the save it runs in, and the server serves on", async () => {
  const dakota = {
    ...JSON.parse(readFileSync(path.join(ROOT, 'server/seed/state-forms/colorado.json'), 'utf8')),
    state: 'ND',
    printable_type: 'northdakota',
    form_name: 'NDW-4 with a runaway validator',
    transforms: { validator: '$length($pad("x", 200000000)) > 0 ? [] : []' },
  };
  const created = await w.call('POST', '/payroll/api/data/state_w4_form/', { ...as(w.staff), body: dakota });
  assert.equal(created.status, 201, created.text);
  try {
    const saved = await w.call('POST', `${MY}/${w.emma.user}`, { ...as(w.emma), body: { state: 'ND' } });
    assert.equal(saved.status, 422, saved.text);
    assert.match(saved.body.message, /pads to at most 1,000,000 characters/);
    assert.equal((await w.call('GET', '/healthz')).status, 200, 'the process lives');
  } finally {
    await w.call('DELETE', `/payroll/api/data/state_w4_form/${created.body.key}`, as(w.staff));
  }
});

test("a definition's prepare_for_save computes answers only: it cannot sign, re-own, sync or move the employee's certificate", async () => {
  const forged = { name: 'Emma Employee', font: 'font1', timestamp: 1700000000, userAgent: 'forged' };
  const montana = {
    ...JSON.parse(readFileSync(path.join(ROOT, 'server/seed/state-forms/colorado.json'), 'utf8')),
    state: 'MT',
    form_name: 'MW-4 with a transform that reaches for the W-4’s own fields',
    printable_type: 'montana',
    transforms: {
      prepare_for_save: `$merge([$, ${JSON.stringify({
        employee_signature: forged,
        signature_history: [],
        sync_status: 'synced',
        _user_uuid: w.payroll.user,
        state: 'CA',
        total_allowances: 2,
      })}])`,
    },
  };
  const created = await w.call('POST', '/payroll/api/data/state_w4_form/', { ...as(w.staff), body: montana });
  assert.equal(created.status, 201, created.text);
  try {
    // Not signed by the employee: the transform's signature is not hers, so none is stored.
    const saved = await w.call('POST', `${MY}/${w.emma.user}`, {
      ...as(w.emma),
      body: { state: 'MT', extra_state_withholding: 5 },
    });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.body.data.employee_signature, undefined, 'no signature the employee did not give');
    assert.equal(saved.body.data.sync_status, 'pending');
    assert.equal(saved.body.data._user_uuid, w.emma.user, 'still her certificate');
    assert.equal(saved.body.data.state, 'MT');
    assert.equal(saved.body.data.total_allowances, 2, 'what the transform may compute, it computes');
    // She still reads and changes her own certificate.
    const read = await w.call('GET', `/payroll/api/data/state_w4/${saved.body.key}`, as(w.emma));
    assert.equal(read.status, 200, read.text);
    // Signed by her: her signature, stamped by the server, not the transform's.
    const signed = await w.call('POST', `${MY}/${w.emma.user}`, {
      ...as(w.emma),
      body: {
        state: 'MT',
        extra_state_withholding: 6,
        employee_signature: { name: 'Emma Employee', font: 'font2', timestamp: 1, userAgent: 'test' },
      },
    });
    assert.equal(signed.status, 200, signed.text);
    assert.equal(signed.body.data.employee_signature.font, 'font2');
    assert.equal(signed.body.data.employee_signature.evidence.signed_by, w.emma.user);
    assert.equal(signed.body.data._user_uuid, w.emma.user);
  } finally {
    await w.call('DELETE', `/payroll/api/data/state_w4_form/${created.body.key}`, as(w.staff));
  }
});

test("a definition prints its own state's form: another state's printable form, a federal one, or one another state's definition names is refused", async () => {
  const colorado = JSON.parse(readFileSync(path.join(ROOT, 'server/seed/state-forms/colorado.json'), 'utf8'));
  const post = (body: unknown) => w.call('POST', '/payroll/api/data/state_w4_form/', { ...as(w.staff), body });
  const kentucky = { ...colorado, state: 'KY', form_name: 'K-4 Kentucky Withholding Certificate' };
  const refused = async (body: unknown, message: string) => {
    const r = await post(body);
    assert.equal(r.status, 400, r.text);
    assert.deepEqual(r.body.errors, [{ path: '/printable_type', message }]);
  };
  // Its employees' prints would have pointed at Colorado's DR 0004.
  await refused(
    { ...kentucky, printable_type: 'colorado' },
    "'colorado' is Colorado's printable form: a Kentucky definition names Kentucky's own, such as 'kentucky'.",
  );
  await refused(
    { ...kentucky, printable_type: 'newyork' },
    "'newyork' is New York's printable form: a Kentucky definition names Kentucky's own, such as 'kentucky'.",
  );
  for (const federal of ['w4', 'i9', 'w9']) {
    await refused(
      { ...kentucky, printable_type: federal },
      `'${federal}' is a federal form's printable layout: a Kentucky definition names Kentucky's own, such as 'kentucky'.`,
    );
  }
  // The pay statement's route answers its name first: the certificates would never have printed.
  await refused(
    { ...kentucky, printable_type: 'paystubs' },
    "'paystubs' is the pay statement's printable layout: a Kentucky definition names Kentucky's own, such as 'kentucky'.",
  );
  const listed = async (state: string) =>
    (await w.call('POST', FIND, { ...as(w.staff), body: byState(state) })).body.items as {
      key: string;
      data: { printable_type: string };
    }[];
  assert.deepEqual(await listed('KY'), [], 'nothing of the refused definitions was kept');

  const own = await post({ ...kentucky, printable_type: 'kentucky' });
  assert.equal(own.status, 201, own.text);
  try {
    // A type a definition of another state already names is that state's too.
    await refused(
      { ...colorado, state: 'OH', printable_type: 'kentucky' },
      "'kentucky' is Kentucky's printable form: an Ohio definition names Ohio's own, such as 'ohio'.",
    );
    const moved = await w.call('PATCH', `/payroll/api/data/state_w4_form/${own.body.key}`, {
      ...as(w.staff),
      body: { printable_type: 'colorado' },
    });
    assert.equal(moved.status, 400, moved.text);
    assert.equal(moved.body.errors[0].path, '/printable_type');
    assert.deepEqual(
      (await listed('KY')).map((d) => d.data.printable_type),
      ['kentucky'],
    );
    // A second definition of a state given already is refused at its state, not at its printable form.
    for (const body of [
      { ...kentucky, form_name: 'A second K-4' },
      { ...colorado, form_name: 'A second DR 0004' },
    ]) {
      const again = await post({ ...body, printable_type: body.state === 'KY' ? 'kentucky' : 'colorado' });
      assert.equal(again.status, 400, again.text);
      assert.deepEqual(
        (again.body.errors as { path: string }[]).map((e) => e.path),
        ['/state'],
      );
    }
  } finally {
    await w.call('DELETE', `/payroll/api/data/state_w4_form/${own.body.key}`, as(w.staff));
  }
});

test("a definition's field named constructor, prototype or __proto__ is refused naming it, not dropped", async () => {
  const base = missouri();
  const ok = { type: 'integer', title: 'Allowances', minimum: 0, maximum: 99 };
  for (const name of ['constructor', 'prototype', '__proto__']) {
    for (const required of [[], [name]]) {
      const r = await w.call('POST', '/payroll/api/data/state_w4_form/', {
        ...as(w.staff),
        rawBody: JSON.stringify({
          ...base,
          fields: { schema: { type: 'object', required, properties: { allowances: ok, [name]: ok } } },
        }),
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(r.status, 400, `${name}: ${r.text}`);
      assert.deepEqual(r.body.errors, [
        { path: `/fields/schema/properties/${name}`, message: `'${name}' cannot be a field name: choose another.` },
      ]);
    }
  }
  const listed = await w.call('POST', FIND, { ...as(w.staff), body: byState('MO') });
  assert.equal(listed.body.total, 0, 'nothing stored');
});

test("a definition's field rule no answer could meet within the input limits is refused, naming its place", async () => {
  const base = missouri();
  const post = (properties: Record<string, unknown>) =>
    w.call('POST', '/payroll/api/data/state_w4_form/', {
      ...as(w.staff),
      body: { ...base, fields: { schema: { type: 'object', properties } } },
    });
  const text = { type: 'string', title: 'Code' };
  const amount = { type: 'number', title: 'Amount' };
  const cases: [Record<string, unknown>, string, string][] = [
    [
      { ...text, minLength: 1e9 },
      '/fields/schema/properties/a',
      'minLength 1000000000 is longer than any answer may be (a request holds at most 1,048,576 characters): no answer could meet it.',
    ],
    [
      { ...text, minLength: 10, maxLength: 5 },
      '/fields/schema/properties/a',
      'minLength 10 is more than maxLength 5: no answer could meet both.',
    ],
    [
      { ...amount, maximum: 1e15 },
      '/fields/schema/properties/a',
      'maximum 1000000000000000 is past the largest number an answer may hold (100,000,000).',
    ],
    [
      { ...amount, minimum: 2e8 },
      '/fields/schema/properties/a',
      'minimum 200000000 is past the largest number an answer may hold (100,000,000).',
    ],
    [
      { ...amount, multipleOf: 1e-300 },
      '/fields/schema/properties/a',
      'multipleOf 1e-300 is finer than an answer is checked to: use 0.000001 or more.',
    ],
    [
      { ...amount, minimum: 5, maximum: 2 },
      '/fields/schema/properties/a',
      'minimum 5 is more than maximum 2: no answer could meet both.',
    ],
    [
      { ...amount, exclusiveMinimum: 2, maximum: 2 },
      '/fields/schema/properties/a',
      'exclusiveMinimum 2 is not less than maximum 2: no answer could meet both.',
    ],
    [
      { type: 'integer', title: 'Count', minimum: 0.2, maximum: 0.8 },
      '/fields/schema/properties/a',
      'No whole number lies between minimum 0.2 and maximum 0.8: no answer could meet them.',
    ],
    [
      { ...amount, multipleOf: 5, minimum: 1, maximum: 4 },
      '/fields/schema/properties/a',
      'No multiple of 5 lies between minimum 1 and maximum 4: no answer could meet them.',
    ],
    // A number without both ends: nothing but its JSON type would bound an employee's answer.
    [
      { type: 'integer', title: 'Dependents', minimum: 0 },
      '/fields/schema/properties/a',
      'A number needs a minimum and a maximum within ±100,000,000, or choices: without them an answer could be any size.',
    ],
    [
      { ...amount, maximum: 10 },
      '/fields/schema/properties/a',
      'A number needs a minimum and a maximum within ±100,000,000, or choices: without them an answer could be any size.',
    ],
    [
      {
        type: 'array',
        title: 'Amounts',
        maxItems: 3,
        items: { anyOf: [{ type: 'string', maxLength: 2 }, { type: 'number' }] },
      },
      '/fields/schema/properties/a/items/anyOf/1',
      'A number needs a minimum and a maximum within ±100,000,000, or choices: without them an answer could be any size.',
    ],
    [
      { type: 'array', title: 'Codes', maxItems: 3, minItems: 4, items: { type: 'string', maxLength: 2 } },
      '/fields/schema/properties/a',
      'minItems 4 is more than maxItems 3: no answer could meet both.',
    ],
    [
      {
        type: 'object',
        title: 'Spouse',
        properties: { age: { type: 'integer', title: 'Age', minimum: 1e12 } },
      },
      '/fields/schema/properties/a/properties/age',
      'minimum 1000000000000 is past the largest number an answer may hold (100,000,000).',
    ],
  ];
  for (const [field, path, message] of cases) {
    const r = await post({ a: field });
    assert.equal(r.status, 400, `${JSON.stringify(field)}: ${r.text}`);
    assert.deepEqual(r.body.errors, [{ path, message }], JSON.stringify(field));
  }
  const listed = await w.call('POST', FIND, { ...as(w.staff), body: byState('MO') });
  assert.equal(listed.body.total, 0, 'nothing stored');
  // Rules an answer can meet save, at the limits too.
  const fine = await post({
    a: { ...text, minLength: 1, maxLength: 1_000 },
    b: { ...amount, minimum: -100_000_000, maximum: 100_000_000, multipleOf: 0.01 },
    c: { type: 'integer', title: 'Count', minimum: 0.5, maximum: 1.5 },
    d: { ...amount, multipleOf: 5, minimum: 1, maximum: 5 },
    e: { ...amount, exclusiveMinimum: 1, exclusiveMaximum: 2 },
  });
  assert.equal(fine.status, 201, fine.text);
  await w.call('DELETE', `/payroll/api/data/state_w4_form/${fine.body.key}`, as(w.staff));
});

test('a field whose pattern needs more characters than its maxLength allows is refused, naming its place', async () => {
  // Every text with a pattern must say a maxLength (docs/data-defined-patterns.md): one too short for
  // the pattern saved, and no employee could ever answer the field.
  const res = await w.call('POST', '/payroll/api/data/state_w4_form/', {
    ...as(w.staff),
    body: {
      ...missouri(),
      fields: {
        schema: {
          type: 'object',
          properties: { county_code: { type: 'string', title: 'County code', maxLength: 5, pattern: '^[0-9]{6}$' } },
          required: ['county_code'],
        },
      },
    },
  });
  assert.equal(res.status, 400, res.text);
  assert.deepEqual(res.body.errors, [
    {
      path: '/fields/schema/properties/county_code',
      message:
        'pattern "^[0-9]{6}$" matches no text shorter than 6 characters, but maxLength is 5: no answer could meet both.',
    },
  ]);
});

test('a required field that no answer could meet, for want of a value in common, is refused naming its place', async () => {
  // Each saved before, and then refused every employee's save of the form.
  const field = (rule: Record<string, unknown>) => ({ type: 'string', title: 'County code', maxLength: 9, ...rule });
  const cases: [Record<string, unknown>, string][] = [
    [
      field({ minLength: 3, pattern: '^[0-9]{2}$' }),
      'pattern "^[0-9]{2}$" matches no text longer than 2 characters, but minLength is 3: no answer could meet both.',
    ],
    [field({ not: {} }), 'not {} refuses every answer: no answer could meet it.'],
    [
      field({ allOf: [{ enum: ['x'] }, { enum: ['y'] }] }),
      'Its choices (enum, const and those of allOf) have no value in common: no answer could meet them.',
    ],
    [
      { type: 'array', title: 'Codes', maxItems: 5, minItems: 3, uniqueItems: true, items: { enum: ['x', 'y'] } },
      'minItems 3 with uniqueItems, but the items take only 2 values: no answer could meet both.',
    ],
  ];
  for (const [rule, message] of cases) {
    const res = await w.call('POST', '/payroll/api/data/state_w4_form/', {
      ...as(w.staff),
      body: { ...missouri(), fields: { schema: { type: 'object', properties: { code: rule }, required: ['code'] } } },
    });
    assert.equal(res.status, 400, `${JSON.stringify(rule)}: ${res.text}`);
    assert.deepEqual(res.body.errors, [{ path: '/fields/schema/properties/code', message }], JSON.stringify(rule));
  }
});

test("a definition's validator or prepare_for_save cannot make an employee's save answer or store megabytes", async () => {
  // Before, a validator answering fifteen messages of a million characters made each save in the
  // state answer 15 MB; a prepare_for_save padding an answer stored it past the 1 MiB a request holds.
  const colorado = JSON.parse(readFileSync(path.join(ROOT, 'server/seed/state-forms/colorado.json'), 'utf8'));
  const definition = (transforms: Record<string, string>) => ({
    ...colorado,
    state: 'ND',
    printable_type: 'northdakota',
    form_name: 'NDW-4 with wordy rules',
    transforms,
  });
  const cases: [Record<string, string>, RegExp][] = [
    [
      { validator: '[1..15].{"path": "/extra_state_withholding", "message": $pad("", 1000000, "x")}' },
      /validator messages are at most 1,000 characters/,
    ],
    [
      { validator: '{"path": "/" & $pad("", 5000, "x"), "message": "Too long a place"}' },
      /validator paths are at most 1,000 characters/,
    ],
    [
      { prepare_for_save: '$merge([$, {"note_a": $pad("", 900000, "x"), "note_b": $pad("", 900000, "y")}])' },
      /prepare_for_save failed: it answered 1,800,\d{3} bytes, more than the 1,048,576 a certificate may hold/,
    ],
  ];
  for (const [transforms, says] of cases) {
    const created = await w.call('POST', '/payroll/api/data/state_w4_form/', {
      ...as(w.staff),
      body: definition(transforms),
    });
    assert.equal(created.status, 201, created.text);
    try {
      const saved = await w.call('POST', `${MY}/${w.emma.user}`, {
        ...as(w.emma),
        body: { state: 'ND', extra_state_withholding: 5 },
      });
      assert.equal(saved.status, 422, saved.text.slice(0, 300));
      assert.match(saved.body.message, says);
      assert.ok(saved.text.length < 2_000, `a short answer, not ${saved.text.length} characters`);
    } finally {
      await w.call('DELETE', `/payroll/api/data/state_w4_form/${created.body.key}`, as(w.staff));
    }
  }
});
