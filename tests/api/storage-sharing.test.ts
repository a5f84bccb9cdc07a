/**
 * File sharing in the storage module (docs/files.md "Sharing"), against a real server: a share
 * (storage/shares) gives the people, file groups (storage/fgroups) or company it names the reading
 * and download of one file, made only by someone who may edit the file, and taken away at the next
 * request once withdrawn; shares and groups are seen by those they concern only.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { as, demoWorld, signedInEmployee, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';
import { createCompany } from '../helpers/hardening.ts';

let w: DemoWorld;
/** Olive owns files; Sam and Tess are colleagues; Hank manages files (HR:CanManageModule); Bo is elsewhere. */
let olive: Session;
let sam: Session;
let tess: Session;
let hank: Session;
let bo: Session;

beforeAll(async () => {
  w = await demoWorld();
  [olive, sam, tess, hank] = await Promise.all([
    signedInEmployee(w, 'Olive'),
    signedInEmployee(w, 'Sam'),
    signedInEmployee(w, 'Tess'),
    signedInEmployee(w, 'Hank', ['HR:CanUseModule', 'HR:CanManageModule']),
  ]);
  const other = await createCompany(w, 'Beta Sharing', `beta${randomUUID().slice(0, 8)}.dform.app`, ['auth', 'hr']);
  bo = await sudoInto(w, w.staff, other);
});
afterAll(async () => {
  await w.server.stop();
});

const TEXT = (marker: string) => `quarterly numbers ${marker}\n`;

/** A file of `who`'s with its content uploaded; answers its key. */
async function fileOf(who: Session, over: Record<string, unknown> = {}): Promise<{ key: string; text: string }> {
  const r = await w.call('POST', '/storage/api/data/files/', {
    ...as(who),
    body: { owner_id: who.user, filename: 'numbers.txt', module: 'hr', ...over },
  });
  assert.equal(r.status, 201, r.text);
  const text = TEXT(randomUUID());
  const up = await w.call('PUT', `/storage/api/files/files/${r.body.key}/content`, {
    ...as(who),
    headers: { 'content-type': 'text/plain', 'x-file-name': 'numbers.txt' },
    rawBody: text,
  });
  assert.equal(up.status, 200, up.text);
  return { key: r.body.key, text };
}

function share(who: Session, body: Record<string, unknown>) {
  return w.call('POST', '/storage/api/data/shares/', { ...as(who), body });
}

async function shared(who: Session, body: Record<string, unknown>): Promise<string> {
  const r = await share(who, body);
  assert.equal(r.status, 201, r.text);
  return r.body.key;
}

/** What `who` gets of the file: its record, its content, and whether their files list holds it. */
async function reach(who: Session, key: string) {
  const read = await w.call('GET', `/storage/api/data/files/${key}`, as(who));
  const download = await w.call('GET', `/storage/api/files/files/${key}/content`, as(who));
  const list = await w.call('POST', '/storage/api/data/find/files', { ...as(who), body: { limit: 500 } });
  assert.equal(list.status, 200, list.text);
  return {
    read: read.status,
    data: read.body?.data,
    download: download.status,
    text: download.text,
    listed: list.body.items.some((r: { key: string }) => r.key === key),
  };
}

function fieldError(r: { status: number; body: any; text: string }, path: string): string {
  assert.equal(r.status, 400, r.text);
  const e = (r.body.errors ?? []).find((x: { path: string }) => x.path === path);
  assert.ok(e, `an error at ${path}: ${r.text}`);
  return e.message;
}

