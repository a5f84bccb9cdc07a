/**
 * A labour-law poster (`hr/global_docs`) is prepared by whoever holds HR:CanManageLaborLawAdmin and
 * shown to everyone once published: a draft (published false) was listed, read and downloaded by
 * every signed-in user. Now, as a company document (docs/files.md "Company documents: published or
 * not"), a draft is its administrators' only.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, test } from 'vitest';
import { as, demoWorld, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';

const POSTERS = '/hr/api/data/global_docs';
let w: DemoWorld;
let staff: Session;
let draft = '';
let published = '';

const poster = async (display_name: string, isPublished: boolean) => {
  const r = await w.call('POST', `${POSTERS}/`, {
    ...as(staff),
    body: { display_name, filename: 'poster.pdf', state_code: 'CA', year: 2026, published: isPublished },
  });
  assert.equal(r.status, 201, r.text);
  const up = await w.call('PUT', `/hr/api/files/global_docs/${r.body.key}/file`, {
    ...as(staff),
    headers: { 'content-type': 'application/pdf', 'x-file-name': 'poster.pdf' },
    rawBody: '%PDF-1.4 poster',
  });
  assert.equal(up.status, 200, up.text);
  return r.body.key as string;
};

beforeAll(async () => {
  w = await demoWorld();
  staff = await sudoInto(w, w.staff, w.acmeOrg);
  draft = await poster('California poster 2026 (draft)', false);
  published = await poster('California poster 2026', true);
});
afterAll(() => w.server.stop());

test('an employee lists, reads and downloads the published poster and not the draft', async () => {
  const listed = await w.call('POST', '/hr/api/data/find/global_docs', { ...as(w.emma), body: { limit: 100 } });
  assert.equal(listed.status, 200, listed.text);
  const keys = listed.body.items.map((i: { key: string }) => i.key);
  assert.ok(keys.includes(published));
  assert.ok(!keys.includes(draft), 'the draft is not listed');
  assert.equal(listed.body.total, keys.length);

  assert.equal((await w.call('GET', `${POSTERS}/${published}`, as(w.emma))).status, 200);
  assert.equal((await w.call('GET', `${POSTERS}/${draft}`, as(w.emma))).status, 403);
  assert.equal((await w.call('GET', `/hr/api/files/global_docs/${draft}/file`, as(w.emma))).status, 403);
  assert.equal((await w.call('POST', `/hr/api/files/global_docs/${draft}/file/download_key`, as(w.emma))).status, 403);
  assert.equal((await w.call('GET', `/hr/api/files/global_docs/${published}/file`, as(w.emma))).status, 200);
});

test('its administrator sees the draft', async () => {
  assert.equal((await w.call('GET', `${POSTERS}/${draft}`, as(staff))).status, 200);
});
