/**
 * A state form definition changed after an employee signed her certificate (docs/signatures.md,
 * "Printing"; docs/data-defined-patterns.md): her signed certificate keeps printing what she signed,
 * in the printable layout she signed it under, whatever product staff change in the definition since
 * (a field renamed, a field taken off the printout, a new layout). A certificate signed again, or not
 * signed, prints with the current layout.
 */
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

let signings = 0;
const sign = (name: string) => ({ name, font: 'font2', timestamp: 1_700_000_000 + ++signings });

async function pdf(who: Session, key: string) {
  const res = await fetch(`${w.server.url}/payroll/api/forms/maryland/${key}`, {
    headers: { 'organization-id': who.org, auth_token: who.token },
  });
  return {
    status: res.status,
    text: res.status === 200 ? squash(await pdfText(Buffer.from(await res.arrayBuffer()))) : await res.text(),
  };
}

interface Element {
  id?: string;
  type: string;
  [k: string]: unknown;
}

/** A Maryland MW507 layout kept as data (Colorado's, its own lines replaced by `lines`). */
function layout(lines: Element[], heading: string) {
  const l = JSON.parse(readFileSync(path.join(ROOT, 'printable/layouts/colorado.json'), 'utf8'));
  delete l.$schema;
  return {
    ...l,
    form: 'maryland',
    state: 'MD',
    title: 'Form MW507 Employee Maryland Withholding Exemption Certificate',
    edition: 'MW507 (2024)',
    elements: [
      ...l.elements.filter(
        (e: Element) => !['annual_withholding_allowance', 'extra_state_withholding'].includes(e.id!),
      ),
      { type: 'text', page: 1, x: 36, y: 680, width: 400, text: heading },
      ...lines,
    ],
  };
}
const line = (id: string, x: number, label: string, value: string): Element => ({
  type: 'field',
  page: 1,
  id,
  x,
  y: 300,
  width: 150,
  height: 24,
  label,
  value,
});

const definition = (exemptions: string, lines: Element[], heading: string) => ({
  state: 'MD',
  form_name: 'MW507 Employee Maryland Withholding Exemption Certificate',
  printable_type: 'maryland',
  fields: {
    schema: {
      type: 'object',
      properties: {
        county: { type: 'string', title: 'County of residence', maxLength: 40 },
        [exemptions]: { type: 'integer', title: 'Line 1 exemptions', minimum: 0, maximum: 99 },
      },
    },
  },
  printable_layout: layout(lines, heading),
});

test('a signed certificate prints as signed after product staff rename a field and change the printable layout', async () => {
  const created = await w.call('POST', '/payroll/api/data/state_w4_form/', {
    ...as(w.staff),
    body: definition(
      'md_exemptions',
      [
        line('county', 36, 'County of residence', 'state_w4.county'),
        line('exemptions', 200, 'Line 1 exemptions', 'state_w4.md_exemptions'),
      ],
      'FIRST EDITION OF THE LAYOUT',
    ),
  });
  assert.equal(created.status, 201, created.text);
  const signed = await w.call('POST', `/payroll/api/data/my_state_w4/${w.emma.user}`, {
    ...as(w.emma),
    body: { state: 'MD', county: 'Howard', md_exemptions: 7, employee_signature: sign('Emma Employee') },
  });
  assert.equal(signed.status, 200, signed.text);
  const before = await pdf(w.payroll, w.emma.user);
  assert.equal(before.status, 200, before.text);
  assert.match(before.text, /FIRST EDITION OF THE LAYOUT/);
  assert.match(before.text, /County of residence Line 1 exemptions Howard 7/);

  // Product staff rename the exemptions field, take the county off the printout and retitle it.
  const changed = await w.call('PATCH', `/payroll/api/data/state_w4_form/${created.body.key}`, {
    ...as(w.staff),
    body: definition(
      'exemptions',
      [line('exemptions', 200, 'Line 1 exemptions', 'state_w4.exemptions')],
      'SECOND EDITION OF THE LAYOUT',
    ),
  });
  assert.equal(changed.status, 200, changed.text);

  // Her signed certificate prints what she signed, for her employer and for her.
  for (const who of [w.payroll, w.admin, w.emma]) {
    const after = await pdf(who, w.emma.user);
    assert.equal(after.status, 200, after.text);
    assert.match(after.text, /FIRST EDITION OF THE LAYOUT/);
    assert.doesNotMatch(after.text, /SECOND EDITION/);
    assert.match(after.text, /County of residence Line 1 exemptions Howard 7/);
    assert.match(after.text, /Emma Employee/);
  }

  // Once she answers the renamed field and signs again, the certificate prints in the current layout.
  const again = await w.call('PATCH', `/payroll/api/data/my_state_w4/${w.emma.user}`, {
    ...as(w.emma),
    body: { state: 'MD', exemptions: 4, employee_signature: sign('Emma Employee') },
  });
  assert.equal(again.status, 200, again.text);
  const resigned = await pdf(w.payroll, w.emma.user);
  assert.match(resigned.text, /SECOND EDITION OF THE LAYOUT/);
  assert.match(resigned.text, /Line 1 exemptions 4/);
  assert.doesNotMatch(resigned.text, /FIRST EDITION/);

  // Changed again (no longer signed): the current layout prints.
  const unsigned = await w.call('PATCH', `/payroll/api/data/my_state_w4/${w.emma.user}`, {
    ...as(w.emma),
    body: { state: 'MD', exemptions: 5 },
  });
  assert.equal(unsigned.status, 200, unsigned.text);
  assert.equal(unsigned.body.data.employee_signature, undefined);
  const current = await pdf(w.payroll, w.emma.user);
  assert.match(current.text, /SECOND EDITION OF THE LAYOUT/);
  assert.match(current.text, /Line 1 exemptions 5/);
});