test('a share gives the people it names the reading and download of the file, and nothing to others', async () => {
  const f = await fileOf(olive);
  assert.deepEqual(await reach(sam, f.key).then((x) => [x.read, x.download, x.listed]), [403, 403, false]);
  const k = await shared(olive, { file_key: f.key, shared_to_users: [sam.user] });

  const got = await reach(sam, f.key);
  assert.equal(got.read, 200);
  assert.equal(got.download, 200);
  assert.equal(got.text, f.text);
  assert.equal(got.listed, true, 'the file is in her files list');
  // She does not learn who else it is shared with.
  assert.equal(got.data.shared_to_users, undefined);
  // A download link works for her too.
  const link = await w.call('POST', `/storage/api/files/files/${f.key}/content/download_key`, as(sam));
  assert.equal(link.status, 201, link.text);
  assert.equal((await w.call('GET', link.body.url, {})).text, f.text);

  // Read, never change.
  const patch = await w.call('PATCH', `/storage/api/data/files/${f.key}`, { ...as(sam), body: { notes: 'mine now' } });
  assert.equal(patch.status, 403, patch.text);
  const put = await w.call('PUT', `/storage/api/files/files/${f.key}/content`, {
    ...as(sam),
    headers: { 'content-type': 'text/plain', 'x-file-name': 'x.txt' },
    rawBody: 'overwritten',
  });
  assert.equal(put.status, 403, put.text);
  assert.equal((await w.call('DELETE', `/storage/api/data/files/${f.key}`, as(sam))).status, 403);
  assert.equal((await w.call('DELETE', `/storage/api/files/files/${f.key}/content`, as(sam))).status, 403);

  // Tess, not named, still gets nothing.
  assert.deepEqual(await reach(tess, f.key).then((x) => [x.read, x.download, x.listed]), [403, 403, false]);

  // The owner sees who it is shared with on the file.
  const mine = await w.call('GET', `/storage/api/data/files/${f.key}`, as(olive));
  assert.deepEqual(mine.body.data.shared_to_users, [sam.user]);

  // Withdrawn: gone at the next request.
  const unused = await w.call('POST', `/storage/api/files/files/${f.key}/content/download_key`, as(sam));
  assert.equal(unused.status, 201, unused.text);
  assert.equal((await w.call('DELETE', `/storage/api/data/shares/${k}`, as(olive))).status, 204);
  assert.deepEqual(await reach(sam, f.key).then((x) => [x.read, x.download, x.listed]), [403, 403, false]);
  // Her download link made before no longer opens it either.
  const again = await w.call('GET', unused.body.url, {});
  assert.equal(again.status, 403, again.text);
});

test("a share may name only a file its sender may edit: another's file answers as no file at all", async () => {
  const theirs = await fileOf(olive);
  const guessed = fieldError(await share(sam, { file_key: theirs.key, shared_to_users: [sam.user] }), '/file_key');
  const unknown = fieldError(await share(sam, { file_key: randomUUID(), shared_to_users: [sam.user] }), '/file_key');
  assert.equal(guessed, unknown);
  assert.equal(guessed, 'No file you may share has this key.');
  // Nothing reached Sam.
  assert.equal((await reach(sam, theirs.key)).read, 403);
  // Another company's file is no file either.
  const betaFile = await w.call('POST', '/storage/api/data/files/', {
    ...as(bo),
    body: { owner_id: bo.user, filename: 'beta.txt' },
  });
  assert.equal(betaFile.status, 201, betaFile.text);
  assert.equal(
    fieldError(await share(olive, { file_key: betaFile.body.key, shared_to_users: [sam.user] }), '/file_key'),
    unknown,
  );
  // A file manager may share an employee's file; a share of it is then changed by its owner or a manager only.
  const byHr = await shared(hank, { file_key: theirs.key, shared_to_users: [tess.user] });
  assert.equal((await reach(tess, theirs.key)).download, 200);
  const bySam = await w.call('PATCH', `/storage/api/data/shares/${byHr}`, {
    ...as(sam),
    body: { shared_to_users: [sam.user] },
  });
  assert.ok([403, 404].includes(bySam.status), bySam.text);
  const byTess = await w.call('PATCH', `/storage/api/data/shares/${byHr}`, {
    ...as(tess),
    body: { shared_to_users: [tess.user, sam.user] },
  });
  assert.equal(byTess.status, 403, byTess.text);
  assert.equal((await w.call('DELETE', `/storage/api/data/shares/${byHr}`, as(tess))).status, 403);
  const byOwner = await w.call('PATCH', `/storage/api/data/shares/${byHr}`, {
    ...as(olive),
    body: { shared_to_users: [sam.user] },
  });
  assert.equal(byOwner.status, 200, byOwner.text);
  assert.equal((await reach(tess, theirs.key)).read, 403, 'taken from Tess at once');
  assert.equal((await reach(sam, theirs.key)).read, 200);
  // The share's file cannot be swapped for another.
  const other = await fileOf(olive);
  fieldError(
    await w.call('PATCH', `/storage/api/data/shares/${byHr}`, { ...as(olive), body: { file_key: other.key } }),
    '/file_key',
  );
});

