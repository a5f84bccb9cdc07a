/**
 * A PTO team is a group of the company chosen by name (docs/directory.md "Searching groups",
 * docs/pto.md): a PTO manager, who may not list the groups, finds them by name (names only) to set
 * a team's preferences or an enrolment's team; an employee may not; a group of another company is
 * refused on the field, as a key of nothing is.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, signedInEmployee, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';
import { createCompany } from '../helpers/hardening.ts';

const SEARCH = '/auth/api/search_groups';
let w: DemoWorld;
let pto: Session;
let unusable: Session;
let worker: Session;
let team = '';
let foreignTeam = '';

type Hit = { key: string; data: { name: string } };

beforeAll(async () => {
  w = await demoWorld();
  pto = await signedInEmployee(w, 'Pete', ['TIME:CanUseModule', 'TIME:CanManagePTO']);
  unusable = await signedInEmployee(w, 'Uma', ['TIME:CanManagePTO']);
  worker = await signedInEmployee(w, 'Wendy', ['TIME:CanUseModule', 'TIME:CanUsePTO']);
  const g = await w.call('POST', '/auth/api/data/groups/', {
    ...as(w.admin),
    body: { name: 'Warehouse night shift', permissions: [], users: [worker.user] },
  });
  assert.equal(g.status, 201, g.text);
  team = g.body.key;
  const other = await sudoInto(w, w.staff, await createCompany(w, 'Other Teams Co', 'otherteams.dform.app'));
  const og = await w.call('POST', '/auth/api/data/groups/', {
    ...as(other),
    body: { name: 'Warehouse night shift', permissions: [], users: [] },
  });
  assert.equal(og.status, 201, og.text);
  foreignTeam = og.body.key;
});
afterAll(async () => {
  await w?.server.stop();
});

test('a PTO manager finds the groups by name, names only; an employee finds only the groups that list her, and has the groups named by key', async () => {
  const r = await w.call('POST', SEARCH, { ...as(pto), body: { text: 'night' } });
  assert.equal(r.status, 200, r.text);
  assert.deepEqual(r.body as Hit[], [{ key: team, data: { name: 'Warehouse night shift' } }]);
  const all = await w.call('POST', SEARCH, { ...as(pto), body: { text: '' } });
  const names = (all.body as Hit[]).map((h) => h.data.name);
  assert.ok(names.includes('Employees') && names.includes('Warehouse night shift'), all.text);
  assert.deepEqual(
    names,
    [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    'by name',
  );
  for (const h of all.body as Hit[]) assert.deepEqual(Object.keys(h.data), ['name'], 'no members, no permissions');
  // Named by key: the company's only.
  const byKeys = await w.call('POST', SEARCH, { ...as(pto), body: { keys: [team, foreignTeam] } });
  assert.deepEqual(byKeys.body, [{ key: team, data: { name: 'Warehouse night shift' } }]);
  // The admin lists the groups anyway.
  assert.equal((await w.call('POST', SEARCH, { ...as(w.admin), body: { text: 'night' } })).status, 200);
  // Anyone else finds the groups that list them, as their data API list of groups does (x-owner):
  // a Team filter offers Wendy her team, where it was refused (403).
  const own = async (who: Session, text: string) => {
    const r = await w.call('POST', SEARCH, { ...as(who), body: { text } });
    assert.equal(r.status, 200, r.text);
    return (r.body as Hit[]).map((h) => h.key);
  };
  assert.deepEqual(await own(worker, ''), [team]);
  assert.deepEqual(await own(worker, 'NIGHT'), [team]);
  assert.deepEqual(await own(worker, 'day'), []);
  const listed = await w.call('POST', '/auth/api/data/find/groups', { ...as(w.emma), body: { limit: 200 } });
  assert.equal(listed.status, 200, listed.text);
  const emmas = (listed.body.items as { key: string }[]).map((g) => g.key).sort();
  assert.ok(!emmas.includes(team));
  assert.deepEqual((await own(w.emma, '')).sort(), emmas, "Emma's: those her own list of groups holds");
  assert.deepEqual(await own(unusable, ''), []);
  // Named by key, for anyone of the company: Wendy's list of her team's preferences names the team.
  for (const who of [worker, w.emma]) {
    const named = await w.call('POST', SEARCH, { ...as(who), body: { keys: [team, foreignTeam] } });
    assert.equal(named.status, 200, named.text);
    assert.deepEqual(named.body, [{ key: team, data: { name: 'Warehouse night shift' } }]);
  }
  for (const body of [{ text: 'x'.repeat(101) }, { keys: [] }, { keys: ['nope'] }, {}]) {
    const bad = await w.call('POST', SEARCH, { ...as(pto), body });
    assert.equal(bad.status, 400, JSON.stringify(body));
  }
});

test("a team's preferences and an enrolment name a group of the company, not another's", async () => {
  const refused = await w.call('POST', '/time/api/data/pto_prefs/', {
    ...as(pto),
    body: { team_id: foreignTeam },
  });
  assert.equal(refused.status, 400, refused.text);
  assert.deepEqual(refused.body.errors, [{ path: '/team_id', message: 'Must be a group of this company.' }]);
  const made = await w.call('POST', '/time/api/data/pto_prefs/', { ...as(pto), body: { team_id: team } });
  assert.equal(made.status, 201, made.text);

  const enrol = (team_id: string) =>
    w.call('PATCH', `/time/api/data/pto_employee/${worker.user}`, {
      ...as(pto),
      body: { status: 'active', team_id },
    });
  const wrong = await enrol(foreignTeam);
  assert.equal(wrong.status, 400, wrong.text);
  assert.equal(wrong.body.errors[0].path, '/team_id');
  const right = await enrol(team);
  assert.ok([200, 201].includes(right.status), right.text);
});
