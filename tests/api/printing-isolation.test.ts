/**
 * One form's printing cannot hold everyone's: the drawing worker is shared by every company, and an
 * outside check held it a minute with one employee's answer of a million characters (a state form
 * definition's text without a maxLength) or a layout kept as data computing a text of 100,000
 * numbers; every other company's print waited, then failed. Now a definition's texts are bounded,
 * a value prints at most MAX_PRINTED_TEXT characters (the rest said to be cut), and a form still
 * drawing when its time is up fails alone (tests/unit/server/drawing.test.ts).
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { as, demoWorld, type DemoWorld, type Session } from '../helpers/demo.ts';
import { ROOT } from '../helpers/server.ts';
import { pdfText, squash } from '../printable/pdf-tools.ts';

let w: DemoWorld;
let carla: Session;
beforeAll(async () => {
  w = await demoWorld();
  carla = await w.login(w.acmeOrg, 'carla@acme.example', 'demo-complete-pass');
});
afterAll(async () => {
  await w.server.stop();
});

async function print(who: Session, form: string, key: string) {
  const res = await fetch(`${w.server.url}/payroll/api/forms/${form}/${key}`, {
    headers: { 'organization-id': who.org, auth_token: who.token },
  });
  return {
    status: res.status,
    text: res.status === 200 ? squash(await pdfText(Buffer.from(await res.arrayBuffer()))) : await res.text(),
  };
}

/** A Missouri form kept as data, Colorado's layout with one more element computing `value`. */
function definition(note: Record<string, unknown>, value: string) {
  const layout = JSON.parse(readFileSync(path.join(ROOT, 'printable/layouts/colorado.json'), 'utf8'));
  delete layout.$schema;
  return {
    state: 'MO',
    form_name: 'MO W-4 Employee Withholding Certificate',
    printable_type: 'missouri',
    fields: { schema: { type: 'object', properties: { mo_note: note } } },
    printable_layout: {
      ...layout,
      form: 'missouri',
      state: 'MO',
      title: 'Form MO W-4',
      edition: 'MO W-4 (2026)',
      elements: [
        ...layout.elements,
        { type: 'field', page: 1, id: 'note', x: 50, y: 100, width: 300, height: 40, label: 'Note', value },
      ],
    },
  };
}

test("a definition's text without a maxLength of at most 1,000 is refused, naming it", async () => {
  const r = await w.call('POST', '/payroll/api/data/state_w4_form/', {
    ...as(w.staff),
    body: definition({ type: 'string', title: 'Note' }, 'state_w4.mo_note'),
  });
  assert.equal(r.status, 400, r.text);
  assert.deepEqual(r.body.errors, [
    {
      path: '/fields/schema/properties/mo_note',
      message: 'A text needs a maxLength of at most 1,000: its answer is printed on the form.',
    },
  ]);
});

test('a layout computing a text of 100,000 numbers prints it cut to its box, and the other forms print meanwhile', async () => {
  const made = await w.call('POST', '/payroll/api/data/state_w4_form/', {
    ...as(w.staff),
    body: definition({ type: 'string', title: 'Note', maxLength: 200 }, '$join([1..100000].$string($), " ")'),
  });
  assert.equal(made.status, 201, made.text);
  const saved = await w.call('POST', `/payroll/api/data/my_state_w4/${w.emma.user}`, {
    ...as(w.emma),
    body: { state: 'MO', mo_note: 'Hello' },
  });
  assert.equal(saved.status, 200, saved.text);
  const [missouri, i9] = await Promise.all([
    print(w.emma, 'missouri', w.emma.user),
    print(w.payroll, 'i9', carla.user),
  ]);
  assert.equal(missouri.status, 200, missouri.text);
  // One line in its box, cut where the box ends: the numbers far along are not drawn over the page.
  assert.match(missouri.text, /…/);
  assert.ok(!missouri.text.includes('99999'), missouri.text);
  assert.equal(i9.status, 200, i9.text);
});