test('people and groups a share names are of the company; another company reaches nothing', async () => {
  const f = await fileOf(olive);
  fieldError(await share(olive, { file_key: f.key, shared_to_users: [bo.user] }), '/shared_to_users/0');
  fieldError(await share(olive, { file_key: f.key, shared_to_groups: [randomUUID()] }), '/shared_to_groups/0');
  await shared(olive, { file_key: f.key, publicly_shared: true });
  // Public: every signed-in person of the company, not the internet, not another company.
  const t = await reach(tess, f.key);
  assert.deepEqual([t.read, t.download, t.listed], [200, 200, true]);
  const b = await w.call('GET', `/storage/api/data/files/${f.key}`, { org: w.acmeOrg, token: bo.token });
  assert.notEqual(b.status, 200);
  const bb = await w.call('GET', `/storage/api/data/files/${f.key}`, as(bo));
  assert.equal(bb.status, 404, bb.text);
  const anon = await w.call('GET', `/storage/api/files/files/${f.key}/content`, { org: w.acmeOrg });
  assert.equal(anon.status, 401, anon.text);
});

test('a private file cannot be shared, and a shared file made private is shared with no one until it is not', async () => {
  const priv = await fileOf(olive, { private: true });
  assert.match(
    fieldError(await share(olive, { file_key: priv.key, shared_to_users: [sam.user] }), '/file_key'),
    /private/,
  );
  const f = await fileOf(olive);
  await shared(olive, { file_key: f.key, shared_to_users: [sam.user] });
  assert.equal((await reach(sam, f.key)).download, 200);
  const made = await w.call('PATCH', `/storage/api/data/files/${f.key}`, { ...as(olive), body: { private: true } });
  assert.equal(made.status, 200, made.text);
  assert.deepEqual(await reach(sam, f.key).then((x) => [x.read, x.download, x.listed]), [403, 403, false]);
  const back = await w.call('PATCH', `/storage/api/data/files/${f.key}`, { ...as(olive), body: { private: false } });
  assert.equal(back.status, 200, back.text);
  assert.equal((await reach(sam, f.key)).download, 200);
  // Protected by a manager: only its owner and file managers read it.
  const prot = await w.call('PATCH', `/storage/api/data/files/${f.key}`, { ...as(hank), body: { protected: true } });
  assert.equal(prot.status, 200, prot.text);
  assert.equal((await reach(sam, f.key)).read, 403);
});

test('a file group: its members read what is shared with it, one taken out loses it at once', async () => {
  const g = await w.call('POST', '/storage/api/data/fgroups/', {
    ...as(olive),
    body: { name: `Auditors ${randomUUID().slice(0, 6)}`, group_members: [sam.user], listed: false },
  });
  assert.equal(g.status, 201, g.text);
  assert.deepEqual(g.body.data.group_admins, [olive.user], 'its creator administers a group naming none');
  fieldError(
    await w.call('POST', '/storage/api/data/fgroups/', {
      ...as(olive),
      body: { name: 'Not a list', group_admins: olive.user },
    }),
    '/group_admins',
  );
  const f = await fileOf(olive);
  await shared(olive, { file_key: f.key, shared_to_groups: [g.body.key] });
  assert.equal((await reach(sam, f.key)).download, 200);
  assert.equal((await reach(tess, f.key)).read, 403);

  // Not listed: seen by its administrators, members, creator and file managers only.
  const seen = async (who: Session) =>
    (await w.call('POST', '/storage/api/data/find/fgroups', { ...as(who), body: { limit: 500 } })).body.items.some(
      (x: { key: string }) => x.key === g.body.key,
    );
  assert.equal(await seen(olive), true);
  assert.equal(await seen(sam), true);
  assert.equal(await seen(hank), true);
  assert.equal(await seen(tess), false);
  assert.equal((await w.call('GET', `/storage/api/data/fgroups/${g.body.key}`, as(tess))).status, 403);

  // A member may not change the group; an administrator may.
  const bySam = await w.call('PATCH', `/storage/api/data/fgroups/${g.body.key}`, {
    ...as(sam),
    body: { group_members: [sam.user, tess.user] },
  });
  assert.equal(bySam.status, 403, bySam.text);
  const out = await w.call('PATCH', `/storage/api/data/fgroups/${g.body.key}`, {
    ...as(olive),
    body: { group_members: [tess.user] },
  });
  assert.equal(out.status, 200, out.text);
  assert.deepEqual(await reach(sam, f.key).then((x) => [x.read, x.download, x.listed]), [403, 403, false]);
  assert.equal((await reach(tess, f.key)).download, 200);
  // A person of another company is no member.
  fieldError(
    await w.call('PATCH', `/storage/api/data/fgroups/${g.body.key}`, {
      ...as(olive),
      body: { group_members: [bo.user] },
    }),
    '/group_members/0',
  );
});