test('a definition removed: the certificate signed under it still prints as signed, and takes no answer to fields it no longer has', async () => {
  // Maryland's form of the test before is taken away first: this one is the only one.
  const before = await w.call('POST', '/payroll/api/data/find/state_w4_form', {
    ...as(w.staff),
    body: { criteria: [{ field: 'state', is: '=', value: 'MD' }] },
  });
  for (const d of before.body.items as { key: string }[]) {
    const gone = await w.call('DELETE', `/payroll/api/data/state_w4_form/${d.key}`, as(w.staff));
    assert.equal(gone.status, 204, gone.text);
  }
  const created = await w.call('POST', '/payroll/api/data/state_w4_form/', {
    ...as(w.staff),
    body: {
      ...definition(
        'md_exemptions',
        [line('exemptions', 200, 'Line 1 exemptions', 'state_w4.md_exemptions')],
        'AS SIGNED',
      ),
      state: 'MD',
    },
  });
  assert.equal(created.status, 201, created.text);
  const signed = await w.call('POST', `/payroll/api/data/my_state_w4/${w.emma.user}`, {
    ...as(w.emma),
    body: { state: 'MD', md_exemptions: 3, employee_signature: sign('Emma Employee') },
  });
  assert.equal(signed.status, 200, signed.text);
  const removed = await w.call('DELETE', `/payroll/api/data/state_w4_form/${created.body.key}`, as(w.staff));
  assert.equal(removed.status, 204, removed.text);

  for (const who of [w.payroll, w.emma]) {
    const printed = await pdf(who, w.emma.user);
    assert.equal(printed.status, 200, printed.text);
    assert.match(printed.text, /AS SIGNED/);
    assert.match(printed.text, /Line 1 exemptions 3/);
    assert.match(printed.text, /Emma Employee/);
    const listed = await w.call('GET', `/payroll/api/forms/${w.emma.user}`, as(who));
    assert.ok(
      (listed.body.forms as { form: string }[]).some((f) => f.form === 'maryland'),
      `listed for ${who.user}: ${listed.text}`,
    );
  }
  const junk = await w.call('PATCH', `/payroll/api/data/my_state_w4/${w.emma.user}`, {
    ...as(w.emma),
    body: { state: 'MD', md_exemptions: -5, zzz: '<script>x</script>' },
  });
  assert.equal(junk.status, 400, junk.text);
  assert.deepEqual((junk.body.errors as { path: string; message: string }[]).map((e) => e.path).sort(), [
    '/md_exemptions',
    '/zzz',
  ]);
});
