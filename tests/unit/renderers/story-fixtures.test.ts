/**
 * The stories' fixtures stay true to the product: their metas are what the server's meta endpoint
 * answers, their records pass the server's validators, and the fixture back end pages, sorts,
 * filters and refuses stale saves as the wire contract says.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { createApiClient } from '../../../renderers/api/client.ts';
import { isFailure } from '../../../renderers/api/failure.ts';
import { asksSecondFactor, type TypeMeta } from '../../../renderers/api/types.ts';
import { loadCatalogue } from '../../../server/schemas.ts';
import { acmeBackend, EMMA_KEY } from '../../../stories/fixtures/backend.ts';
import { DEMO_LOGIN } from '../../../stories/fixtures/session.ts';
import { fixtureFetch, FIXTURE_TOKEN } from '../../../stories/support/fixture-api.ts';
import { inProcessApp } from '../../helpers/in-process.ts';

const TYPES = ['payroll/employee', 'payroll/basic_info', 'payroll/emergency_contacts'];

describe('story fixtures against the server', () => {
  let app: Awaited<ReturnType<typeof inProcessApp>>;
  beforeAll(async () => {
    app = await inProcessApp();
  });
  afterAll(async () => {
    await app.storage.close();
    await rm(app.dataDir, { recursive: true, force: true });
  });

  for (const id of TYPES) {
    it(`${id}: the fixture meta is the server's meta answer`, async () => {
      const [module, type] = id.split('/');
      const r = await app.call('GET', `/${module}/api/data/meta/${type}`, { token: app.token });
      assert.equal(r.status, 200, r.text);
      const { can: _serverCan, ...server } = r.body as TypeMeta;
      const { can: _fixtureCan, ...fixture } = acmeBackend().metas[id];
      assert.deepEqual(fixture, server);
    });
  }

  it('every fixture record passes the server validator of its type', () => {
    const catalogue = loadCatalogue();
    const backend = acmeBackend();
    let checked = 0;
    for (const [id, records] of Object.entries(backend.records)) {
      const [module, type] = id.split('/');
      const validate = catalogue.validator(catalogue.registry.require(module, type));
      for (const r of records) {
        assert.deepEqual(validate(r.data), [], `${id} ${r.key}`);
        checked++;
      }
    }
    assert.ok(checked >= 28, `${checked} records checked`);
  });
});

describe('fixture back end', () => {
  const backend = acmeBackend();
  let token: string | undefined;
  const api = createApiClient({
    getOrganization: () => backend.org.organization_id,
    getToken: () => token,
    fetchFn: fixtureFetch(backend),
  });

  it('signs in with the demo password only', async () => {
    await assert.rejects(api.login(DEMO_LOGIN.userid, 'wrong'), (e) => isFailure(e, 401));
    const answer = await api.login(DEMO_LOGIN.userid, DEMO_LOGIN.key);
    assert.ok(!asksSecondFactor(answer), 'the demo account has no second factor');
    assert.equal(answer.token, FIXTURE_TOKEN);
    assert.equal(answer.session.user.display_name, 'Paul Payroll');
    token = answer.token;
  });

  it('finds with criteria, sort and paging', async () => {
    const all = await api.find('payroll', 'employee', { criteria: [], limit: 20, offset: 20 });
    assert.equal(all.total, 26);
    assert.equal(all.items.length, 6);
    const clerks = await api.find('payroll', 'employee', {
      criteria: [{ field: 'job_title', is: 'like', value: 'clerk' }],
      sort: [{ field: 'last_name', dir: 'desc' }],
    });
    assert.deepEqual(
      clerks.items.map((r) => r.data.last_name),
      ['Okafor', 'Employee'],
    );
  });

  it('saves with If-Match and refuses a stale version with 409', async () => {
    const rec = await api.read('payroll', 'employee', EMMA_KEY);
    const saved = await api.save(
      'payroll',
      'employee',
      EMMA_KEY,
      { ...rec.data, job_title: 'Payroll Lead' },
      rec.meta.version,
    );
    assert.equal(saved.meta.version, rec.meta.version + 1);
    assert.equal(saved.data.job_title, 'Payroll Lead');
    await assert.rejects(api.save('payroll', 'employee', EMMA_KEY, rec.data, rec.meta.version), (e) =>
      isFailure(e, 409),
    );
  });

  it('answers 404 for an unknown type or record', async () => {
    await assert.rejects(api.meta('payroll', 'nothing'), (e) => isFailure(e, 404));
    await assert.rejects(api.read('payroll', 'employee', 'no-such-key'), (e) => isFailure(e, 404));
  });
});