test("a group's modules decide which files may be shared with it", async () => {
  const g = await w.call('POST', '/storage/api/data/fgroups/', {
    ...as(olive),
    body: { name: `Payroll only ${randomUUID().slice(0, 6)}`, modules: ['payroll'], group_members: [sam.user] },
  });
  assert.equal(g.status, 201, g.text);
  const hrFile = await fileOf(olive, { module: 'hr' });
  assert.match(
    fieldError(await share(olive, { file_key: hrFile.key, shared_to_groups: [g.body.key] }), '/shared_to_groups/0'),
    /payroll/,
  );
  const payFile = await fileOf(olive, { module: 'payroll' });
  await shared(olive, { file_key: payFile.key, shared_to_groups: [g.body.key] });
  // Narrowed past a file shared with it: refused, naming the module.
  const narrowed = await w.call('PATCH', `/storage/api/data/fgroups/${g.body.key}`, {
    ...as(olive),
    body: { modules: ['hr'] },
  });
  assert.match(fieldError(narrowed, '/modules'), /payroll/);
});

test('shares are seen by their sender, the file owner, file managers and those they reach only', async () => {
  const f = await fileOf(olive);
  const k = await shared(olive, { file_key: f.key, shared_to_users: [sam.user] });
  const listed = async (who: Session) =>
    (await w.call('POST', '/storage/api/data/find/shares', { ...as(who), body: { limit: 500 } })).body.items.find(
      (x: { key: string }) => x.key === k,
    );
  assert.ok(await listed(olive));
  assert.ok(await listed(hank));
  const toSam = await listed(sam);
  assert.ok(toSam, 'the person it reaches sees that it is shared with them');
  assert.equal(toSam.data.shared_to_users, undefined, 'but not whom else');
  assert.equal(await listed(tess), undefined);
  assert.equal((await w.call('GET', `/storage/api/data/shares/${k}`, as(tess))).status, 403);
  const beta = await w.call('GET', `/storage/api/data/shares/${k}`, as(bo));
  assert.equal(beta.status, 404, beta.text);
});

test('the file deleted, its shares go with it; the largest share allowed is bounded', async () => {
  const f = await fileOf(olive);
  const k = await shared(olive, { file_key: f.key, shared_to_users: [sam.user] });
  assert.equal((await w.call('DELETE', `/storage/api/data/files/${f.key}`, as(olive))).status, 204);
  assert.equal((await w.call('GET', `/storage/api/data/shares/${k}`, as(olive))).status, 404);
  const g = await fileOf(olive);
  const many = Array.from({ length: 2001 }, () => randomUUID());
  fieldError(await share(olive, { file_key: g.key, shared_to_users: many }), '/shared_to_users');
});

