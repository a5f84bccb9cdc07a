/**
 * Form W-9 (Rev. March 2024) through the API, as its users meet it: the TIN of Part I stored
 * encrypted, answered masked, revealed whole only by retrieve_tin (audited) and on the printed form
 * to those who may see an SSN; line 3a's seven boxes with the LLC's code, line 3b and line 4 only
 * where the form allows them; the spec's earlier classifications saved as the current form's; the
 * signature bound to every answer; the printable W-9 with its wording, revision and the crossed-out
 * item 2.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { as, demoWorld, onboardingManager, type DemoWorld, type Session } from '../helpers/demo.ts';
import { pdfText, squash, struckThrough } from '../printable/pdf-tools.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w.server.stop();
});

const MY = () => `/payroll/api/data/my_w9/${w.emma.user}`;
let signings = 0;
const sign = (name: string) => ({ name, font: 'font1', timestamp: 1_700_000_000 + ++signings });
const W9 = {
  name: 'Emma Employee',
  federal_tax_classification: 'individual',
  address: '12 Elm Street',
  city_state_zip: 'Springfield, IL 62704',
  tin_type: 'ssn',
  tin: '512-48-3927',
};

async function save(body: Record<string, unknown>, who: Session = w.emma) {
  const key = w.emma.user;
  const url = who === w.emma ? MY() : `/payroll/api/data/w9/${key}`;
  return w.call('POST', url, { ...as(who), body });
}

async function reveals(type: string) {
  const r = await w.call('POST', '/auth/api/data/find/audit_log', {
    ...as(w.admin),
    body: { criteria: [{ field: 'action_type', is: '=', value: 'reveal' }], limit: 500 },
  });
  assert.equal(r.status, 200, r.text);
  return r.body.items.map((i: any) => i.data).filter((a: any) => a.detail.type === type);
}

async function pdf(who: Session, form: string, key: string) {
  const res = await fetch(`${w.server.url}/payroll/api/forms/${form}/${key}`, {
    headers: { 'organization-id': w.acmeOrg, auth_token: who.token },
  });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(p)));
    else out.push(p);
  }
  return out;
}

test('the TIN is stored encrypted, answered masked to everyone, and a masked value sent back keeps it', async () => {
  const made = await save(W9);
  assert.ok([200, 201].includes(made.status), made.text);
  assert.equal(made.body.data.tin, 'xxx-xx-3927');
  assert.ok(!made.text.includes('512-48-3927'));
  for (const who of [w.emma, w.payroll]) {
    const url = who === w.emma ? MY() : `/payroll/api/data/w9/${w.emma.user}`;
    const read = await w.call('GET', url, as(who));
    assert.equal(read.status, 200, read.text);
    assert.equal(read.body.data.tin, 'xxx-xx-3927');
  }
  // Nothing on disk holds the number in clear.
  for (const file of await filesUnder(w.server.dataDir)) {
    assert.ok(!(await readFile(file, 'utf8')).includes('512-48-3927'), `${file} holds the TIN in clear`);
  }
  // The masked value saved back with another change keeps the stored number; a TIN cannot be searched.
  const again = await save({ ...W9, tin: 'xxx-xx-3927', business_name: 'Emma Consulting' });
  assert.equal(again.status, 200, again.text);
  const whole = await w.call('POST', '/payroll/api/retrieve_tin', {
    ...as(w.payroll),
    body: { data: { employee_id: w.emma.user, last_four: '3927' } },
  });
  assert.equal(whole.status, 200, whole.text);
  assert.deepEqual(whole.body, { tin_type: 'ssn', tin: '512-48-3927' });
  const search = await w.call('POST', '/payroll/api/data/find/w9', {
    ...as(w.payroll),
    body: { criteria: [{ field: 'tin', is: '=', value: '512-48-3927' }] },
  });
  assert.equal(search.status, 400, search.text);
  // The number's shape follows its kind.
  const ein = await save({ ...W9, federal_tax_classification: 'c_corporation', tin_type: 'ein', tin: '512-48-3927' });
  assert.equal(ein.status, 400, ein.text);
  assert.equal(ein.body.errors[0].path, '/tin');
});

test('retrieve_tin answers the whole TIN only to a payroll manager who knows its last four, and audits every answer', async () => {
  assert.equal((await save(W9)).status, 200);
  const ask = (who: Session, lastFour: string, employee = w.emma.user) =>
    w.call('POST', '/payroll/api/retrieve_tin', {
      ...as(who),
      body: { data: { employee_id: employee, last_four: lastFour } },
    });
  const before = (await reveals('w9')).length;
  assert.equal((await ask(w.emma, '3927')).status, 403, 'the employee herself has no reveal right');
  assert.equal((await ask(w.payroll, '0000')).status, 404, 'a wrong last four');
  assert.equal((await ask(w.payroll, '3927', w.ivan.user)).status, 404, 'no W-9');
  const ok = await ask(w.payroll, '3927');
  assert.equal(ok.status, 200, ok.text);
  assert.equal(ok.body.tin, '512-48-3927');
  assert.equal((await ask(w.payroll, '12')).status, 400);
  const audited = (await reveals('w9')).slice(before);
  assert.deepEqual(
    audited.map((a: any) => [a.detail.outcome, a.detail.fields]),
    [
      ['refused', ['tin']],
      ['not found', ['tin']],
      ['not found', ['tin']],
      ['revealed', ['tin']],
    ],
  );
  assert.equal(audited[3].affected_user, w.emma.user);
});

test("line 3a: seven boxes, the LLC's code C, S or P with the LLC box only", async () => {
  const llc = await save({ ...W9, federal_tax_classification: 'llc' });
  assert.equal(llc.status, 400, llc.text);
  assert.deepEqual(llc.body.errors, [
    { path: '/llc_tax_classification', message: "Enter the LLC's tax classification: C, S or P." },
  ]);
  const code = await save({ ...W9, federal_tax_classification: 's_corporation', llc_tax_classification: 'S' });
  assert.equal(code.status, 400, code.text);
  assert.deepEqual(code.body.errors, [
    { path: '/llc_tax_classification', message: 'The tax classification code (C, S or P) goes with the LLC box only.' },
  ]);
  const other = await save({ ...W9, federal_tax_classification: 'other' });
  assert.deepEqual(other.body.errors, [
    { path: '/other_tax_classification', message: 'Describe the other tax classification.' },
  ]);
  const taxedAsS = await save({ ...W9, federal_tax_classification: 'llc', llc_tax_classification: 'S' });
  assert.equal(taxedAsS.status, 200, taxedAsS.text);
  const unknown = await save({ ...W9, federal_tax_classification: 'Sole proprietor' });
  assert.deepEqual(unknown.body.errors, [
    { path: '/federal_tax_classification', message: 'Choose one of the seven boxes of line 3a.' },
  ]);
});

test('line 3b only for a partnership, a trust/estate or an LLC taxed as a partnership', async () => {
  const refused = 'Line 3b is only for a partnership, a trust/estate, or an LLC taxed as a partnership (code P).';
  for (const classification of [
    { federal_tax_classification: 'individual' },
    { federal_tax_classification: 'c_corporation' },
    { federal_tax_classification: 'llc', llc_tax_classification: 'C' },
  ]) {
    const r = await save({ ...W9, tin_type: 'ein', tin: '36-4812345', ...classification, foreign_partners: true });
    assert.equal(r.status, 400, r.text);
    assert.deepEqual(r.body.errors, [{ path: '/foreign_partners', message: refused }]);
  }
  for (const classification of [
    { federal_tax_classification: 'partnership' },
    { federal_tax_classification: 'trust_estate' },
    { federal_tax_classification: 'llc', llc_tax_classification: 'P' },
  ]) {
    const r = await save({ ...W9, tin_type: 'ein', tin: '36-4812345', ...classification, foreign_partners: true });
    assert.equal(r.status, 200, `${JSON.stringify(classification)}: ${r.text}`);
  }
});

test('line 4: exemption codes only for entities, not for individuals or sole proprietors', async () => {
  const r = await save({ ...W9, exempt_payee_code: 5, exempt_from_fatca_code: 'C' });
  assert.equal(r.status, 400, r.text);
  const message = 'Exemption codes apply only to certain entities, not to individuals or sole proprietors.';
  assert.deepEqual(r.body.errors, [
    { path: '/exempt_payee_code', message },
    { path: '/exempt_from_fatca_code', message },
  ]);
  const corporation = await save({
    ...W9,
    federal_tax_classification: 'c_corporation',
    tin_type: 'ein',
    tin: '36-4812345',
    exempt_payee_code: 5,
    exempt_from_fatca_code: 'C',
  });
  assert.equal(corporation.status, 200, corporation.text);
});

test("the spec's earlier classifications are read with their labels and saved as the current form's answer", async () => {
  const meta = await w.call('GET', '/payroll/api/data/meta/my_w9', as(w.emma));
  assert.equal(meta.status, 200, meta.text);
  const field = meta.body.schema.properties.federal_tax_classification;
  const label = (v: string) => field['x-enumNames'][field.enum.indexOf(v)];
  assert.equal(label('LLC - Partnership'), 'LLC - Partnership (earlier form)');
  assert.equal(label('individual'), 'Individual/sole proprietor');
  for (const [earlier, now] of [
    ['Individual / Sole Proprietor or Single-Member LLC', { federal_tax_classification: 'individual' }],
    ['Trust / Estate', { federal_tax_classification: 'trust_estate' }],
    ['LLC - Partnership', { federal_tax_classification: 'llc', llc_tax_classification: 'P' }],
    ['LLC - C Corporation', { federal_tax_classification: 'llc', llc_tax_classification: 'C' }],
  ] as const) {
    const r = await save({ ...W9, tin_type: 'ein', tin: '36-4812345', federal_tax_classification: earlier });
    assert.equal(r.status, 200, `${earlier}: ${r.text}`);
    assert.equal(r.body.data.federal_tax_classification, now.federal_tax_classification, earlier);
    assert.equal(
      r.body.data.llc_tax_classification,
      'llc_tax_classification' in now ? now.llc_tax_classification : undefined,
    );
  }
});

test('Part II: the owner signs, only after giving a TIN; any change voids the signature; no one signs for her', async () => {
  const noTin = await save({ ...W9, tin_type: undefined, tin: undefined, signature: sign('Emma Employee') });
  assert.equal(noTin.status, 400, noTin.text);
  assert.ok(
    noTin.body.errors.some(
      (e: any) =>
        e.path === '/tin' && e.message === 'Part I: enter your taxpayer identification number before you sign.',
    ),
    noTin.text,
  );
  const signed = await save({ ...W9, signature: sign('Emma Employee') });
  assert.equal(signed.status, 200, signed.text);
  assert.equal('digest' in signed.body.data.signature.evidence, false, 'the digest is kept by the server');
  // The payroll manager may neither change her answers nor sign for her.
  const altered = await w.call('PATCH', `/payroll/api/data/w9/${w.emma.user}`, {
    ...as(w.payroll),
    body: { subject_to_backup_withholding: true },
  });
  assert.equal(altered.status, 400, altered.text);
  const forged = await w.call('PATCH', `/payroll/api/data/w9/${w.emma.user}`, {
    ...as(w.payroll),
    body: { signature: sign('Emma Employee') },
  });
  assert.equal(forged.status, 400, forged.text);
  // Her own change after signing voids the signature: it moves to the history.
  const changed = await w.call('PATCH', MY(), { ...as(w.emma), body: { subject_to_backup_withholding: true } });
  assert.equal(changed.status, 200, changed.text);
  assert.equal(changed.body.data.signature, undefined);
  assert.deepEqual(changed.body.data.signature_history.at(-1).voided.fields, ['subject_to_backup_withholding']);
});

test('the printable W-9: its wording and revision, the TIN whole for her and payroll, masked otherwise, item 2 crossed out when she is subject to backup withholding', async () => {
  assert.equal(
    (
      await save({
        ...W9,
        federal_tax_classification: 'LLC - Partnership',
        tin_type: 'ein',
        tin: '36-4812345',
        foreign_partners: true,
        signature: sign('Emma Employee'),
      })
    ).status,
    200,
  );
  const offered = await w.call('GET', `/payroll/api/forms/${w.emma.user}`, as(w.emma));
  assert.ok(
    offered.body.forms.some((f: any) => f.form === 'w9' && f.kind === 'w9'),
    offered.text,
  );
  const before = (await reveals('w9')).length;
  const mine = await pdf(w.emma, 'w9', w.emma.user);
  assert.equal(mine.status, 200);
  const text = squash(await pdfText(mine.body));
  assert.match(text, /Form W-9 \(Rev\. March 2024\)/);
  assert.match(text, /Request for Taxpayer .*Identification Number and Certification/);
  assert.match(text, /Under penalties of perjury, I certify that:/);
  assert.match(text, /36-4812345/, 'her EIN whole, in its box');
  assert.match(text, /X LLC\. Enter the tax classification/);
  assert.equal(await struckThrough(mine.body, 'I am not subject to backup withholding'), false);
  assert.equal((await pdf(w.payroll, 'w9', w.emma.user)).status, 200);
  const onboarder = await onboardingManager(w);
  const masked = await pdf(onboarder, 'w9', w.emma.user);
  assert.equal(masked.status, 200);
  const maskedText = squash(await pdfText(masked.body));
  assert.ok(!maskedText.includes('36-4812345'), 'no whole TIN for a manager of onboarding only');
  assert.match(maskedText, /xxx-xx-2345/);
  // Each whole TIN handed to the form is audited as a reveal; the masked one is not.
  const audited = (await reveals('w9')).slice(before);
  assert.deepEqual(
    audited.map((a: any) => a.detail.fields),
    [
      ['tin', 'printable:w9'],
      ['tin', 'printable:w9'],
    ],
  );

  // Subject to backup withholding: item 2 is struck through, the other items are not.
  const crossed = await w.call('PATCH', MY(), {
    ...as(w.emma),
    body: { subject_to_backup_withholding: true, signature: sign('Emma Employee') },
  });
  assert.equal(crossed.status, 200, crossed.text);
  const struck = await pdf(w.emma, 'w9', w.emma.user);
  assert.equal(await struckThrough(struck.body, 'I am not subject to backup withholding'), true);
  assert.equal(await struckThrough(struck.body, 'I am a U.S. citizen or other U.S. person'), false);
});
