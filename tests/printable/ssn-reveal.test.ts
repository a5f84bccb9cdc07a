/**
 * The printed SSN follows who may see it (security review, point 4): whole for the employee and a
 * caller who may retrieve it (PAYROLL:CanManageUserPayrollData), masked for a manager of onboarding
 * only, who gets 403 from retrieve_ssn. Every whole SSN handed to a layout is audited as a reveal,
 * also when the layout (a copy kept as data) carries no "sensitive" flag.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { as, demoWorld, onboardingManager, type DemoWorld, type Session } from '../helpers/demo.ts';
import { ROOT } from '../helpers/server.ts';
import { pdfText, squash } from './pdf-tools.ts';

let w: DemoWorld;
let onboarder: Session;
beforeAll(async () => {
  w = await demoWorld();
  onboarder = await onboardingManager(w);
  const w4 = await w.call('POST', `/payroll/api/data/my_w4/${w.emma.user}`, {
    ...as(w.emma),
    body: { filing_status: 'Single', employee_signature: { name: 'Emma Employee', font: 'font1', timestamp: 1 } },
  });
  assert.ok([200, 201].includes(w4.status), w4.text);
});
afterAll(async () => {
  await w.server.stop();
});

async function print(who: Session, form: string) {
  const res = await fetch(`${w.server.url}/payroll/api/forms/${form}/${w.emma.user}`, {
    headers: { 'organization-id': w.acmeOrg, auth_token: who.token },
  });
  return { status: res.status, text: squash(await pdfText(Buffer.from(await res.arrayBuffer()))) };
}

async function reveals(by: Session): Promise<number> {
  const r = await w.call('POST', '/auth/api/data/find/audit_log', {
    ...as(w.admin),
    body: { criteria: [{ field: 'action_type', is: '=', value: 'reveal' }], limit: 500 },
  });
  assert.equal(r.status, 200, r.text);
  return r.body.items.filter((i: any) => i.data.logged_in_user === by.user && i.data.affected_user === w.emma.user)
    .length;
}

test('a manager of onboarding only prints the W-4 with the SSN masked, and no reveal is recorded', async () => {
  const retrieve = await w.call('POST', '/payroll/api/retrieve_ssn', {
    ...as(onboarder),
    body: { data: { employee_id: w.emma.user, last_four: '6789' } },
  });
  assert.equal(retrieve.status, 403, 'may not retrieve the SSN');
  const pdf = await print(onboarder, 'w4');
  assert.equal(pdf.status, 200);
  assert.ok(!pdf.text.includes('123-45-6789'), 'not the whole SSN');
  assert.ok(pdf.text.includes('xxx-xx-6789'), 'the mask');
  assert.equal(await reveals(onboarder), 0);
});

test('the payroll manager and the employee print it whole, each print audited', async () => {
  for (const who of [w.payroll, w.emma]) {
    const before = await reveals(who);
    const pdf = await print(who, 'w4');
    assert.ok(pdf.text.includes('123-45-6789'));
    assert.equal(await reveals(who), before + 1);
  }
});

test('a layout kept as data without the sensitive flag still has its reveal audited', async () => {
  const layout = JSON.parse(readFileSync(path.join(ROOT, 'printable/layouts/colorado.json'), 'utf8'));
  delete layout.$schema;
  const elements = layout.elements.map((e: Record<string, unknown>) => {
    const { sensitive: _flag, ...rest } = e;
    return rest;
  });
  assert.ok(
    JSON.stringify(layout.elements).includes('"sensitive"'),
    'the shipped layout flags its SSN element (the copy drops it)',
  );
  const definition = {
    ...JSON.parse(readFileSync(path.join(ROOT, 'server/seed/state-forms/colorado.json'), 'utf8')),
    state: 'WI',
    form_name: 'WT-4',
    printable_type: 'wisconsin',
    printable_layout: { ...layout, elements, form: 'wisconsin', state: 'WI', title: 'Form WT-4' },
  };
  const made = await w.call('POST', '/payroll/api/data/state_w4_form/', { ...as(w.staff), body: definition });
  assert.equal(made.status, 201, made.text);
  const cert = await w.call('POST', `/payroll/api/data/my_state_w4/${w.emma.user}`, {
    ...as(w.emma),
    body: { state: 'WI', extra_state_withholding: 15 },
  });
  assert.ok([200, 201].includes(cert.status), cert.text);
  const before = await reveals(w.payroll);
  const pdf = await print(w.payroll, 'wisconsin');
  assert.equal(pdf.status, 200);
  assert.ok(pdf.text.includes('123-45-6789'), 'the copied layout prints the SSN');
  assert.equal(await reveals(w.payroll), before + 1, 'and the reveal is audited');
});