test('what a file carries of its shares is the server’s: sent by its owner, it is kept as the shares say', async () => {
  const f = await fileOf(olive, { private: true });
  const r = await w.call('PATCH', `/storage/api/data/files/${f.key}`, {
    ...as(olive),
    body: { shared_to_users: [sam.user], publicly_shared: true },
  });
  assert.equal(r.status, 200, r.text);
  assert.equal((await reach(sam, f.key)).read, 403);
  assert.equal((await reach(tess, f.key)).read, 403);
  // Nor may anyone but the owner and file managers search who a file or a share reaches.
  const byRecipient = await w.call('POST', '/storage/api/data/find/shares', {
    ...as(sam),
    body: { criteria: [{ field: 'shared_to_users', is: 'contains', value: tess.user }] },
  });
  assert.equal(byRecipient.status, 400, byRecipient.text);
  // The server's own operator (a file shared with any of one's groups) is no client's.
  const overlaps = await w.call('POST', '/storage/api/data/find/files', {
    ...as(olive),
    body: { criteria: [{ field: 'owner_id', is: 'overlaps', value: [olive.user] }] },
  });
  assert.equal(overlaps.status, 400, overlaps.text);
  // A share without a file says so.
  assert.equal(fieldError(await share(olive, { shared_to_users: [sam.user] }), '/file_key'), 'File is required.');
  // Six shares of one file at once: each is kept, and the file carries them all.
  const g = await fileOf(olive);
  const all = await Promise.all(
    [sam, tess, hank, sam, tess, hank].map((who) => share(olive, { file_key: g.key, shared_to_users: [who.user] })),
  );
  assert.deepEqual(
    all.map((x) => x.status),
    [201, 201, 201, 201, 201, 201],
  );
  const carried = await w.call('GET', `/storage/api/data/files/${g.key}`, as(olive));
  assert.deepEqual([...carried.body.data.shared_to_users].sort(), [sam.user, tess.user, hank.user].sort());
});

test('a listed group is seen by everyone, its administrators read what is shared with it, a new upload stays shared, a file marked deleted is not', async () => {
  const g = await w.call('POST', '/storage/api/data/fgroups/', {
    ...as(olive),
    body: { name: `Everyone ${randomUUID().slice(0, 6)}`, group_admins: [tess.user], group_members: [] },
  });
  assert.equal(g.status, 201, g.text);
  const listed = await w.call('POST', '/storage/api/data/find/fgroups', { ...as(sam), body: { limit: 500 } });
  assert.ok(listed.body.items.some((x: { key: string }) => x.key === g.body.key));
  const f = await fileOf(olive);
  await shared(olive, { file_key: f.key, shared_to_groups: [g.body.key] });
  assert.equal((await reach(tess, f.key)).download, 200, 'an administrator, not a member, reads it');
  assert.equal((await reach(sam, f.key)).read, 403, 'seeing the group gives nothing');
  const again = await w.call('PUT', `/storage/api/files/files/${f.key}/content`, {
    ...as(olive),
    headers: { 'content-type': 'text/plain', 'x-file-name': 'numbers.txt' },
    rawBody: 'the second version\n',
  });
  assert.equal(again.status, 200, again.text);
  assert.equal((await reach(tess, f.key)).text, 'the second version\n');
  const gone = await w.call('PATCH', `/storage/api/data/files/${f.key}`, { ...as(olive), body: { deleted: true } });
  assert.equal(gone.status, 200, gone.text);
  assert.equal((await reach(tess, f.key)).read, 403);
  assert.match(
    fieldError(await share(olive, { file_key: f.key, shared_to_users: [sam.user] }), '/file_key'),
    /deleted/,
  );
});

