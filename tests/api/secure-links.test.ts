/**
 * Links written as data open over https only (security review, point 12): a state form
 * definition's links and a shared document's address are refused otherwise, naming the field.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { as, demoWorld, sudoInto, type DemoWorld } from '../helpers/demo.ts';
import { ROOT } from '../helpers/server.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w.server.stop();
});

const MESSAGE = 'An address must start with https:// (a secure link).';

test("a state form definition's links must be https", async () => {
  const definition = JSON.parse(readFileSync(path.join(ROOT, 'server/seed/state-forms/colorado.json'), 'utf8'));
  for (const url of ['http://tax.colorado.gov/dr0004', 'javascript:alert(document.cookie)', 'data:text/html,x']) {
    const r = await w.call('POST', '/payroll/api/data/state_w4_form/', {
      ...as(w.staff),
      body: { ...definition, state: 'KS', printable_type: 'kansas', links: [{ label: 'Form', url }] },
    });
    assert.equal(r.status, 400, `${url}: ${r.text}`);
    assert.ok(
      r.body.errors.some((e: { path: string; message: string }) => e.path === '/links/0/url' && e.message === MESSAGE),
      r.text,
    );
  }
  const ok = await w.call('POST', '/payroll/api/data/state_w4_form/', {
    ...as(w.staff),
    body: {
      ...definition,
      state: 'KS',
      printable_type: 'kansas',
      links: [{ label: 'Form', url: 'https://www.ksrevenue.gov/pdf/k-4.pdf' }],
    },
  });
  assert.equal(ok.status, 201, ok.text);
});

test("a shared document's address must be https", async () => {
  const staff = await sudoInto(w, w.staff, w.acmeOrg);
  const r = await w.call('POST', '/hr/api/data/documents/', {
    ...as(staff),
    body: {
      display_name: 'Handbook',
      filename: 'handbook.pdf',
      view_type: 'link',
      url: 'http://intranet.example/handbook',
    },
  });
  assert.equal(r.status, 400, r.text);
  assert.ok(
    r.body.errors.some((e: { path: string; message: string }) => e.path === '/url' && e.message === MESSAGE),
    r.text,
  );
});