test("a user deleted for good takes their files with them, the files' shares, and their place in file groups", async () => {
  const quinn = await signedInEmployee(w, 'Quinn');
  const f = await fileOf(quinn);
  const k = await shared(quinn, { file_key: f.key, shared_to_users: [sam.user] });
  assert.equal((await reach(sam, f.key)).download, 200);
  const g = await w.call('POST', '/storage/api/data/fgroups/', {
    ...as(olive),
    body: { name: `Payroll desk ${randomUUID().slice(0, 6)}`, group_members: [quinn.user, sam.user] },
  });
  assert.equal(g.status, 201, g.text);
  const mine = await w.call('POST', '/storage/api/data/fgroups/', {
    ...as(quinn),
    body: { name: `Quinn's own ${randomUUID().slice(0, 6)}`, group_members: [sam.user] },
  });
  assert.equal(mine.status, 201, mine.text);
  // Olive's files shared with Quinn: one with Sam too, one with Quinn alone.
  const both = await shared(olive, { file_key: (await fileOf(olive)).key, shared_to_users: [quinn.user, sam.user] });
  const alone = await shared(olive, { file_key: (await fileOf(olive)).key, shared_to_users: [quinn.user] });

  const superuser = await sudoInto(w, w.staff, w.acmeOrg);
  const account = await w.call('GET', `/auth/api/data/users/${quinn.user}`, as(w.admin));
  const gone = await w.call('POST', '/auth/api/delete_user', {
    ...as(superuser),
    body: { user_id: quinn.user, confirm_name: account.body.data.display_name },
  });
  assert.equal(gone.status, 200, gone.text);
  assert.ok(gone.body.removed.includes(`storage/files/${f.key}`), gone.text);

  const file = await w.call('GET', `/storage/api/data/files/${f.key}`, as(hank));
  assert.equal(file.status, 404, 'the file went with its owner');
  assert.equal((await reach(sam, f.key)).read, 404, 'nothing left shared');
  assert.equal((await w.call('GET', `/storage/api/data/shares/${k}`, as(hank))).status, 404, 'its share too');
  const group = await w.call('GET', `/storage/api/data/fgroups/${g.body.key}`, as(hank));
  assert.equal(group.status, 200, group.text);
  assert.deepEqual(group.body.data.group_members, [sam.user], 'no longer a member');
  const own = await w.call('GET', `/storage/api/data/fgroups/${mine.body.key}`, as(hank));
  assert.equal(own.status, 200, own.text);
  assert.deepEqual(own.body.data.group_admins, [], 'no longer its administrator; the group stays for its members');
  // Shares of others' files name them no more; one that gave only to them gives nothing, and goes.
  const still = await w.call('GET', `/storage/api/data/shares/${both}`, as(olive));
  assert.equal(still.status, 200, still.text);
  assert.deepEqual(still.body.data.shared_to_users, [sam.user]);
  assert.equal(
    (await w.call('GET', `/storage/api/data/shares/${alone}`, as(olive))).status,
    404,
    'a share giving nothing',
  );
});

test("the data API's DELETE of an account takes their files, bytes and all, as delete_user does", async () => {
  const onDisk = async () => {
    const base = path.join(w.server.dataDir, 'files', w.acmeOrg);
    const out: string[] = [];
    for (const sub of await readdir(base).catch(() => [] as string[]))
      out.push(...(await readdir(path.join(base, sub))));
    return new Set(out);
  };
  const uma = await signedInEmployee(w, 'Uma');
  const before = await onDisk();
  const f = await fileOf(uma);
  const k = await shared(uma, { file_key: f.key, shared_to_users: [sam.user] });
  const added = [...(await onDisk())].filter((b) => !before.has(b));
  assert.equal(added.length, 1, 'her file is stored');

  const superuser = await sudoInto(w, w.staff, w.acmeOrg);
  const gone = await w.call('DELETE', `/auth/api/data/users/${uma.user}`, as(superuser));
  assert.equal(gone.status, 204, gone.text);
  assert.equal((await w.call('GET', `/storage/api/data/files/${f.key}`, as(hank))).status, 404, 'the file went');
  assert.equal((await w.call('GET', `/storage/api/data/shares/${k}`, as(hank))).status, 404, 'its share too');
  assert.equal((await reach(sam, f.key)).read, 404);
  assert.ok(!(await onDisk()).has(added[0]), 'and its bytes');
});

test("an employee's menu offers her files, the shares and the file groups that concern her", async () => {
  const cat = await w.call('GET', '/auth/api/catalogue', as(tess));
  assert.equal(cat.status, 200, cat.text);
  const storage = Object.fromEntries(
    (cat.body as { module: string; type: string; can: Record<string, boolean> }[])
      .filter((e) => e.module === 'storage')
      .map((e) => [e.type, e.can]),
  );
  assert.equal(storage.files?.list, true, `files in ${cat.text}`);
  assert.equal(storage.files?.create, true, 'she keeps files of her own');
  assert.equal(storage.shares?.list, true);
  assert.equal(storage.shares?.create, true);
  assert.equal(storage.fgroups?.list, true);
});
